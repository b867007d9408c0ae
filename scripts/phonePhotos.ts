// Phone photos made at test and bench time (never committed): 12-megapixel JPEGs of about the
// weight a phone's camera writes (3 to 5 MB at quality 92), with the EXIF a phone puts in them
// (camera make and model, a GPS position, an orientation). Their pixels are texture at several
// scales, as a photo's are, so that they shrink, compress and upload like one; a red block marks
// the stored top-left corner, so a test can tell which way up a copy was drawn.
import sharp from 'sharp';

export const PHONE_PHOTO_WIDTH = 4032;
export const PHONE_PHOTO_HEIGHT = 3024;
/** The camera EXIF every phone photo carries (and no published copy may). */
export const PHONE_CAMERA = { Make: 'Grati Test', Model: 'Phone 12 Pro' } as const;
/** A GPS position (Paris) in EXIF's rational degrees, minutes, seconds. */
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 2964/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 21/1 756/100',
};
/** The marker's side as a share of the stored picture's shorter side. */
export const MARKER_SHARE = 0.12;

export interface PhonePhotoOptions {
  width?: number;
  height?: number;
  /** EXIF Orientation (1: as stored; 6: shown turned 90° clockwise, a phone held upright). */
  orientation?: number;
  /** Different seeds make different pictures (and files). */
  seed?: number;
  quality?: number;
}

/** A small deterministic generator (mulberry32), so a seed always makes the same photo. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Adds value noise times `amplitude` to `out`: a grid of random values every `cell` pixels,
 * smoothly interpolated (each value rounded to single precision, as the photos have always been
 * made, so that a seed makes the same file). Each column's and row's cell and weight are worked
 * out once.
 */
function addValueNoise(
  out: Float64Array,
  width: number,
  height: number,
  { cell, amplitude }: { cell: number; amplitude: number },
  next: () => number,
): void {
  const cols = Math.ceil(width / cell) + 2;
  const rows = Math.ceil(height / cell) + 2;
  const grid = new Float32Array(cols * rows).map(() => next() - 0.5);
  const cellOf = (extent: number) => {
    const index = new Int32Array(extent);
    const weight = new Float64Array(extent);
    for (let p = 0; p < extent; p += 1) {
      const g = p / cell;
      index[p] = Math.floor(g);
      const f = g - index[p]!;
      weight[p] = f * f * (3 - 2 * f);
    }
    return { index, weight };
  };
  const xs = cellOf(width);
  const ys = cellOf(height);
  for (let y = 0; y < height; y += 1) {
    const top = ys.index[y]! * cols;
    const sy = ys.weight[y]!;
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      const i = top + xs.index[x]!;
      const sx = xs.weight[x]!;
      const a = grid[i]!;
      const b = grid[i + 1]!;
      const c = grid[i + cols]!;
      const d = grid[i + cols + 1]!;
      const value = Math.fround(a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy);
      out[row + x]! += value * amplitude;
    }
  }
}

/** The raw RGB pixels of a photo-like picture. */
function photoPixels(width: number, height: number, seed: number): Buffer {
  const next = random(seed);
  // Texture from large shapes down to grain, as a photo has (tuned so that a 12 MP picture is
  // about 3.5 MB at quality 92, and its 2048 px copy several hundred KB).
  const light = new Float64Array(width * height);
  for (let y = 0; y < height; y += 1)
    light.fill(110 + (y / height) * 40, y * width, (y + 1) * width);
  for (const octave of [
    { cell: 160, amplitude: 90 },
    { cell: 40, amplitude: 45 },
    { cell: 9, amplitude: 14 },
    { cell: 3, amplitude: 6 },
  ]) {
    addValueNoise(light, width, height, octave, next);
  }
  const tint = [next() * 60, next() * 60, next() * 60];
  const pixels = Buffer.alloc(width * height * 3);
  const marker = Math.round(Math.min(width, height) * MARKER_SHARE);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const o = i * 3;
      if (x < marker && y < marker) {
        pixels[o] = 230;
        pixels[o + 1] = 20;
        pixels[o + 2] = 30;
        continue;
      }
      const grain = (next() - 0.5) * 22;
      pixels[o] = light[i]! + tint[0]! + grain;
      pixels[o + 1] = light[i]! * 0.9 + tint[1]! + grain;
      pixels[o + 2] = light[i]! * 0.8 + tint[2]! + grain;
    }
  }
  return pixels;
}

/** A phone's JPEG: photo-like pixels, camera and GPS EXIF, and the given orientation. */
export async function makePhonePhoto(options: PhonePhotoOptions = {}): Promise<Buffer> {
  const {
    width = PHONE_PHOTO_WIDTH,
    height = PHONE_PHOTO_HEIGHT,
    orientation = 1,
    seed = 1,
    quality = 92,
  } = options;
  return sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation })
    .withExif({ IFD0: { ...PHONE_CAMERA }, IFD3: GPS })
    .jpeg({ quality })
    .toBuffer();
}

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** The mean red, green and blue of a square of a picture. */
async function meanColour(
  picture: Buffer | string,
  region: { left: number; top: number; width: number; height: number },
): Promise<[number, number, number]> {
  // Decoded pixels of the square (sharp's stats() would read the whole picture).
  const { data, info } = await sharp(picture)
    .extract(region)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sums = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) {
    for (let c = 0; c < 3; c += 1) sums[c]! += data[i + c]!;
  }
  const pixels = data.length / info.channels;
  return sums.map((sum) => sum / pixels) as [number, number, number];
}

/**
 * The corner where a copy of a phone photo shows its red marker (drawn at the stored top-left:
 * a photo with Orientation 6 shown upright has it at the top right), or null when none does.
 * Reads a square well inside the marker, whichever way and size the copy was made.
 */
export async function markerCorner(picture: Buffer | string): Promise<Corner | null> {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  const side = Math.max(1, Math.round(Math.min(width, height) * (MARKER_SHARE / 2)));
  const near = Math.round(side / 2);
  const far = (extent: number) => Math.round(extent - 1.5 * side);
  const corners: Record<Corner, [number, number]> = {
    'top-left': [near, near],
    'top-right': [far(width), near],
    'bottom-left': [near, far(height)],
    'bottom-right': [far(width), far(height)],
  };
  for (const [corner, [left, top]] of Object.entries(corners) as [Corner, [number, number]][]) {
    const [red, green, blue] = await meanColour(picture, { left, top, width: side, height: side });
    if (red > 170 && green < 90 && blue < 90) return corner;
  }
  return null;
}

/** Every metadata block sharp can see in a picture; a published copy carries none of them. */
export async function metadataBlocks(picture: Buffer | string) {
  const { exif, xmp, iptc, icc, orientation } = await sharp(picture).metadata();
  return { exif, xmp, iptc, icc, orientation };
}

export const NO_METADATA = {
  exif: undefined,
  xmp: undefined,
  iptc: undefined,
  icc: undefined,
  orientation: undefined,
} as const;
