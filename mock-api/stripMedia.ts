// Uploaded media as a careful backend stores them. Pictures are re-encoded with sharp, so that the
// EXIF orientation is applied to the pixels and no metadata is left in the published file (EXIF
// with its GPS position and camera make and model, XMP, IPTC; the ICC profile goes too, its
// colours converted to sRGB). Videos lose their location in place (QuickTime ©xyz, Keys, XMP,
// metadata tracks: src/api/contract/videoLocation.ts). A guest who films a thank-you card at home
// must not publish where home is, whatever sent the file (the app strips it before sending; an
// API client may not).
import { promises as fs } from 'node:fs';
import pLimit from 'p-limit';
import sharp from 'sharp';
import type { ImageType } from '../src/api/contract/limits';
import {
  type VideoLocationRange,
  VideoRefusedError,
  stripVideoLocation,
} from '../src/api/contract/videoLocation';
import { HttpError } from './http';

/**
 * The most pixels an uploaded picture may have: a 48 MP phone photo fits, while a
 * decompression bomb (a small file that decodes to gigabytes) is refused from its header,
 * before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** A video's poster is at most 300 x 300 (spec section 9). */
export const MAX_THUMBNAIL_SIDE = 300;
/** JPEG quality of the stored copy: no visible loss against a phone's own quality 90-95. */
export const STORED_JPEG_QUALITY = 90;

export type ImageField = 'media' | 'thumbnail';

/**
 * A decoded picture is held whole in memory while it is turned upright (up to ~150 MB at the
 * pixel limit): two at a time keep the mock API's memory bounded however many uploads arrive.
 */
const reencoding = pLimit(2);

const SHARP_FORMAT: Record<ImageType, keyof sharp.FormatEnum> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
};

const unreadable = (field: ImageField, type: ImageType) =>
  new HttpError(
    400,
    'unreadable_image',
    field === 'thumbnail'
      ? 'The thumbnail could not be read: it is not a whole JPEG picture.'
      : `An image could not be read: it is not a whole ${type === 'image/png' ? 'PNG' : 'JPEG'} picture.`,
    field,
  );

/**
 * Reads the picture's header (not its pixels): a 400 when sharp can't read it as the type its
 * first bytes claim, a 413 past the pixel limit, a 400 for a poster larger than 300 x 300.
 */
export async function checkImage(file: string, type: ImageType, field: ImageField): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable(field, type);
  }
  const { format, width, height } = metadata;
  if (format !== SHARP_FORMAT[type] || !width || !height) throw unreadable(field, type);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      413,
      'too_large',
      `An image may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
      field,
    );
  }
  if (field === 'thumbnail' && Math.max(width, height) > MAX_THUMBNAIL_SIDE) {
    throw new HttpError(
      400,
      'invalid_input',
      `The thumbnail must be at most ${MAX_THUMBNAIL_SIDE} by ${MAX_THUMBNAIL_SIDE} pixels.`,
      field,
    );
  }
}

/**
 * Writes to `output` (a new file) the upright, metadata-free copy of the picture in `input`, in
 * the same format: JPEG at quality 90, PNG as PNG (a palette PNG keeps a palette, so
 * the copy is not several times the upload). A picture sharp can't decode is a 400 and leaves no
 * output; a failure to write is ours (a 500) and leaves none either.
 */
export function writeStrippedImage(
  input: string,
  output: string,
  type: ImageType,
  field: ImageField,
): Promise<void> {
  return reencoding(async () => {
    // The upload was size-checked (at most 5 MB): read whole, so sharp keeps no handle on it.
    const bytes = await fs.readFile(input);
    let stripped: Buffer;
    try {
      stripped = await encode(bytes, type);
    } catch {
      throw unreadable(field, type);
    }
    try {
      await fs.writeFile(output, stripped, { flag: 'wx' });
    } catch (error) {
      // A half-written file is removed; a file that was already there is not ours to remove.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await fs.rm(output, { force: true });
      throw error;
    }
  });
}

async function encode(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const image = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
  // rotate() with no angle applies the EXIF orientation; without keepMetadata/withMetadata,
  // sharp writes no EXIF, XMP, IPTC or ICC block.
  if (type === 'image/png') {
    const { isPalette } = await image().metadata();
    return image()
      .rotate()
      .png({ palette: isPalette === true })
      .toBuffer();
  }
  // libjpeg-turbo, not mozjpeg: the guest waits for this copy before their Congratulations, and
  // mozjpeg's smaller file (about 17% on a 2048 px photo) costs about 250 ms more to encode it
  // (issue 36). The feed shows this copy mostly through the image resizer (src/server/images),
  // whose own copies are mozjpeg's and are kept.
  return image().rotate().jpeg({ quality: STORED_JPEG_QUALITY }).toBuffer();
}

/**
 * Neutralises the location of the video in `file`, in the file itself, and says what went. The
 * rule keeps every byte's place (so every chunk offset in it holds), so only the span from the
 * first changed byte to the last is written back, in one write however many ranges changed (a
 * write per range let 6.5 million empty `©xyz` boxes hold a request for minutes). The upload was
 * size-checked (at most 50 MB) and is read whole, once: a caller that has read it already (for its
 * duration) passes its `bytes`, so memory stays near the file's size. A video the rule can't vouch
 * for (too many boxes, nested too deep, a metadata track it can't read) is a 400 saying so, and the
 * file is left as it came.
 */
export async function stripVideoLocationInFile(
  file: string,
  read?: Uint8Array,
): Promise<VideoLocationRange[]> {
  const bytes = read ?? (await fs.readFile(file));
  let removed: VideoLocationRange[];
  try {
    ({ removed } = stripVideoLocation(bytes));
  } catch (error) {
    if (!(error instanceof VideoRefusedError)) throw error;
    throw new HttpError(400, 'unreadable_video', error.message, 'media');
  }
  if (removed.length === 0) return removed;
  let start = bytes.length;
  let end = 0;
  for (const { offset, size } of removed) {
    start = Math.min(start, offset);
    end = Math.max(end, offset + size);
  }
  const handle = await fs.open(file, 'r+');
  try {
    // A write may take fewer bytes than asked (rarely, for a file): the rest follows.
    while (start < end) {
      const { bytesWritten } = await handle.write(bytes, start, end - start, start);
      start += bytesWritten;
    }
  } finally {
    await handle.close();
  }
  return removed;
}
