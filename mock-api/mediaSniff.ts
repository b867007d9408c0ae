// Tells a media file's type from its bytes (never its name or declared type), and reads an
// mp4/quicktime file's duration from its movie header.
import type { MediaType } from '../src/api/contract/limits';
import { type Box, boxes as readBoxes } from '../src/api/contract/videoLocation';

/** How many leading bytes `sniffMediaType` needs at most. */
export const SNIFF_BYTES = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** ISO base media brands that mean an MPEG-4 video container. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
]);
const QUICKTIME_BRAND = 'qt  ';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

/** The media type the bytes are, or null for anything the product does not accept. */
export function sniffMediaType(bytes: Uint8Array): MediaType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const size = readUint32(bytes, 0);
    const major = ascii(bytes, 8, 12);
    if (major === QUICKTIME_BRAND) return 'video/quicktime';
    if (MP4_BRANDS.has(major)) return 'video/mp4';
    // An unknown major brand still counts when a compatible brand is one of ours.
    const end = Math.min(size, bytes.length);
    for (let at = 16; at + 4 <= end; at += 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === QUICKTIME_BRAND) return 'video/quicktime';
      if (MP4_BRANDS.has(brand)) return 'video/mp4';
    }
  }
  return null;
}

export const extensionOf = (type: MediaType): string =>
  ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'video/mp4': 'mp4', 'video/quicktime': 'mov' })[type];

function readUint32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);
}

function readUint64(bytes: Uint8Array, at: number): number {
  return Number(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(at));
}

/** Whole boxes only: one that runs past its parent (a cut-off file) ends the list. */
function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box> {
  for (const box of readBoxes(bytes, start, end)) {
    if (box.clamped) return;
    yield box;
  }
}

const child = (bytes: Uint8Array, parent: Box, type: string) => {
  for (const box of boxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
};

/**
 * The duration in seconds from moov/mvhd (or, for a fragmented file whose mvhd says 0, from
 * moov/mvex/mehd); null when there is no readable header or the duration is unknown.
 */
export function videoDurationSeconds(bytes: Uint8Array): number | null {
  let moov: Box | undefined;
  for (const box of boxes(bytes, 0, bytes.length)) {
    if (box.type === 'moov') {
      moov = box;
      break;
    }
  }
  if (!moov) return null;
  const mvhd = child(bytes, moov, 'mvhd');
  if (!mvhd) return null;
  const version = bytes[mvhd.start];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (mvhd.start + 32 > mvhd.end) return null;
    timescale = readUint32(bytes, mvhd.start + 20);
    duration = readUint64(bytes, mvhd.start + 24);
    if (duration === Number(0xffffffffffffffffn)) return null;
  } else if (version === 0) {
    if (mvhd.start + 20 > mvhd.end) return null;
    timescale = readUint32(bytes, mvhd.start + 12);
    duration = readUint32(bytes, mvhd.start + 16);
    if (duration === 0xffffffff) return null;
  } else {
    return null;
  }
  if (timescale === 0) return null;
  if (duration === 0) {
    const mvex = child(bytes, moov, 'mvex');
    const mehd = mvex && child(bytes, mvex, 'mehd');
    if (!mehd) return null;
    const fragmentDuration =
      bytes[mehd.start] === 1
        ? mehd.start + 12 <= mehd.end
          ? readUint64(bytes, mehd.start + 4)
          : 0
        : mehd.start + 8 <= mehd.end
          ? readUint32(bytes, mehd.start + 4)
          : 0;
    return fragmentDuration > 0 ? fragmentDuration / timescale : null;
  }
  return duration / timescale;
}
