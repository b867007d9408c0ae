// The JPEG poster sent with a video (spec section 9: at most 300 x 300, quality 0.7), made in the browser.

export const THUMBNAIL_MAX_SIZE = 300;
export const THUMBNAIL_QUALITY = 0.7;
/** Far enough in to skip a black first frame, early enough for any video under 30 seconds. */
const THUMBNAIL_SEEK_SECONDS = 0.1;

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

/** Loads `file` into a detached <video> and resolves once `event` fires; always frees the URL. */
function withVideo<T>(
  file: Blob,
  event: 'loadedmetadata' | 'seeked',
  prepare: (video: HTMLVideoElement) => void,
  read: (video: HTMLVideoElement) => T | Promise<T>,
): Promise<T> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  return new Promise<T>((resolve, reject) => {
    video.addEventListener('error', () => reject(new Error('The video could not be read.')), {
      once: true,
    });
    video.addEventListener(
      event,
      () => {
        Promise.resolve()
          .then(() => read(video))
          .then(resolve, reject);
      },
      { once: true },
    );
    prepare(video);
    video.src = url;
  }).finally(() => {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  });
}

/** The video's length in seconds, read from its metadata. */
export function readVideoDuration(file: Blob): Promise<number> {
  return withVideo(
    file,
    'loadedmetadata',
    () => undefined,
    (video) => video.duration,
  );
}

/** A JPEG of the frame at ~0.1 s, at most 300 x 300, quality 0.7. */
export function makeVideoThumbnail(file: Blob): Promise<Blob> {
  return withVideo(
    file,
    'seeked',
    (video) => {
      // Seek only once the metadata is known; the 'seeked' event then carries the frame.
      video.addEventListener(
        'loadedmetadata',
        () => {
          video.currentTime = Math.min(THUMBNAIL_SEEK_SECONDS, video.duration || 0);
        },
        { once: true },
      );
    },
    (video) => {
      const { width, height } = thumbnailSize(video.videoWidth, video.videoHeight);
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('Canvas 2D is not available.');
      context.drawImage(video, 0, 0, width, height);
      return new Promise<Blob>((resolve, reject) => {
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('The thumbnail could not be made.'))),
          'image/jpeg',
          THUMBNAIL_QUALITY,
        );
      });
    },
  );
}
