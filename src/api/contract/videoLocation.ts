// What a published video may carry of where it was made: nothing. Phones write the place into
// every video (QuickTime user data `©xyz`, 3GPP `loci`, the Keys metadata
// `com.apple.quicktime.location.*`, XMP with exif:GPS*). This is the one rule, in the contract
// because both sides apply it: the browser before a guest's video is sent, the API before it
// publishes one (an API client may not have stripped it). Pure: bytes in, the same bytes out.
//
// The location is neutralised IN PLACE, never cut out: a box becomes a `free` box of the same
// size with its payload zeroed, a Keys name is zeroed where it stands. Nothing moves, so every
// chunk offset (stco/co64) into mdat stays valid and the file plays as before.

/** What kind of location a neutralised range held. */
export type VideoLocationKind = 'quicktime-xyz' | '3gpp-loci' | 'keys-location' | 'xmp';

/** A range of the file that was (or, for findVideoLocation, would be) overwritten. */
export interface VideoLocationRange {
  kind: VideoLocationKind;
  /** The boxes down to it, e.g. `moov/udta/©xyz`, `moov/meta/keys#2`. */
  path: string;
  offset: number;
  size: number;
}

export interface StrippedVideoLocation {
  /** The very array that was passed in, rewritten in place. */
  bytes: Uint8Array;
  /** What was neutralised: every byte outside these ranges is as it was. */
  removed: VideoLocationRange[];
  /** A box ran past its parent or the file (a cut-off upload): what was there was still walked. */
  malformed: boolean;
}

/** Adobe's UUID for an XMP packet in a top-level (or udta) `uuid` box. */
const XMP_UUID = [
  0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac,
];
/** `©xyz`: the first byte is 0xA9, read here as latin1 like every box type. */
const QUICKTIME_XYZ = '\u00a9xyz';
/** Boxes whose children are boxes and may hold location (meta is read on its own). */
const CONTAINERS = new Set(['moov', 'trak', 'udta', 'ilst']);
/** A Keys name that says where: Apple's `com.apple.quicktime.location.*`, and anyone's GPS. */
const LOCATION_KEY = /location|gps|iso6709/i;
/** Deeper than any real file nests: a crafted file can't make the walk recurse without end. */
const MAX_DEPTH = 16;

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

const ascii = (bytes: Uint8Array, start: number, length = 4) => {
  let text = '';
  for (let i = start; i < start + length && i < bytes.length; i += 1) {
    text += String.fromCharCode(bytes[i]!);
  }
  return text;
};

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/**
 * The boxes laid end to end within [start, end). Each step moves on by at least 8 bytes, so it
 * ends; a size 0 box runs to `end`; a box that runs past `end` is given clamped to it, and is the
 * last; a header that can't be read (too short, a size below its header) ends the list.
 */
export function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box> {
  const limit = Math.min(end, bytes.length);
  let at = start;
  while (at + 8 <= limit) {
    let size = uint32(bytes, at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > limit) return;
      size = uint32(bytes, at + 8) * 2 ** 32 + uint32(bytes, at + 12);
      header = 16;
    } else if (size === 0) {
      size = limit - at;
    }
    if (size < header) return;
    const clamped = at + size > limit;
    const boxEnd = clamped ? limit : at + size;
    yield { type: ascii(bytes, at + 4), offset: at, start: at + header, end: boxEnd, clamped };
    if (clamped) return;
    at = boxEnd;
  }
}

/** A box's range to neutralise, found by the walk. */
interface Finding extends VideoLocationRange {
  /** `free`: rename to free and zero the payload; `zero`: zero the range (a Keys name). */
  action: 'free' | 'zero';
  /** For XMP: whether it names a GPS position (what findVideoLocation reports). */
  gps?: boolean;
}

interface Walk {
  bytes: Uint8Array;
  findings: Finding[];
  malformed: boolean;
}

const found = (walk: Walk, kind: VideoLocationKind, box: Box, path: string, gps?: boolean) =>
  walk.findings.push({
    kind,
    path,
    offset: box.offset,
    size: box.end - box.offset,
    action: 'free',
    ...(gps === undefined ? {} : { gps }),
  });

/** Text that only location metadata holds: none of it may be left anywhere in a published file. */
const LOCATION_MARKERS = [
  'com.apple.quicktime.location',
  'GPSLatitude',
  'GPSLongitude',
  'GPSCoordinates',
];

/** Where `marker` (ASCII) first stands in `bytes`, or -1. */
function indexOfText(bytes: Uint8Array, marker: string): number {
  const first = marker.charCodeAt(0);
  for (let at = bytes.indexOf(first); at >= 0; at = bytes.indexOf(first, at + 1)) {
    let i = 1;
    while (i < marker.length && bytes[at + i] === marker.charCodeAt(i)) i += 1;
    if (i === marker.length) return at;
  }
  return -1;
}

const isXmpUuid = (bytes: Uint8Array, box: Box) =>
  box.start + 16 <= box.end && XMP_UUID.every((b, i) => bytes[box.start + i] === b);

const mentionsGps = (bytes: Uint8Array, box: Box) =>
  LOCATION_MARKERS.some((marker) => indexOfText(bytes.subarray(box.start, box.end), marker) >= 0);

/** Walks the boxes in [start, end), noting every location box met; descends into containers. */
function visit(walk: Walk, start: number, end: number, path: string, depth: number): void {
  if (depth > MAX_DEPTH) return;
  for (const box of boxes(walk.bytes, start, end)) {
    if (box.clamped) walk.malformed = true;
    const here = path ? `${path}/${box.type}` : box.type;
    if (box.type === QUICKTIME_XYZ) found(walk, 'quicktime-xyz', box, here);
    else if (box.type === 'loci') found(walk, '3gpp-loci', box, here);
    else if (box.type === 'XMP_') found(walk, 'xmp', box, here, mentionsGps(walk.bytes, box));
    else if (box.type === 'uuid' && isXmpUuid(walk.bytes, box)) {
      found(walk, 'xmp', box, here, mentionsGps(walk.bytes, box));
    } else if (box.type === 'meta') visitMeta(walk, box, here, depth + 1);
    else if (CONTAINERS.has(box.type)) visit(walk, box.start, box.end, here, depth + 1);
  }
}

/**
 * A `meta` box: ISO's is a full box (4 bytes of version and flags before its children),
 * QuickTime's is not; a full box's version and flags are 0 where a child's size can't be.
 * Its Keys (`keys` names, `ilst` values by 1-based index) lose each location name and value;
 * Keys that can't be read take the whole meta box with them, location and all.
 */
function visitMeta(walk: Walk, meta: Box, path: string, depth: number): void {
  const { bytes } = walk;
  const childrenStart = meta.start + 4 <= meta.end && uint32(bytes, meta.start) === 0 ? 4 : 0;
  const children = [...boxes(bytes, meta.start + childrenStart, meta.end)];
  const keys = children.find((box) => box.type === 'keys');
  const locationKeys = keys ? readLocationKeys(bytes, keys) : new Map<number, Box>();
  if (locationKeys === null) {
    walk.malformed = true;
    found(walk, 'keys-location', meta, path);
    return;
  }
  for (const [index, name] of locationKeys) {
    walk.findings.push({
      kind: 'keys-location',
      path: `${path}/keys#${index}`,
      offset: name.start,
      size: name.end - name.start,
      action: 'zero',
    });
  }
  for (const child of children) {
    if (child.clamped) walk.malformed = true;
    if (child.type === 'ilst') {
      for (const item of boxes(bytes, child.start, child.end)) {
        const index = uint32(bytes, item.offset + 4);
        if (locationKeys.has(index)) found(walk, 'keys-location', item, `${path}/ilst/${index}`);
        else if (item.type === QUICKTIME_XYZ)
          found(walk, 'quicktime-xyz', item, `${path}/ilst/©xyz`);
      }
    } else if (child.type !== 'keys' && child.type !== 'hdlr') {
      // Anything else in it (XMP, user data) as anywhere else.
      visit(walk, child.offset, child.end, path, depth);
    }
  }
}

/**
 * The Keys entries (1-based index: the name's bytes) whose name says where; null when the
 * list runs past its box, so the indexes after it can't be trusted.
 */
function readLocationKeys(bytes: Uint8Array, keys: Box): Map<number, Box> | null {
  const located = new Map<number, Box>();
  if (keys.start + 8 > keys.end) return null;
  const count = uint32(bytes, keys.start + 4);
  let at = keys.start + 8;
  for (let index = 1; index <= count; index += 1) {
    if (at + 8 > keys.end) return null;
    const size = uint32(bytes, at);
    if (size < 8 || at + size > keys.end) return null;
    const name = { type: ascii(bytes, at + 4), offset: at, start: at + 8, end: at + size };
    if (LOCATION_KEY.test(ascii(bytes, name.start, name.end - name.start))) {
      located.set(index, { ...name, clamped: false });
    }
    at += size;
  }
  return located;
}

function locate(bytes: Uint8Array): Walk {
  const walk: Walk = { bytes, findings: [], malformed: false };
  visit(walk, 0, bytes.length, '', 0);
  return walk;
}

const FREE = [0x66, 0x72, 0x65, 0x65];

/**
 * Neutralises every location box of an mp4 or mov in place (see the top of this file) and says
 * what it removed. The same length comes back, and every byte outside `removed` is untouched; a
 * file with no location comes back byte for byte. Never throws: bytes that are no video, or a
 * cut-off one, are walked as far as they read.
 */
export function stripVideoLocation(bytes: Uint8Array): StrippedVideoLocation {
  const walk = locate(bytes);
  const removed: VideoLocationRange[] = [];
  for (const { kind, path, offset, size, action } of walk.findings) {
    const end = offset + size;
    if (action === 'free') {
      // The size stays (a 64-bit one too); the type, any UUID and the payload go.
      const headerEnd = uint32(bytes, offset) === 1 ? offset + 16 : offset + 8;
      bytes.set(FREE, offset + 4);
      bytes.fill(0, Math.min(headerEnd, end), end);
    } else {
      bytes.fill(0, offset, end);
    }
    removed.push({ kind, path, offset, size });
  }
  return { bytes, removed, malformed: walk.malformed };
}

/**
 * For tests: every location a video still carries, described (`quicktime-xyz at
 * moov/udta/©xyz`), from the box tree and from a scan of all its bytes for the markers above.
 * Empty: none left.
 */
export function findVideoLocation(bytes: Uint8Array): string[] {
  const left = locate(bytes)
    .findings.filter((f) => f.kind !== 'xmp' || f.gps)
    .map((f) => `${f.kind} at ${f.path}`);
  for (const marker of LOCATION_MARKERS) {
    const at = indexOfText(bytes, marker);
    if (at >= 0) left.push(`"${marker}" at byte ${at}`);
  }
  return left;
}
