// The attach rules of the review form (spec section 5): which picked files are kept, and why not.
import {
  MAX_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  MESSAGE_IMAGE_SIZE,
  MESSAGE_ONE_VIDEO,
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_UNSUPPORTED_FORMAT,
  MESSAGE_VIDEO_LIMITS,
  MIN_IMAGE_BYTES,
  isImageType,
  isVideoType,
} from '@/api/contract/limits';

/**
 * What the rules need to know of a picked file. `durationSeconds` is measured by the UI beforehand
 * (readVideo); a video without a known, finite duration is treated as over the limit.
 */
export interface CandidateFile {
  name: string;
  type: string;
  size: number;
  durationSeconds?: number;
}

export type MediaKind = 'image' | 'video';

/** A kept file and what it is; `file` is the caller's own object (a File, or a wrapper of one). */
export interface PickedMedia<F extends CandidateFile = CandidateFile> {
  kind: MediaKind;
  file: F;
}

export interface AddMediaResult<F extends CandidateFile> {
  media: PickedMedia<F>[];
  /** Each distinct message at most once, in the order first met. */
  errors: string[];
}

/**
 * By declared MIME type only; the mock API checks the bytes again. Some browsers declare .jpg
 * files as the non-standard image/jpg, which the spec's "jpeg, jpg, png" includes.
 */
export function mediaKindOf(file: Pick<CandidateFile, 'type'>): MediaKind | null {
  if (isImageType(file.type) || file.type === 'image/jpg') return 'image';
  if (isVideoType(file.type)) return 'video';
  return null;
}

export const isImageSizeAllowed = (size: number) =>
  size >= MIN_IMAGE_BYTES && size <= MAX_IMAGE_BYTES;

/** At most 50 MB and 30 seconds (spec sections 5 and 9; the mock API applies the same rule). */
export const isVideoWithinLimits = (size: number, durationSeconds: number | undefined) =>
  size <= MAX_VIDEO_BYTES &&
  durationSeconds !== undefined &&
  Number.isFinite(durationSeconds) &&
  durationSeconds <= MAX_VIDEO_SECONDS;

/**
 * Adds `incoming` to what is already attached, in order, keeping what the rules allow:
 * - a file that is neither jpeg/png nor mp4/quicktime: 'Unsupported file format.';
 * - images and a video never go together. The kind is set by what is attached already, or else by
 *   the first supported file of the selection; a file of the other kind is refused with the video
 *   message (its second sentence: "You can either upload up to 5 images or 1 video.");
 * - images outside 25 KB to 5 MB are dropped (the size message) and take no place; the first ones
 *   that fit are kept up to 5, the rest get 'You can only upload up to 5 images';
 * - only the first video counts: any further video (already attached, or a second one picked) gets
 *   'Only one video allowed.'; that first video is kept if it is within 50 MB and under 30 s, else
 *   the video message.
 */
export function addMedia<F extends CandidateFile>(
  current: readonly PickedMedia<F>[],
  incoming: readonly F[],
): AddMediaResult<F> {
  const media = [...current];
  const errors = new Set<string>();
  let kind: MediaKind | null = media[0]?.kind ?? null;
  let imageCount = media.filter((item) => item.kind === 'image').length;
  let videoSeen = media.some((item) => item.kind === 'video');

  for (const file of incoming) {
    const fileKind = mediaKindOf(file);
    if (fileKind === null) {
      errors.add(MESSAGE_UNSUPPORTED_FORMAT);
      continue;
    }
    kind ??= fileKind;
    if (fileKind !== kind) {
      errors.add(MESSAGE_VIDEO_LIMITS);
      continue;
    }
    if (fileKind === 'image') {
      if (!isImageSizeAllowed(file.size)) {
        errors.add(MESSAGE_IMAGE_SIZE);
      } else if (imageCount >= MAX_IMAGES) {
        errors.add(MESSAGE_TOO_MANY_IMAGES);
      } else {
        media.push({ kind: 'image', file });
        imageCount += 1;
      }
      continue;
    }
    if (videoSeen) {
      errors.add(MESSAGE_ONE_VIDEO);
      continue;
    }
    videoSeen = true;
    if (isVideoWithinLimits(file.size, file.durationSeconds)) {
      media.push({ kind: 'video', file });
    } else {
      errors.add(MESSAGE_VIDEO_LIMITS);
    }
  }
  return { media, errors: [...errors] };
}

/** Whether a set of attachments obeys every rule (used by the form's schema and by tests). */
export function isValidMediaSet(media: readonly PickedMedia[]): boolean {
  const images = media.filter((item) => item.kind === 'image');
  const videos = media.filter((item) => item.kind === 'video');
  if (images.length > 0 && videos.length > 0) return false;
  if (images.length > MAX_IMAGES || videos.length > 1) return false;
  return media.every((item) =>
    item.kind === 'image'
      ? mediaKindOf(item.file) === 'image' && isImageSizeAllowed(item.file.size)
      : mediaKindOf(item.file) === 'video' &&
        isVideoWithinLimits(item.file.size, item.file.durationSeconds),
  );
}
