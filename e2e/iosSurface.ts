// iPhone Safari's video fullscreen rules, as an init script for Chromium (iphone-video.spec.ts),
// after WebKit's iOS code (HTMLVideoElement.cpp, MediaElementSession.cpp, HTMLMediaElement.cpp).

export type IosLeave = 'done' | 'pinch';

declare global {
  interface Window {
    /** The guest closes iOS's fullscreen player: Done (pauses the video) or a pinch (does not). */
    __iosLeaveFullscreen?: (how?: IosLeave) => void;
  }
}

/** The init script. Self-contained: Playwright sends its source to the page. */
export function iosSurface(): void {
  const elementOnly = [
    'requestFullscreen',
    'webkitRequestFullscreen',
    'webkitRequestFullScreen',
    'onfullscreenchange',
    'onfullscreenerror',
    'onwebkitfullscreenchange',
    'onwebkitfullscreenerror',
  ];
  const documentOnly = [
    'exitFullscreen',
    'fullscreenElement',
    'fullscreenEnabled',
    'fullscreen',
    'webkitExitFullscreen',
    'webkitCancelFullScreen',
    'webkitFullscreenElement',
    'webkitCurrentFullScreenElement',
    'webkitFullscreenEnabled',
    'webkitIsFullScreen',
    'onfullscreenchange',
    'onfullscreenerror',
    'onwebkitfullscreenchange',
    'onwebkitfullscreenerror',
  ];
  // No element fullscreen on an iPhone (WebKit's FULLSCREEN_API is off): only a video's player.
  for (const name of elementOnly) Reflect.deleteProperty(Element.prototype, name);
  for (const name of documentOnly) {
    Reflect.deleteProperty(Document.prototype, name);
    Reflect.deleteProperty(ShadowRoot.prototype, name);
  }

  const invalidState = () =>
    new DOMException('The object is in an invalid state.', 'InvalidStateError');
  const notAllowed = () =>
    new DOMException(
      'The request is not allowed by the user agent or the platform in the current context, possibly because the user denied permission.',
      'NotAllowedError',
    );
  // Chromium's user activation stands in for WebKit's gesture.
  const inGesture = () => navigator.userActivation.isActive;
  // Modes switch in a task of their own, away from the page's timers (a test may stop its clock).
  const task = (run: () => void) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => run();
    channel.port2.postMessage(null);
  };

  const displaying = new WeakSet<HTMLVideoElement>();
  const changing = new WeakSet<HTMLVideoElement>();
  // Left by a pinch while playing: plays on inline until paused (isTemporarilyAllowingInline...).
  const inlineAfterFullscreen = new WeakSet<HTMLVideoElement>();
  let shown: HTMLVideoElement | null = null;
  const playerStyle: Record<string, string> = {
    position: 'fixed',
    inset: '0',
    width: '100vw',
    height: '100vh',
    'max-width': 'none',
    'max-height': 'none',
    margin: '0',
    padding: '0',
    border: '0',
    'object-fit': 'contain',
    background: '#000',
  };

  // Without `playsinline`, play() enters fullscreen, and is refused outside a gesture.
  const requiresFullscreen = (video: HTMLVideoElement) =>
    !video.hasAttribute('playsinline') && !inlineAfterFullscreen.has(video);

  // The player is the video itself, in the top layer, so a screenshot shows what the guest sees.
  function enter(video: HTMLVideoElement) {
    changing.add(video);
    task(() => {
      changing.delete(video);
      if (!video.isConnected) return;
      displaying.add(video);
      shown = video;
      // CSSOM, not a style sheet: the page's Content-Security-Policy allows no inline <style>.
      for (const [name, value] of Object.entries(playerStyle))
        video.style.setProperty(name, value, 'important');
      video.popover = 'manual';
      video.showPopover();
      video.dispatchEvent(new Event('webkitbeginfullscreen'));
    });
  }

  function exit(video: HTMLVideoElement, how: IosLeave | 'script') {
    changing.add(video);
    task(() => {
      changing.delete(video);
      displaying.delete(video);
      if (shown === video) shown = null;
      if (video.matches(':popover-open')) video.hidePopover();
      video.removeAttribute('popover');
      for (const name of Object.keys(playerStyle)) video.style.removeProperty(name);
      if (video.getAttribute('style') === '') video.removeAttribute('style');
      if (how !== 'done' && !video.paused) inlineAfterFullscreen.add(video);
      video.dispatchEvent(new Event('webkitendfullscreen'));
      if (how === 'done') video.pause();
    });
  }

  document.addEventListener(
    'pause',
    (event) => {
      if (event.target instanceof HTMLVideoElement) inlineAfterFullscreen.delete(event.target);
    },
    true,
  );

  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function iosPlay(this: HTMLMediaElement) {
    if (
      this instanceof HTMLVideoElement &&
      requiresFullscreen(this) &&
      !displaying.has(this) &&
      !changing.has(this)
    ) {
      if (!inGesture()) return Promise.reject(notAllowed());
      enter(this);
    }
    return play.call(this);
  };

  function webkitEnterFullscreen(this: HTMLVideoElement) {
    if (displaying.has(this)) return;
    // Only in a gesture, on a video whose metadata is in (not `preload="none"` at the tap).
    if (!inGesture() || this.readyState < HTMLMediaElement.HAVE_METADATA || changing.has(this))
      throw invalidState();
    enter(this);
  }
  function webkitExitFullscreen(this: HTMLVideoElement) {
    if (displaying.has(this) && !changing.has(this)) exit(this, 'script');
  }
  const video = HTMLVideoElement.prototype;
  for (const [name, value] of [
    ['webkitEnterFullscreen', webkitEnterFullscreen],
    ['webkitEnterFullScreen', webkitEnterFullscreen],
    ['webkitExitFullscreen', webkitExitFullscreen],
    ['webkitExitFullScreen', webkitExitFullscreen],
  ] as const) {
    Object.defineProperty(video, name, { value, configurable: true, writable: true });
  }
  Object.defineProperty(video, 'webkitDisplayingFullscreen', {
    configurable: true,
    get(this: HTMLVideoElement) {
      return displaying.has(this);
    },
  });
  Object.defineProperty(video, 'webkitSupportsFullscreen', {
    configurable: true,
    get(this: HTMLVideoElement) {
      return this.readyState >= HTMLMediaElement.HAVE_METADATA;
    },
  });

  // The guest closes the player: Done pauses the video, a pinch leaves it playing inline.
  window.__iosLeaveFullscreen = (how = 'done') => {
    if (!shown || changing.has(shown)) throw new Error('No video is showing fullscreen');
    exit(shown, how);
  };
}
