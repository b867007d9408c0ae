// A guest's photo as it is sent: decoded with its EXIF orientation applied, scaled down to at most
// 2048 px, drawn on a canvas and encoded again (photoEncoding.ts says how). A canvas's output
// holds pixels only, so the camera's metadata (GPS position, make, model, date) never leaves the
// device, and a 4 MB phone photo goes as a few hundred KB.
import {
  nextStep,
  padJpeg,
  preparedName,
  preparedSize,
  type EncodedAttempt,
  type PhotoEncoding,
} from './photoEncoding';

type Canvas = OffscreenCanvas | HTMLCanvasElement;
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** An OffscreenCanvas where the browser has one (no DOM node); a detached <canvas> elsewhere. */
function makeCanvas(width: number, height: number): { canvas: Canvas; context: Context | null } {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    return { canvas, context: canvas.getContext('2d') };
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return { canvas, context: canvas.getContext('2d') };
}

function encode(canvas: Canvas, encoding: PhotoEncoding): Promise<Blob> {
  const quality = encoding.type === 'image/jpeg' ? encoding.quality : undefined;
  // Told apart by convertToBlob: Firefox's OffscreenCanvas also has a toBlob of its own (which
  // returns a promise and never calls a callback).
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: encoding.type, quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
      encoding.type,
      quality,
    );
  });
}

/** The picture decoded, turned as its EXIF Orientation says. */
async function decodeUpright(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    // Browsers from before 2023 (Safari 16, the last on some iPhones; Firefox before 111) know no
    // 'from-image' and refuse it with a TypeError; their default, then named 'none', applies the
    // EXIF orientation. A file that cannot be decoded is an InvalidStateError, not retried.
    if (error instanceof TypeError) return createImageBitmap(file);
    throw error;
  }
}

/**
 * The picture, upright and scaled, on a white ground. A transparent PNG (a sticker, a logo) is
 * flattened: it is sent as a JPEG like every photo, and white is the card it is shown on.
 */
async function drawUpright(file: Blob): Promise<Canvas> {
  const bitmap = await decodeUpright(file);
  try {
    const { width, height } = preparedSize(bitmap.width, bitmap.height);
    const { canvas, context } = makeCanvas(width, height);
    if (!context) throw new Error('Canvas 2D is not available.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas;
  } finally {
    // The decoded 12 MP picture is about 48 MB: freed now rather than whenever GC runs.
    bitmap.close();
  }
}

/** Frees the canvas's pixels at once (Safari holds them until the element is collected). */
function release(canvas: Canvas): void {
  canvas.width = 0;
  canvas.height = 0;
}

/**
 * The photo to send in place of `file`: a JPEG (a PNG if only a lossless copy reaches the API's
 * 25 KB floor) named after it. Rejects when the browser cannot decode the file.
 */
export async function preparePhoto(file: File): Promise<File> {
  const canvas = await drawUpright(file);
  try {
    const attempts: EncodedAttempt[] = [];
    const blobs: Blob[] = [];
    for (;;) {
      const step = nextStep(attempts);
      if (step.action === 'encode') {
        const blob = await encode(canvas, step.encoding);
        attempts.push({ encoding: step.encoding, size: blob.size });
        blobs.push(blob);
        continue;
      }
      if (step.action === 'fail') throw new Error('No encoding of the photo fits 25 KB to 5 MB.');
      const { type } = attempts[step.attempt]!.encoding;
      const chosen = blobs[step.attempt]!;
      const bytes =
        step.action === 'pad'
          ? padJpeg(new Uint8Array(await chosen.arrayBuffer()), step.bytes)
          : chosen;
      return new File([bytes], preparedName(file.name, type), {
        type,
        lastModified: Date.now(),
      });
    }
  } finally {
    release(canvas);
  }
}
