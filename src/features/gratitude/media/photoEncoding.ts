// The rules of a prepared photo (preparePhoto.ts does the decoding and drawing): its size, which
// encodings are tried in what order so that the file lands within the API's 25 KB to 5 MB, and
// the padding that lifts a tiny JPEG over the floor without changing a pixel.
import { MAX_IMAGE_BYTES, MIN_IMAGE_BYTES } from '@/api/contract/limits';
import { thumbnailSize, type Size } from './videoThumbnail';

/**
 * The long edge a prepared photo has at most: sharp on a 1280 px wide screen at DPR 1.5 and on a
 * phone's full-screen view, and about a sixth of a 12 MP original's pixels.
 */
export const PHOTO_MAX_EDGE = 2048;
/** Good quality for a photo: no visible artefacts, about a tenth of the original's bytes. */
export const PHOTO_QUALITY = 0.85;

/** The prepared photo's size: the picture (already turned upright) fitted within 2048 px, never enlarged. */
export const preparedSize = (width: number, height: number): Size =>
  thumbnailSize(width, height, PHOTO_MAX_EDGE);

export type PhotoEncoding = { type: 'image/jpeg'; quality: number } | { type: 'image/png' };

/** One encoding of the picture that was made, and how many bytes it came to. */
export interface EncodedAttempt {
  encoding: PhotoEncoding;
  size: number;
}

export type PhotoStep =
  | { action: 'encode'; encoding: PhotoEncoding }
  /** Send attempt number `attempt` as it is. */
  | { action: 'send'; attempt: number }
  /** Send attempt number `attempt` (a JPEG) with `bytes` more bytes of padding (padJpeg). */
  | { action: 'pad'; attempt: number; bytes: number }
  /** No encoding fits (a picture of pure noise over 5 MB even at low quality). */
  | { action: 'fail' };

const jpeg = (quality: number): PhotoEncoding => ({ type: 'image/jpeg', quality });
/** Under the floor: more quality, then lossless (a small or very flat picture compresses to little). */
const RICHER: readonly PhotoEncoding[] = [jpeg(PHOTO_QUALITY), jpeg(0.95), { type: 'image/png' }];
/** Over the ceiling (which no real photo of 2048 px reaches): less quality, in steps. */
const LEANER: readonly PhotoEncoding[] = [jpeg(PHOTO_QUALITY), jpeg(0.75), jpeg(0.6), jpeg(0.45)];

const sameEncoding = (a: PhotoEncoding, b: PhotoEncoding) =>
  a.type === b.type && (a.type === 'image/png' || a.quality === (b as typeof a).quality);

/** A COM segment is 4 bytes at least (marker and length) and 65,537 at most. */
const COM_HEADER_BYTES = 4;
const MAX_COM_BYTES = 0xffff + 2;

/**
 * What to do next, given the encodings made so far (in order): the first one within 25 KB to 5 MB
 * is sent. Under the floor the ladder climbs (JPEG 0.95, then PNG); if no encoding reaches the
 * floor, or one overshoots past the ceiling on the way, the best JPEG under the floor is padded
 * to it. Over the ceiling the ladder descends; below its last rung the photo cannot be sent.
 */
export function nextStep(attempts: readonly EncodedAttempt[]): PhotoStep {
  const last = attempts.at(-1);
  if (!last) return { action: 'encode', encoding: jpeg(PHOTO_QUALITY) };
  if (last.size >= MIN_IMAGE_BYTES && last.size <= MAX_IMAGE_BYTES) {
    return { action: 'send', attempt: attempts.length - 1 };
  }
  const under = attempts.some((attempt) => attempt.size < MIN_IMAGE_BYTES);
  const over = attempts.some((attempt) => attempt.size > MAX_IMAGE_BYTES);
  const ladder = last.size < MIN_IMAGE_BYTES ? RICHER : LEANER;
  const next = ladder.find((rung) => !attempts.some((a) => sameEncoding(a.encoding, rung)));
  // Having been on both sides of the range, another rung would only go round in circles.
  if (next && !(under && over)) return { action: 'encode', encoding: next };
  if (!under) return { action: 'fail' };
  let best = -1;
  attempts.forEach((attempt, index) => {
    const fitsUnder = attempt.encoding.type === 'image/jpeg' && attempt.size < MIN_IMAGE_BYTES;
    if (fitsUnder && (best < 0 || attempt.size > attempts[best]!.size)) best = index;
  });
  if (best < 0) return { action: 'fail' };
  const bytes = Math.max(COM_HEADER_BYTES, MIN_IMAGE_BYTES - attempts[best]!.size);
  return { action: 'pad', attempt: best, bytes };
}

/**
 * The JPEG `jpegBytes` made `bytes` longer by a comment (COM) segment of zero bytes placed right
 * after the start-of-image marker. Decoders skip comments, so the picture is the same and the
 * padding carries no information (nothing about the guest or the device).
 */
export function padJpeg(jpegBytes: Uint8Array, bytes: number): Uint8Array<ArrayBuffer> {
  if (jpegBytes[0] !== 0xff || jpegBytes[1] !== 0xd8) throw new TypeError('Not a JPEG.');
  if (!Number.isInteger(bytes) || bytes < COM_HEADER_BYTES || bytes > MAX_COM_BYTES) {
    throw new RangeError(`A comment segment cannot be ${bytes} bytes long.`);
  }
  const padded = new Uint8Array(jpegBytes.length + bytes);
  padded.set(jpegBytes.subarray(0, 2), 0);
  // The length counts itself (2 bytes) and the payload, not the marker.
  const length = bytes - 2;
  padded.set([0xff, 0xfe, length >> 8, length & 0xff], 2);
  // The payload is already zeros (a new Uint8Array is).
  padded.set(jpegBytes.subarray(2), 2 + bytes);
  return padded;
}

const EXTENSIONS: Record<PhotoEncoding['type'], { pattern: RegExp; extension: string }> = {
  'image/jpeg': { pattern: /\.jpe?g$/i, extension: '.jpg' },
  'image/png': { pattern: /\.png$/i, extension: '.png' },
};

/**
 * The name the prepared file is sent with: the picked file's, its extension changed only when the
 * type did (`card.png` sent as a JPEG is `card.jpg`; `IMG_0001.JPG` stays as it is).
 */
export function preparedName(name: string, type: PhotoEncoding['type']): string {
  const { pattern, extension } = EXTENSIONS[type];
  if (pattern.test(name)) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem || 'photo'}${extension}`;
}
