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

const video = () => screen.getByLabelText<HTMLVideoElement>('Video 3');
/** The address the video element would download: its src, or its <source>'s. */
const videoSource = () =>
  // eslint-disable-next-line testing-library/no-node-access -- a <source> is not UI: what it names is what downloads
  video().getAttribute('src') ?? video().querySelector('source')?.getAttribute('src') ?? null;

describe('FullscreenVideo', () => {
  it('shows its poster through the image endpoint and downloads nothing of the video', () => {
    render(
      <FullscreenVideo
        src={VIDEO}
        mimeType="video/mp4"
        label="Video 3"
        poster={fluidImage(THUMBNAIL, GALLERY_CELL_SLOT)}
      />,
    );
    const poster = screen.getByRole('presentation');
    const candidates = poster.getAttribute('srcset')!.split(', ');
    expect(candidates.length).toBeGreaterThan(1);
    for (const candidate of candidates) {
      const url = new URL(candidate.split(' ')[0]!, 'https://page.test');
      expect(url.pathname).toBe(IMAGE_ROUTE);
      expect(url.searchParams.get('url')).toBe(THUMBNAIL);
      // A gallery cell never needs a copy wider than 640 px.
      expect(Number(url.searchParams.get('w'))).toBeLessThanOrEqual(640);
    }
    expect(poster).toHaveAttribute('sizes', GALLERY_CELL_SLOT.sizes);
    expect(poster).toHaveAttribute('loading', 'lazy');

    expect(video()).toHaveAttribute('preload', 'none');
    expect(videoSource()).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Video 3' })).toBeInTheDocument();
  });

  it('inserts the source when Play is pressed, plays it, and keeps it after stopping', async () => {
    const user = userEvent.setup();
    render(
      <FullscreenVideo
        src={VIDEO}
        mimeType="video/mp4"
        label="Video 3"
        poster={fluidImage(THUMBNAIL, GALLERY_CELL_SLOT)}
      />,
    );
    // The source was in place when play() was called, or the browser would have nothing to play.
    let sourceWhenPlayed: string | null = null;
    play.mockImplementation(() => {
      sourceWhenPlayed = videoSource();
      return Promise.resolve();
    });

    await user.click(screen.getByRole('button', { name: 'Play Video 3' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(sourceWhenPlayed).toBe(VIDEO);
    // eslint-disable-next-line testing-library/no-node-access -- a <source> is not UI: its type tells the browser whether it can play it
    expect(video().querySelector('source')).toHaveAttribute('type', 'video/mp4');
    expect(video()).toHaveAttribute('controls');
    expect(screen.queryByRole('button', { name: 'Play Video 3' })).not.toBeInTheDocument();

    // Paused (or ended, or fullscreen left): back to the poster and its button, source kept.
    fireEvent(video(), new Event('pause'));
    expect(screen.getByRole('button', { name: 'Play Video 3' })).toBeInTheDocument();
    expect(video()).not.toHaveAttribute('controls');
    expect(videoSource()).toBe(VIDEO);
  });

  it('plays a video the API names by path from the API’s origin, as its pictures are', async () => {
    const user = userEvent.setup();
    render(<FullscreenVideo src="/media/seed/clip.mp4" mimeType="video/mp4" label="Video 3" />);
    await user.click(screen.getByRole('button', { name: 'Play Video 3' }));
    expect(videoSource()).toBe('https://api.test/media/seed/clip.mp4');
  });

  it('without a poster is a dark box with its button, and still downloads nothing', async () => {
    const user = userEvent.setup();
    render(<FullscreenVideo src={VIDEO} mimeType="video/mp4" label="Video 3" />);
    expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
    expect(video()).toHaveAttribute('preload', 'none');
    expect(videoSource()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play Video 3' }));
    expect(videoSource()).toBe(VIDEO);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('comes back to its button when the browser refuses to play', async () => {
    const user = userEvent.setup();
    play.mockRejectedValue(new DOMException('refused', 'NotAllowedError'));
    render(<FullscreenVideo src={VIDEO} mimeType="video/mp4" label="Video 3" />);
    await user.click(screen.getByRole('button', { name: 'Play Video 3' }));
    expect(await screen.findByRole('button', { name: 'Play Video 3' })).toBeInTheDocument();
  });
});
