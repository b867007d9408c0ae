// A picture made smaller with sharp: turned upright by its EXIF orientation, scaled to a width
// (never up), re-encoded as AVIF, WebP or JPEG with no metadata at all (no EXIF, so no GPS block
// or camera; no XMP, IPTC or ICC profile: colours are converted to sRGB first). The picture's
// header is read first: a format we do not resize, or more pixels than a phone's photo has (a
// decompression bomb: a few KB that would decode to gigabytes), is refused before any decoding.
import sharp from 'sharp';
import { HttpError } from '../errors';

export type OutputFormat = 'avif' | 'webp' | 'jpeg';

export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * 50 megapixels: a 48 MP phone photo passes, a decompression bomb does not. One cap for every
 * format, measured (sharp 0.34.5, libvips 8.17, one thread, this pipeline, WebP out): a 48 MP
 * JPEG still gets libjpeg's shrink-on-load after autoOrient (to 640: 170 ms, +6 MB RSS; to 2048:
 * 490 ms; with shrink-on-load turned off, 640 takes 220 ms; upright by EXIF orientation 6, 200 ms
 * at 640). A 49 MP PNG has no shrink-on-load but libvips decodes it line by line: 160-180 ms and
 * +42 MB RSS to 640, 450 ms to 2048; with orientation 6 (the whole picture kept to turn it)
 * 580 ms / 1.3 s and +55 MB. Not the hundreds of MB a lower PNG cap would be for; what hurt in
 * issue 34 was one decode per made-up address, which the endpoint no longer makes.
 */
export const MAX_SOURCE_PIXELS = 50_000_000;
/** A resize that takes longer than this is given up (sharp's own timeout). */
const RESIZE_TIMEOUT_SECONDS = 10;
/** Raster formats only: no SVG (a document, with its own references), no PDF, no TIFF. */
const RESIZABLE = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif']);

// One libvips thread per picture: the endpoint's concurrency limit (serveImages.ts) then bounds
// the cores resizing takes, and libvips keeps no decoded image in its own cache (the endpoint
// keeps its answers). This is process-wide: the mock API's upload stripping, in the same
// process in the demo, is bounded by it too.
sharp.concurrency(1);
sharp.cache(false);

/** The media types of an Accept header that the client takes (q above 0), lower-case. */
function acceptedTypes(accept: string): Set<string> {
  const types = new Set<string>();
  for (const range of accept.toLowerCase().split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim());
    const q = parameters.find((p) => /^q=/.test(p));
    if (q === undefined || Number(q.slice(2)) > 0) types.add(type);
  }
  return types;
}

/**
 * The format to answer in, by the types the request's Accept names (a wildcard is not enough: an
 * old client sends `*\/*` and reads JPEG only). WebP first: for these photos AVIF is at most a
 * little smaller, and takes several times the CPU to encode, which page renders need. AVIF for a
 * client that names it but not WebP. JPEG otherwise.
 */
export function negotiateFormat(accept: string | undefined): OutputFormat {
  const types = acceptedTypes(accept ?? '');
  if (types.has('image/webp')) return 'webp';
  if (types.has('image/avif')) return 'avif';
  return 'jpeg';
}

/** Reads the picture's header only (nothing is decoded) and refuses what is not to be resized. */
async function checkHeader(input: Buffer): Promise<void> {
  let metadata: sharp.Metadata;
  try {
    // No pixel limit here: the header is read, not the pixels; the limit is ours, below.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(422, 'The file at url is not a picture this server can read.');
  }
  if (!metadata.format || !RESIZABLE.has(metadata.format)) {
    throw new HttpError(422, `Pictures in ${metadata.format ?? 'this'} format are not resized.`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0 || pixels > MAX_SOURCE_PIXELS) {
    throw new HttpError(
      422,
      `The picture at url has more than ${MAX_SOURCE_PIXELS / 1_000_000} megapixels; it is not resized.`,
    );
  }
}

export async function resizePicture(
  input: Buffer,
  width: number,
  format: OutputFormat,
): Promise<Buffer> {
  await checkHeader(input);
  // limitInputPixels again: libvips itself refuses to decode past it, whatever the header said.
  const image = sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error', pages: 1 })
    .autoOrient()
    .resize({ width, withoutEnlargement: true })
    .timeout({ seconds: RESIZE_TIMEOUT_SECONDS });
  const encoded =
    format === 'avif'
      ? image.avif({ quality: 50, effort: 2 })
      : format === 'webp'
        ? image.webp({ quality: 75, effort: 3 })
        : image.jpeg({ quality: 78, mozjpeg: true, progressive: true });
  try {
    return await encoded.toBuffer();
  } catch (error) {
    // Out of time is this server's trouble (too busy), not the picture's.
    if (String((error as Error).message).includes('timeout')) {
      throw new HttpError(503, 'The picture took too long to resize; try again shortly.');
    }
    throw new HttpError(422, 'The picture at url could not be resized.');
  }
}
