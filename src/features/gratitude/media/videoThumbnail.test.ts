import fc from 'fast-check';
import {
  POSTER_TIMES_SECONDS,
  VIDEO_READ_TIMEOUT_MS,
  VideoReadTimeoutError,
  findPosterFrame,
  posterTimes,
  readVideo,
  showFrameAt,
  thumbnailSize,
  withTimeout,
} from './videoThumbnail';

describe('thumbnailSize', () => {
  it.each([
    [1920, 1080, { width: 300, height: 169 }],
    [300, 300, { width: 300, height: 300 }],
    [301, 10, { width: 300, height: 10 }],
    [10000, 1, { width: 300, height: 1 }],
    [0, 0, { width: 1, height: 1 }],
    [Number.NaN, 480, { width: 1, height: 300 }],
  ])('fits %p x %p into %p', (width, height, expected) => {
    expect(thumbnailSize(width, height)).toEqual(expected);
  });

  it('honours a smaller box', () => {
    expect(thumbnailSize(640, 480, 100)).toEqual({ width: 100, height: 75 });
  });

  const side = fc.integer({ min: 1, max: 10000 });

  it('always fits within the box, as whole numbers of at least 1', () => {
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 1000 }), (width, height, max) => {
        const size = thumbnailSize(width, height, max);
        expect(Number.isInteger(size.width) && Number.isInteger(size.height)).toBe(true);
        expect(size.width).toBeGreaterThanOrEqual(1);
        expect(size.height).toBeGreaterThanOrEqual(1);
        expect(size.width).toBeLessThanOrEqual(max);
        expect(size.height).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('never upscales, and keeps a source that already fits', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const size = thumbnailSize(width, height);
        expect(size.width).toBeLessThanOrEqual(width);
        expect(size.height).toBeLessThanOrEqual(height);
        if (width <= 300 && height <= 300) expect(size).toEqual({ width, height });
      }),
    );
  });

  it('touches the box with its longer side when scaling down', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        fc.pre(width > 300 || height > 300);
        const size = thumbnailSize(width, height);
        expect(Math.max(size.width, size.height)).toBe(300);
      }),
    );
  });

  it('scales both sides by the same factor, within half a pixel of rounding', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const size = thumbnailSize(width, height);
        const scale = Math.min(1, 300 / width, 300 / height);
        expect(Math.abs(size.width - Math.max(1, width * scale))).toBeLessThanOrEqual(0.5);
        expect(Math.abs(size.height - Math.max(1, height * scale))).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('posterTimes', () => {
  it.each([
    [20, [0.1, 0.5, 1, 2, 4]],
    // A short video: up to its end, each time once.
    [1.5, [0.1, 0.5, 1, 1.5]],
    [0.05, [0.05]],
    [0, [0]],
    // Unknown duration: every time.
    [Number.NaN, POSTER_TIMES_SECONDS],
  ])('for a video of %p s tries 0.1 s, then later frames: %p', (duration, times) => {
    expect(posterTimes(duration)).toEqual([...times]);
  });
});

describe('findPosterFrame', () => {
  /** Shows frames from a film whose frames at the times in `blank` are blank. */
  function film(blank: readonly number[]) {
    const shown: number[] = [];
    return {
      shown,
      showFrameAt: (seconds: number) => {
        shown.push(seconds);
        return Promise.resolve();
      },
      isShownFrameBlank: () => blank.includes(shown.at(-1)!),
    };
  }

  const times = posterTimes(30);
  it.each([
    ['the first frame when it is not blank', [], [0.1]],
    ['the first frame not blank, trying them in order', [0.1, 0.5], [0.1, 0.5, 1]],
    ['the last frame when every one is blank (a black video, a black poster)', times, times],
  ])('keeps %s', async (_, blank, shownFrames) => {
    const { shown, showFrameAt, isShownFrameBlank } = film(blank);
    expect(await findPosterFrame(times, showFrameAt, isShownFrameBlank)).toBe(shownFrames.at(-1));
    expect(shown).toEqual(shownFrames);
  });

  it('stops on a frame that cannot be shown', async () => {
    const showFrameAt = jest.fn().mockRejectedValueOnce(new Error('The video could not be read.'));
    await expect(findPosterFrame([0.1, 0.5], showFrameAt, () => true)).rejects.toThrow(
      'The video could not be read.',
    );
    expect(showFrameAt).toHaveBeenCalledTimes(1);
  });
});

/** A stand-in <video>: records seeks and frame requests; the test fires its events. */
class FakeVideo extends EventTarget {
  seeks: number[] = [];
  readyState = 1;
  frameCallbacks = new Map<number, VideoFrameRequestCallback>();
  private nextRequest = 1;

  constructor(withFrameCallbacks: boolean) {
    super();
    if (!withFrameCallbacks) {
      this.requestVideoFrameCallback = undefined;
      this.cancelVideoFrameCallback = undefined;
    }
  }

  get currentTime() {
    return this.seeks.at(-1) ?? 0;
  }

  set currentTime(seconds: number) {
    this.seeks.push(seconds);
  }

  requestVideoFrameCallback?: (callback: VideoFrameRequestCallback) => number = (callback) => {
    const id = this.nextRequest++;
    this.frameCallbacks.set(id, callback);
    return id;
  };

  cancelVideoFrameCallback?: (id: number) => void = (id) => {
    this.frameCallbacks.delete(id);
  };

  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }

  presentFrame() {
    const callbacks = [...this.frameCallbacks.values()];
    this.frameCallbacks.clear();
    for (const callback of callbacks) {
      callback(0, {} as VideoFrameCallbackMetadata);
    }
  }
}

/** Whether `promise` has settled once pending callbacks ran. */
async function isSettled(promise: Promise<unknown>) {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

describe('showFrameAt', () => {
  const show = (withFrameCallbacks: boolean, seconds: number) => {
    const video = new FakeVideo(withFrameCallbacks);
    return { video, shown: showFrameAt(video, seconds) };
  };

  describe('with requestVideoFrameCallback', () => {
    it('asks for the frame before seeking, and waits for both seeked and the frame', async () => {
      const { video, shown } = show(true, 0.5);
      expect(video.seeks).toEqual([0.5]);
      expect(video.frameCallbacks.size).toBe(1);
      // Safari: 'seeked' before the frame is decoded, even with readyState saying it is there.
      video.readyState = 4;
      video.fire('seeked');
      expect(await isSettled(shown)).toBe(false);
      video.presentFrame();
      await expect(shown).resolves.toBeUndefined();
    });

    it('takes a frame presented before seeked (as Chromium may), once seeked comes', async () => {
      const { video, shown } = show(true, 1);
      video.presentFrame();
      expect(await isSettled(shown)).toBe(false);
      video.fire('seeked');
      await expect(shown).resolves.toBeUndefined();
    });

    it('rejects on the element’s error and cancels its frame request', async () => {
      const { video, shown } = show(true, 0.1);
      video.fire('error');
      await expect(shown).rejects.toThrow('The video could not be read.');
      expect(video.frameCallbacks.size).toBe(0);
    });
  });

  describe('without it', () => {
    it('resolves at seeked when the current frame is there', async () => {
      const { video, shown } = show(false, 0.1);
      video.readyState = 2;
      video.fire('seeked');
      await expect(shown).resolves.toBeUndefined();
    });

    it('after seeked with only the metadata (an iPhone before a tap), waits for the data', async () => {
      const { video, shown } = show(false, 0.1);
      video.fire('seeked');
      expect(await isSettled(shown)).toBe(false);
      video.fire('progress');
      expect(await isSettled(shown)).toBe(false);
      video.readyState = 2;
      video.fire('loadeddata');
      await expect(shown).resolves.toBeUndefined();
    });

    it('does not take data that came before the seek ended', async () => {
      const { video, shown } = show(false, 2);
      video.readyState = 4;
      video.fire('canplay');
      expect(await isSettled(shown)).toBe(false);
      video.fire('seeked');
      await expect(shown).resolves.toBeUndefined();
    });
  });
});

describe('the time limit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('withTimeout passes on what settles in time, and leaves no timer behind', async () => {
    await expect(withTimeout(Promise.resolve('read'), VIDEO_READ_TIMEOUT_MS)).resolves.toBe('read');
    await expect(withTimeout(Promise.reject(new Error('bad')), 10)).rejects.toThrow('bad');
    expect(jest.getTimerCount()).toBe(0);
  });
});

/** The detached <video> readVideo makes: it loads only as the test says, and counts listeners. */
class StubVideo extends FakeVideo {
  muted = false;
  playsInline = false;
  preload = '';
  src = '';
  duration = 20;
  videoWidth = 640;
  videoHeight = 360;
  readonly listening = new Set<string>();

  override addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject | null,
    options?: AddEventListenerOptions | boolean,
  ) {
    this.listening.add(type);
    super.addEventListener(type, listener, options);
    // A listener for one event goes once it has heard it.
    if (typeof options === 'object' && options.once) {
      super.addEventListener(type, () => this.listening.delete(type), { once: true });
    }
  }

  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null) {
    this.listening.delete(type);
    super.removeEventListener(type, listener);
  }

  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }

  load() {}
}

describe('readVideo giving up', () => {
  let video: StubVideo;
  let created: jest.SpyInstance;
  let revoked: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    video = new StubVideo(true);
    const create = document.createElement.bind(document);
    jest
      .spyOn(document, 'createElement')
      .mockImplementation((tag: string) =>
        tag === 'video' ? (video as unknown as HTMLVideoElement) : create(tag),
      );
    created = jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:stuck');
    revoked = jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // A canvas to draw the poster on (jsdom has none): every frame it is shown is blank.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: () => undefined,
      getImageData: (_x: number, _y: number, width: number, height: number) => ({
        data: new Uint8ClampedArray(width * height * 4),
      }),
    } as unknown as CanvasRenderingContext2D);
  });

  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  const read = () =>
    readVideo(new Blob(['stuck'], { type: 'video/mp4' })).catch((error: unknown) => error);

  it('while waiting for the metadata: stops at the limit, frees the element and its URL, leaves no listener', async () => {
    const outcome = read();
    expect(created).toHaveBeenCalledTimes(1);
    expect(video.src).toBe('blob:stuck');
    expect([...video.listening].sort()).toEqual(['error', 'loadedmetadata']);
    await jest.advanceTimersByTimeAsync(VIDEO_READ_TIMEOUT_MS - 1);
    expect(revoked).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(VideoReadTimeoutError);
    expect(revoked).toHaveBeenCalledWith('blob:stuck');
    expect(video.src).toBe('');
    expect(video.listening.size).toBe(0);
  });

  it('while seeking to a poster frame: stops waiting, cancels its frame request, logs nothing', async () => {
    const outcome = read();
    video.fire('loadedmetadata');
    await jest.advanceTimersByTimeAsync(0);
    // The poster's first seek is under way, and 'seeked' never comes.
    expect(video.seeks).toEqual([0.1]);
    expect(video.listening).toContain('seeked');
    expect(video.frameCallbacks.size).toBe(1);
    await jest.advanceTimersByTimeAsync(VIDEO_READ_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(VideoReadTimeoutError);
    expect(video.listening.size).toBe(0);
    expect(video.frameCallbacks.size).toBe(0);
  });

  it('in time: the duration and the poster, and nothing left listening', async () => {
    jest
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((callback) => callback(new Blob(['poster'], { type: 'image/jpeg' })));
    const outcome = read();
    video.fire('loadedmetadata');
    for (const _seek of posterTimes(video.duration)) {
      await jest.advanceTimersByTimeAsync(0);
      video.presentFrame();
      video.fire('seeked');
    }
    const reading = (await outcome) as Awaited<ReturnType<typeof readVideo>>;
    expect(reading.durationSeconds).toBe(20);
    expect(reading.thumbnail).toBeInstanceOf(Blob);
    expect(video.seeks).toEqual([0.1, 0.5, 1, 2, 4]);
    expect(video.listening.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
