// The attach control: what it keeps, shows and refuses of what preparation returns. jsdom decodes
// no image, so preparePhoto is a stand-in here (e2e/photos.spec.ts checks the real one).
import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowConsoleError } from '../../../../jest/consoleGuard';
import { VIDEO_REFUSAL_MESSAGES, VideoRefusedError } from '@/api/contract/videoLocation';
import { MediaPicker, type AttachedMedia } from './MediaPicker';
import { preparePhoto } from './preparePhoto';
import { prepareVideo } from './prepareVideo';
import { VIDEO_READ_TIMEOUT_MS, readVideo } from './videoThumbnail';

jest.mock('./preparePhoto', () => ({ preparePhoto: jest.fn() }));
const prepare = jest.mocked(preparePhoto);
// jsdom reads no video: prepareVideo is a stand-in too (prepareVideo.test.ts and e2e check it).
jest.mock('./prepareVideo', () => ({ prepareVideo: jest.fn() }));
// The real reader, unless a test says what it read.
jest.mock('./videoThumbnail', () => ({
  ...jest.requireActual<object>('./videoThumbnail'),
  readVideo: jest.fn(),
}));
const { readVideo: realReadVideo } =
  jest.requireActual<typeof import('./videoThumbnail')>('./videoThumbnail');

const TRY_AGAIN = 'Something went wrong. Please try again.';
const picked = (name: string, type = 'image/jpeg') =>
  new File([new Uint8Array(40 * 1024)], name, { type });
/** What the stand-in makes of a picked photo: a small JPEG named after it. */
let made: File[];
const preparedOf = (file: File) => {
  const prepared = new File([`prepared ${file.name}`], file.name.replace(/\.png$/, '.jpg'), {
    type: 'image/jpeg',
  });
  made.push(prepared);
  return prepared;
};

beforeEach(() => {
  made = [];
  prepare.mockReset();
  jest.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  prepare.mockImplementation((file) => Promise.resolve(preparedOf(file)));
  jest.mocked(readVideo).mockReset().mockImplementation(realReadVideo);
});

afterEach(() => jest.restoreAllMocks());

function renderPicker(userOptions: Parameters<typeof userEvent.setup>[0] = {}) {
  const changes: AttachedMedia[][] = [];
  const busy: boolean[] = [];
  function Harness() {
    const [media, setMedia] = useState<AttachedMedia[]>([]);
    return (
      <MediaPicker
        value={media}
        onChange={(next) => {
          changes.push(next);
          setMedia(next);
        }}
        onBusyChange={(working) => busy.push(working)}
      />
    );
  }
  render(<Harness />);
  return { changes, busy, user: userEvent.setup({ applyAccept: false, ...userOptions }) };
}

const picker = () => screen.getByLabelText('Attach photos or a video');
const keptNames = (changes: AttachedMedia[][]) => changes.at(-1)!.map((item) => item.file.name);

describe('MediaPicker preparing photos', () => {
  // Shown under the picked name, previewed and sent as the prepared copy: e2e/photos.spec.ts.
  it('keeps the prepared photo to send, the rules describing the pick, and never prepares it again', async () => {
    const { changes, user } = renderPicker();
    const card = picked('card.png', 'image/png');
    await user.upload(picker(), card);
    await screen.findByRole('img', { name: 'card.png' });
    const [item] = changes.at(-1)!;
    expect(item?.file.file).toBe(made[0]);
    expect(item?.file).toEqual(
      expect.objectContaining({ name: 'card.png', type: 'image/png', size: card.size }),
    );
    await user.upload(picker(), picked('second.jpg'));
    await screen.findByRole('img', { name: 'second.jpg' });
    expect(prepare.mock.calls.map(([file]) => file.name)).toEqual(['card.png', 'second.jpg']);
  });

  it('says it is preparing, with the input disabled, until every photo is ready', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    prepare.mockImplementation(async (file) => {
      await held;
      return preparedOf(file);
    });
    const { user } = renderPicker();
    await user.upload(picker(), [picked('a.jpg'), picked('b.jpg')]);
    expect(await screen.findByRole('status')).toHaveTextContent('Preparing your files...');
    expect(picker()).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(picker()).toBeEnabled();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('prepares one photo at a time, in the order picked', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    prepare.mockImplementation(async (file) => {
      running += 1;
      most = Math.max(most, running);
      order.push(file.name);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return preparedOf(file);
    });
    const { changes, user } = renderPicker();
    await user.upload(picker(), [picked('1.jpg'), picked('2.jpg'), picked('3.jpg')]);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(most).toBe(1);
    expect(order).toEqual(['1.jpg', '2.jpg', '3.jpg']);
    expect(keptNames(changes)).toEqual(['1.jpg', '2.jpg', '3.jpg']);
  });

  it('shows the rules’ messages beside the try-again one, and prepares only kept photos', async () => {
    allowConsoleError(/Could not prepare the photo/);
    prepare.mockRejectedValue(new DOMException('The source image could not be decoded.'));
    const { user } = renderPicker();
    const tiny = new File([new Uint8Array(1024)], 'tiny.jpg', { type: 'image/jpeg' });
    await user.upload(picker(), [tiny, picked('broken.jpg')]);
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(TRY_AGAIN));
    expect(alert).toHaveTextContent(
      'Some images were not uploaded due to size restrictions (25KB to 5mb).',
    );
    expect(prepare.mock.calls.map(([file]) => file.name)).toEqual(['broken.jpg']);
    expect(screen.queryByRole('list', { name: 'Attached media' })).not.toBeInTheDocument();
  });
});

describe('MediaPicker reading a video', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives up on a video that never loads after 10 s: says so, attaches nothing, and is ready again', async () => {
    // jsdom's <video> never loads, as a browser's waiting for bytes; its load() says so.
    allowConsoleError(/Not implemented: HTMLMediaElement/);
    const { changes, busy, user } = renderPicker({ advanceTimers: jest.advanceTimersByTime });
    await user.upload(picker(), picked('stuck.mp4', 'video/mp4'));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Preparing your files...');
    expect(picker()).toBeDisabled();
    expect(busy).toEqual([true]);

    await act(() => jest.advanceTimersByTimeAsync(VIDEO_READ_TIMEOUT_MS - 1));
    expect(status).toBeInTheDocument();
    expect(picker()).toBeDisabled();

    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This video took too long to open. Please try again or choose another one.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(picker()).toBeEnabled();
    expect(busy).toEqual([true, false]);
    expect(changes.at(-1)).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Attached media' })).not.toBeInTheDocument();
  });
});

describe('MediaPicker preparing a video', () => {
  const video = () =>
    new File([new Uint8Array(64 * 1024)], 'IMG_0042.mov', { type: 'video/quicktime' });
  const poster = new Blob(['poster'], { type: 'image/jpeg' });

  beforeEach(() => {
    jest.mocked(prepareVideo).mockReset();
    jest.mocked(readVideo).mockResolvedValue({ durationSeconds: 5, thumbnail: poster });
  });

  it('keeps the copy without location as the file to send, its poster read from that copy', async () => {
    const prepared = new File(['no location'], 'IMG_0042.mov', { type: 'video/quicktime' });
    jest.mocked(prepareVideo).mockResolvedValue(prepared);
    const { changes, user } = renderPicker();
    const picked = video();
    await user.upload(picker(), picked);
    await screen.findByRole('img', { name: 'Video IMG_0042.mov' });
    expect(prepareVideo).toHaveBeenCalledWith(picked);
    const [item] = changes.at(-1)!;
    expect(item!.file.file).toBe(prepared);
    expect(item!.file).toEqual(
      expect.objectContaining({ name: 'IMG_0042.mov', size: picked.size }),
    );
    expect(item!.file.thumbnail).toBe(poster);
    expect(readVideo).toHaveBeenCalledWith(prepared);
  });

  it('never sends the original of a video it could not read: left out, try again', async () => {
    allowConsoleError(/Could not prepare the video/);
    jest.mocked(prepareVideo).mockRejectedValue(new DOMException('The file could not be read.'));
    const { changes, user } = renderPicker();
    await user.upload(picker(), video());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(TRY_AGAIN));
    expect(changes.at(-1)).toEqual([]);
  });

  it("leaves out a video the location rule refuses, with the rule's words, not try again", async () => {
    jest.mocked(prepareVideo).mockRejectedValue(new VideoRefusedError('too-many-parts'));
    const { changes, user } = renderPicker();
    await user.upload(picker(), video());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(VIDEO_REFUSAL_MESSAGES['too-many-parts']),
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(TRY_AGAIN);
    expect(changes.at(-1)).toEqual([]);
    expect(picker()).toBeEnabled();
    // Refused before the player opens it: millions of boxes take a phone's player seconds (issue 50).
    expect(readVideo).not.toHaveBeenCalled();
  });
});
