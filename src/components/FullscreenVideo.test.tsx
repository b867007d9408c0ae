import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fluidImage, GALLERY_CELL_SLOT, IMAGE_ROUTE } from '../config/images';
import { setEmulatorBuildConfig } from '../testing/emulatedPage';
import { FullscreenVideo } from './FullscreenVideo';

const VIDEO = 'https://media.test/uploads/clip.mp4';
const THUMBNAIL = 'https://media.test/uploads/clip.jpg';

beforeAll(() => setEmulatorBuildConfig({ apiBaseUrl: 'https://api.test/api', guestToken: 't' }));

// jsdom plays no media: play() and pause() stand in for the browser's, and report their calls.
let play: jest.SpyInstance;
beforeEach(() => {
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// jsdom has no fullscreen at all: a test gives the video the browser's API it plays.
const FULLSCREEN_API = [
  'requestFullscreen',
  'webkitEnterFullscreen',
  'webkitExitFullscreen',
  'webkitDisplayingFullscreen',
];
function withFullscreenApi(api: Record<string, ((this: never) => unknown) | PropertyDescriptor>) {
  for (const [name, member] of Object.entries(api)) {
    const descriptor = typeof member === 'function' ? { value: member } : member;
    Object.defineProperty(HTMLVideoElement.prototype, name, { ...descriptor, configurable: true });
  }
}
afterEach(() => {
  for (const name of FULLSCREEN_API) Reflect.deleteProperty(HTMLVideoElement.prototype, name);
  Reflect.deleteProperty(document, 'fullscreenElement');
});

const video = () => screen.getByLabelText<HTMLVideoElement>('Video 3');
const playButton = () => screen.getByRole('button', { name: 'Play Video 3' });
const queryPlayButton = () => screen.queryByRole('button', { name: 'Play Video 3' });

function renderVideo({ withPoster = false, src = VIDEO } = {}) {
  const poster = withPoster ? fluidImage(THUMBNAIL, GALLERY_CELL_SLOT) : undefined;
  render(<FullscreenVideo src={src} mimeType="video/mp4" label="Video 3" poster={poster} />);
  return { user: userEvent.setup(), srcSet: poster?.srcSet };
}

/** The address the video element would download: its src, or its <source>'s. */
const videoSource = () =>
  // eslint-disable-next-line testing-library/no-node-access -- a <source> is not UI: what it names is what downloads
  video().getAttribute('src') ?? video().querySelector('source')?.getAttribute('src') ?? null;

describe('FullscreenVideo', () => {
  it('shows its poster through the image endpoint, downloads nothing until Play, then plays and keeps its source', async () => {
    const { user, srcSet } = renderVideo({ withPoster: true });
    const poster = screen.getByRole('presentation');
    expect(srcSet).toContain(`${IMAGE_ROUTE}?url=${encodeURIComponent(THUMBNAIL)}&w=`);
    expect(poster).toHaveAttribute('srcset', srcSet);
    expect(poster).toHaveAttribute('sizes', GALLERY_CELL_SLOT.sizes);
    // A gallery cell never needs a copy wider than 640 px.
    expect(GALLERY_CELL_SLOT.largest).toBeLessThanOrEqual(640);
    expect(poster).toHaveAttribute('loading', 'lazy');

    expect(video()).toHaveAttribute('preload', 'none');
    expect(videoSource()).toBeNull();
    expect(playButton()).toBeInTheDocument();

    // The source was in place when play() was called, or the browser would have nothing to play.
    let sourceWhenPlayed: string | null = null;
    play.mockImplementation(() => {
      sourceWhenPlayed = videoSource();
      return Promise.resolve();
    });

    await user.click(playButton());
    expect(play).toHaveBeenCalledTimes(1);
    expect(sourceWhenPlayed).toBe(VIDEO);
    expect(video()).toHaveAttribute('controls');
    expect(queryPlayButton()).not.toBeInTheDocument();

    // Paused (or ended, or fullscreen left): back to the poster and its button (e2e/feed.spec.ts,
    // e2e/gallery.spec.ts, with the source's type), the source kept.
    fireEvent(video(), new Event('pause'));
    expect(video()).not.toHaveAttribute('controls');
    expect(videoSource()).toBe(VIDEO);
  });

  it('without a poster is a dark box with its button, downloads nothing, and plays a path the API names from the API’s origin', async () => {
    const { user } = renderVideo({ src: '/media/seed/clip.mp4' });
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(video()).toHaveAttribute('preload', 'none');
    expect(videoSource()).toBeNull();

    await user.click(playButton());
    expect(videoSource()).toBe('https://api.test/media/seed/clip.mp4');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('goes fullscreen before playing where the element can', async () => {
    const calls: string[] = [];
    let fullscreen: Element | null = null;
    play.mockImplementation(function (this: HTMLVideoElement) {
      calls.push(`play, playsinline ${this.hasAttribute('playsinline')}`);
      return Promise.resolve();
    });
    withFullscreenApi({
      requestFullscreen() {
        calls.push('requestFullscreen');
        fullscreen = video();
        return Promise.resolve();
      },
    });
    Object.defineProperty(document, 'fullscreenElement', {
      get: () => fullscreen,
      configurable: true,
    });
    const { user } = renderVideo();

    await user.click(playButton());
    expect(calls).toEqual(['requestFullscreen', 'play, playsinline true']);
  });

  describe("on an iPhone (the video's own fullscreen player only)", () => {
    let enterFullscreen: jest.Mock;
    let exitFullscreen: jest.Mock;
    let displaying: boolean;
    beforeEach(() => {
      displaying = false;
      [enterFullscreen, exitFullscreen] = [jest.fn(), jest.fn()];
      withFullscreenApi({
        webkitEnterFullscreen: enterFullscreen,
        webkitExitFullscreen: exitFullscreen,
        webkitDisplayingFullscreen: { get: () => displaying },
      });
    });

    it('plays without playsinline within the tap, so that iOS opens its player', async () => {
      let whenPlayed: { playsInline: boolean; source: string | null } | null = null;
      play.mockImplementation(function (this: HTMLVideoElement) {
        whenPlayed = { playsInline: this.hasAttribute('playsinline'), source: videoSource() };
        return Promise.resolve();
      });
      const { user } = renderVideo();
      // Before the tap it is the held video, as the server rendered it.
      expect(video()).toHaveAttribute('playsinline');

      await user.click(playButton());
      expect(whenPlayed).toEqual({ playsInline: false, source: VIDEO });
      // webkitEnterFullscreen() would throw at the tap: no metadata yet (preload="none").
      expect(enterFullscreen).not.toHaveBeenCalled();
    });

    it('leaves the player when the video ends inside it', async () => {
      const { user } = renderVideo();
      await user.click(playButton());
      displaying = true;
      fireEvent(video(), new Event('ended'));
      expect(exitFullscreen).toHaveBeenCalledTimes(1);
      expect(playButton()).toBeInTheDocument();
    });
  });

  it('comes back to its button when the browser refuses to play', async () => {
    play.mockRejectedValue(new DOMException('refused', 'NotAllowedError'));
    const { user } = renderVideo();
    await user.click(playButton());
    expect(await screen.findByRole('button', { name: 'Play Video 3' })).toBeInTheDocument();
  });
});
