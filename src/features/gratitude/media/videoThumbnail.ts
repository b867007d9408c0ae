// Reads a picked video in the browser: its duration, and the JPEG poster sent with it (spec
// section 9: at most 300 x 300, quality 0.7), made from a decoded, visible frame, within a time limit.
import { isBlankFrame } from './blankFrame';

export const THUMBNAIL_MAX_SIZE = 300;
export const THUMBNAIL_QUALITY = 0.7;
/**
 * Where a poster is looked for, in turn, until a frame is not blank: 0.1 s skips a black first
 * frame, the later ones a fade from black or a dark intro. Each is bounded by the video's duration.
 */
export const POSTER_TIMES_SECONDS = [0.1, 0.5, 1, 2, 4] as const;
/**
 * Reading a video (its metadata, then its poster) gives up after this long: a browser may wait
 * for bytes that never come and fire neither the awaited event nor 'error'.
 */
export const VIDEO_READ_TIMEOUT_MS = 10_000;

/** HTMLMediaElement.HAVE_CURRENT_DATA: the frame at the current position is there to draw. */
const HAVE_CURRENT_DATA = 2;

export class VideoReadTimeoutError extends Error {
  constructor(ms: number) {
    super(`The video was not read within ${ms} ms.`);
    this.name = 'VideoReadTimeoutError';
  }
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The size that fits within `max` x `max` keeping the aspect ratio. Never upscales; both sides are
 * whole numbers of at least 1 (a degenerate or unknown source size gives a 1 x 1 box at worst).
 */
export function thumbnailSize(width: number, height: number, max = THUMBNAIL_MAX_SIZE): Size {
  const w = Number.isFinite(width) && width > 0 ? width : 1;
  const h = Number.isFinite(height) && height > 0 ? height : 1;
  const limit = Math.max(1, Math.floor(max));
  const scale = Math.min(1, limit / w, limit / h);
  return {
    width: Math.min(limit, Math.max(1, Math.round(w * scale))),
    height: Math.min(limit, Math.max(1, Math.round(h * scale))),
  };
}

/**
 * The times a poster is looked for in a video of `durationSeconds`: POSTER_TIMES_SECONDS, each at
 * most the duration, without repeats. An unknown duration (NaN, or Infinity for a stream) keeps
 * them all (a seek past the end stops at the end).
 */
export function posterTimes(durationSeconds: number): number[] {
  const end = Number.isFinite(durationSeconds) ? Math.max(0, durationSeconds) : Infinity;
  return [...new Set(POSTER_TIMES_SECONDS.map((seconds) => Math.min(seconds, end)))];
}

/** Settles as `work` does, or rejects with VideoReadTimeoutError once `ms` have passed. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new VideoReadTimeoutError(ms)), ms);
  });
  return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
}

/**
 * Shows the frames at `times` in turn until one is not blank, and says which one stayed. When
 * every one is blank the last stays: a video that is black all through (or as far as we look)
 * gets a black poster, since that is what it shows.
 */
export async function findPosterFrame(
  times: readonly number[],
  showFrameAt: (seconds: number) => Promise<void>,
  isShownFrameBlank: () => boolean,
): Promise<number | undefined> {
  let shown: number | undefined;
  for (const seconds of times) {
    await showFrameAt(seconds);
    shown = seconds;
    if (!isShownFrameBlank()) break;
  }
  return shown;
}

/** What showFrameAt needs of a <video> (a stand-in in tests). */
export type SeekableVideo = Pick<
  HTMLVideoElement,
  'currentTime' | 'readyState' | 'addEventListener' | 'removeEventListener'
> &
  Partial<Pick<HTMLVideoElement, 'requestVideoFrameCallback' | 'cancelVideoFrameCallback'>>;

/** Events after which a frame may have become drawable when the browser cannot tell us directly. */
const DATA_EVENTS = ['loadeddata', 'canplay', 'progress'] as const;

/**
 * Seeks to `seconds` and resolves once that frame is decoded and can be drawn. Where the browser
 * has requestVideoFrameCallback, that is once 'seeked' has fired and a frame was presented after
 * the seek (Safari may fire 'seeked' before it has decoded the frame; Chromium may present the
 * frame before 'seeked', so the callback is asked for before seeking). Elsewhere it is once
 * 'seeked' has fired and the element holds the current frame (HAVE_CURRENT_DATA; an iPhone may
 * hold only the metadata until it has loaded more). Rejects on the element's 'error', and when
 * `stopped` is aborted (the read gave up): then it stops waiting, with its listeners removed.
 */
export function showFrameAt(
  video: SeekableVideo,
  seconds: number,
  stopped?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (stopped?.aborted) return reject(stopped.reason as Error);
    const waitsForFrame = typeof video.requestVideoFrameCallback === 'function';
    let seeked = false;
    let presented = false;
    let frameRequest: number | undefined;
    const stop = () => {
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('error', onError);
      for (const event of DATA_EVENTS) video.removeEventListener(event, settle);
      if (frameRequest !== undefined) video.cancelVideoFrameCallback?.(frameRequest);
      stopped?.removeEventListener('abort', onStopped);
    };
    function settle() {
      const drawable = waitsForFrame ? presented : video.readyState >= HAVE_CURRENT_DATA;
      if (!seeked || !drawable) return;
      stop();
      resolve();
    }
    function onSeeked() {
      seeked = true;
      settle();
    }
    function onError() {
      stop();
      reject(new Error('The video could not be read.'));
    }
    function onStopped() {
      stop();
      reject(stopped!.reason as Error);
    }
    stopped?.addEventListener('abort', onStopped);
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('error', onError);
    for (const event of DATA_EVENTS) video.addEventListener(event, settle);
    if (waitsForFrame) {
      frameRequest = video.requestVideoFrameCallback!(() => {
        frameRequest = undefined;
        presented = true;
        settle();
      });
    }
    video.currentTime = seconds;
  });
}

/**
 * Resolves once the video's metadata (duration, size) is known; rejects on its 'error', and when
 * `stopped` is aborted (the read gave up), with its listeners removed either way.
 */
function metadataOf(video: HTMLVideoElement, stopped: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      video.removeEventListener('loadedmetadata', onLoaded);
      video.removeEventListener('error', onError);
      stopped.removeEventListener('abort', onStopped);
    };
    const onLoaded = () => {
      stop();
      resolve();
    };
    const onError = () => {
      stop();
      reject(new Error('The video could not be read.'));
    };
    const onStopped = () => {
      stop();
      reject(stopped.reason as Error);
    };
    video.addEventListener('loadedmetadata', onLoaded);
    video.addEventListener('error', onError);
    stopped.addEventListener('abort', onStopped);
  });
}

/** A JPEG of the first frame at POSTER_TIMES_SECONDS that is not blank, at most 300 x 300. */
async function makePoster(video: HTMLVideoElement, stopped: AbortSignal): Promise<Blob> {
  const { width, height } = thumbnailSize(video.videoWidth, video.videoHeight);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('Canvas 2D is not available.');
  await findPosterFrame(
    posterTimes(video.duration),
    (seconds) => showFrameAt(video, seconds, stopped),
    () => {
      context.drawImage(video, 0, 0, width, height);
      return isBlankFrame(context.getImageData(0, 0, width, height).data);
    },
  );
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The thumbnail could not be made.'))),
      'image/jpeg',
      THUMBNAIL_QUALITY,
    );
  });
}

export interface VideoReading {
  /** From the metadata; NaN or Infinity when the browser does not know it. */
  durationSeconds: number;
  /** The poster to send with the video; null when it could not be made (the video still goes). */
  thumbnail: Blob | null;
}

/**
 * Reads `file` in a detached <video>: its duration, then its poster. Rejects when the browser
 * cannot read it, and with VideoReadTimeoutError when the whole read takes over `timeoutMs` (the
 * clock starts with this call). Always frees the element and its URL, and always ends the read
 * itself: a read that gave up stops waiting for the element's events (they will never come once
 * its source is gone), so no promise is left pending with its listeners and the element held.
 */
export function readVideo(file: Blob, timeoutMs = VIDEO_READ_TIMEOUT_MS): Promise<VideoReading> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  const stopped = new AbortController();
  const reading = (async () => {
    const loaded = metadataOf(video, stopped.signal);
    video.src = url;
    await loaded;
    const durationSeconds = video.duration;
    let thumbnail: Blob | null = null;
    try {
      thumbnail = await makePoster(video, stopped.signal);
    } catch (error) {
      // A read that gave up has nothing to report: its caller was told already.
      if (stopped.signal.aborted) throw error;
      console.error('Could not make the video thumbnail', error);
    }
    return { durationSeconds, thumbnail };
  })();
  return withTimeout(reading, timeoutMs).finally(() => {
    // The read is over. Only a timed-out one still waits on the element (for events that will
    // never come once its source is gone): it stops now, with the same error. withTimeout's race
    // has already handled `reading`, so that rejection is never an unhandled one.
    stopped.abort(new VideoReadTimeoutError(timeoutMs));
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  });
}
