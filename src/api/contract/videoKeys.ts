// A `meta` box's Keys, as Apple writes a video's metadata (the location among it): `keys` lists
// the names (`com.apple.quicktime.location.ISO6709`, ...) and `ilst` holds each value under its
// name's 1-based index. Read for the location rule's walk (./videoLocationWalk.ts).
import { type Box, ascii, boxes, uint32 } from './videoBoxes';

/** A Keys name that says where: Apple's `com.apple.quicktime.location.*`, and anyone's GPS. */
const LOCATION_KEY = /location|gps|iso6709/i;

export interface MetaKeys {
  /** The meta box's children, in order. */
  children: Box[];
  /**
   * The Keys entries whose name says where, by index (the name's bytes); null when the Keys can't
   * be read one way only (cut off, a count that disagrees with the entries, a second `keys` box).
   */
  locationKeys: Map<number, Box> | null;
}

/**
 * A `meta` box's children and its location Keys. ISO's meta is a full box (4 bytes of version
 * and flags before its children), QuickTime's is not; a full box's version and flags are 0 where
 * a child's size can't be. `takePart` is called once per box read (the walk's budget).
 */
export function readMeta(bytes: Uint8Array, meta: Box, takePart: () => void): MetaKeys {
  const childrenStart = meta.start + 4 <= meta.end && uint32(bytes, meta.start) === 0 ? 4 : 0;
  const children: Box[] = [];
  for (const child of boxes(bytes, meta.start + childrenStart, meta.end)) {
    takePart();
    children.push(child);
  }
  const keys = children.filter((box) => box.type === 'keys');
  // Two Keys lists: which one an ilst index means is the reader's guess (exiftool takes the last).
  if (keys.length > 1) return { children, locationKeys: null };
  const locationKeys = keys[0]
    ? readLocationKeys(bytes, keys[0], takePart)
    : new Map<number, Box>();
  return { children, locationKeys };
}

/**
 * The Keys entries (1-based index: the name's bytes) whose name says where; null when they can't
 * be read one way only: readers go by the entries up to the box's end (exiftool does) or by its
 * count, so the two must agree and the entries must fill the box.
 */
function readLocationKeys(
  bytes: Uint8Array,
  keys: Box,
  takePart: () => void,
): Map<number, Box> | null {
  const located = new Map<number, Box>();
  if (keys.clamped || keys.start + 8 > keys.end) return null;
  const count = uint32(bytes, keys.start + 4);
  let index = 0;
  for (const name of boxes(bytes, keys.start + 8, keys.end)) {
    takePart();
    index += 1;
    // A size of 0 (to the end) or 1 (64-bit): exiftool stops there, others read on.
    if (name.clamped || uint32(bytes, name.offset) < 8) return null;
    if (LOCATION_KEY.test(ascii(bytes, name.start, name.end - name.start))) {
      located.set(index, name);
    }
    if (name.end === keys.end) return index === count ? located : null;
  }
  return count === 0 && keys.start + 8 === keys.end ? located : null;
}
