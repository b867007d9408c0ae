// How a browser lets a video go fullscreen: the Fullscreen API on an element (desktop, Android,
// iPad), or only the video's own player (iPhone Safari, which has no requestFullscreen at all).

/** WebKit's video-only fullscreen, which TypeScript's DOM types leave out. */
export interface WebKitVideoElement extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
  webkitExitFullscreen?: () => void;
  readonly webkitDisplayingFullscreen?: boolean;
}

/**
 * `element`: `requestFullscreen()`, answered by `fullscreenchange`. `video`: the video's own
 * fullscreen player, entered by playing it without `playsinline` and left with
 * `webkitendfullscreen`. `none`: the video plays where it is.
 */
export type FullscreenWay = 'element' | 'video' | 'none';

export function fullscreenWay(video: WebKitVideoElement): FullscreenWay {
  // Chromium has both: the element's own API comes first, as it always has on desktop.
  if (typeof video.requestFullscreen === 'function') return 'element';
  if (typeof video.webkitEnterFullscreen === 'function') return 'video';
  return 'none';
}
