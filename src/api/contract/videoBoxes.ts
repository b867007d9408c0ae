// Reading an mp4/mov as its boxes (ISO BMFF / QuickTime atoms): the box list, the numbers in them,
// and what a walk over them may cost. Pure, and shared by the location rule (./videoLocation.ts)
// and the mock API's media checks.

export interface Box {
  type: string;
  /** Where the box starts (its size field). */
  offset: number;
  /** Where its content starts, after the size, type and any 64-bit size. */
  start: number;
  /** Where it ends: its declared end, or its parent's end if it ran past it (`clamped`). */
  end: number;
  clamped: boolean;
}

/** Text of `length` bytes (a box type, a handler, a Keys name) read as latin1. */
export const ascii = (bytes: Uint8Array, start: number, length = 4) => {
  if (length === 4 && start + 4 <= bytes.length) {
    // A box's type, read for every box: one call, no concatenation.
    return String.fromCharCode(
      bytes[start]!,
      bytes[start + 1]!,
      bytes[start + 2]!,
      bytes[start + 3]!,
    );
  }
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i += 1) {
    text += String.fromCharCode(bytes[i]!);
  }
  return text;
};

export const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** A 64-bit count or offset; past 2^53 it loses precision, far beyond any file's length. */
export const uint64 = (bytes: Uint8Array, at: number) =>
  uint32(bytes, at) * 2 ** 32 + uint32(bytes, at + 4);

/**
 * The box at `at`, within `limit`: a size 0 box runs to `limit`; a box that runs past it is given
 * clamped to it; null when no header can be read there (too short, a size below its header).
 */
export function boxAt(bytes: Uint8Array, at: number, end: number): Box | null {
  const limit = Math.min(end, bytes.length);
  if (at + 8 > limit) return null;
  let size = uint32(bytes, at);
  let header = 8;
  if (size === 1) {
    if (at + 16 > limit) return null;
    size = uint64(bytes, at + 8);
    header = 16;
  } else if (size === 0) {
    size = limit - at;
  }
  if (size < header) return null;
  const clamped = at + size > limit;
  const boxEnd = clamped ? limit : at + size;
  return { type: ascii(bytes, at + 4), offset: at, start: at + header, end: boxEnd, clamped };
}

/**
 * The boxes laid end to end within [start, end). Each step moves on by at least 8 bytes, so it
 * ends; a clamped box is the last; a header that can't be read ends the list.
 */
export function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box> {
  for (
    let box = boxAt(bytes, start, end);
    box;
    box = box.clamped ? null : boxAt(bytes, box.end, end)
  ) {
    yield box;
  }
}

/** Whether every byte in [start, end) is 0. */
export function isZero(bytes: Uint8Array, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) if (bytes[at] !== 0) return false;
  return true;
}

/** Where `marker` (ASCII) first stands in `bytes`, or -1. */
export function indexOfText(bytes: Uint8Array, marker: string): number {
  const first = marker.charCodeAt(0);
  for (let at = bytes.indexOf(first); at >= 0; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < marker.length && bytes[at + i] === marker.charCodeAt(i)) i += 1;
    if (i === marker.length) return at;
  }
  return -1;
}
