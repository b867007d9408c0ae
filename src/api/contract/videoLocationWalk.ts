// The location rule's walk (./videoLocation.ts): one pass over a video's boxes that notes every
// range holding where it was made, changing nothing. Each box is read once; the walk counts what
// it reads and how deep it goes, and past MAX_VIDEO_PARTS or MAX_VIDEO_BOX_DEPTH it refuses the
// video, so its time and its notes are bounded whatever the file holds.
import { type Box, ascii, boxAt, boxes, indexOfText, isZero, uint32 } from './videoBoxes';
import { MAX_VIDEO_BOX_DEPTH, MAX_VIDEO_PARTS, VideoRefusedError } from './videoLocationLimits';
import {
  type ByteRange,
  type SampleTable,
  type TrackNotes,
  SAMPLE_TABLES,
  isTimedMetadata,
  mergeRanges,
  newTrackNotes,
  trackRanges,
} from './videoTracks';
import { readMeta } from './videoKeys';

/** What kind of location a neutralised range held. */
export type VideoLocationKind =
  | 'quicktime-xyz'
  | '3gpp-loci'
  | 'keys-location'
  | 'xmp'
  | 'gpmf'
  /** The samples of a timed metadata track (GPMF, mebx, CAMM, a text track), or its keys. */
  | 'timed-metadata'
  /** What a `free`/`skip` box held: readers look there too (dashcams' GPS, hidden XMP). */
  | 'free-space';

/** A range of the file that was (or, for findVideoLocation, would be) overwritten. */
export interface VideoLocationRange {
  kind: VideoLocationKind;
  /** The boxes down to it, e.g. `moov/udta/©xyz`, `moov/meta/keys#2`. */
  path: string;
  offset: number;
  size: number;
}

/** Adobe's UUID for an XMP packet in a top-level (or udta) `uuid` box. */
const XMP_UUID = [
  0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac,
];
/** `©xyz`: the first byte is 0xA9, read here as latin1 like every box type. */
const QUICKTIME_XYZ = '\u00a9xyz';
/** Boxes whose children are boxes and may hold location (meta and trak are read on their own). */
const CONTAINERS = new Set([
  'moov',
  'mdia',
  'minf',
  'stbl',
  'dinf',
  'edts',
  'udta',
  'ilst',
  'mvex',
  'moof',
  'traf',
]);
/** Boxes a player skips: whatever they hold beyond zeros goes. */
const FREE_SPACE = new Set(['free', 'skip', 'wide']);

/** A range to neutralise, found by the walk. */
export interface Finding extends VideoLocationRange {
  /**
   * `free`: the box keeps its size field, is renamed `free` and its payload zeroed;
   * `zero`: the range is zeroed; `fill`: the range becomes one zeroed `free` box (or zeros, when
   * under 8 bytes).
   */
  action: 'free' | 'zero' | 'fill';
  /** Whether it names a GPS position (what findVideoLocation reports of XMP and free space). */
  gps?: boolean;
}

export interface Walk {
  bytes: Uint8Array;
  findings: Finding[];
  malformed: boolean;
  /** Boxes, Keys entries and metadata chunks read so far (MAX_VIDEO_PARTS). */
  parts: number;
  /** The top-level media data boxes: the only place a metadata sample may be zeroed. */
  mdats: Box[];
  /** A top-level `moof`: samples are also described outside the tracks' tables. */
  fragmented: boolean;
  /** Timed metadata tracks, neutralised once every mdat is known. */
  tracks: TrackNotes[];
}

/** One more part read: past the cap, the video is refused before anything is changed. */
function takePart(walk: Walk): void {
  walk.parts += 1;
  if (walk.parts > MAX_VIDEO_PARTS) throw new VideoRefusedError('too-many-parts');
}

function note(
  walk: Walk,
  kind: VideoLocationKind,
  range: { offset: number; end: number },
  path: string,
  action: Finding['action'],
  gps?: boolean,
): void {
  const finding: Finding = {
    kind,
    path,
    offset: range.offset,
    size: range.end - range.offset,
    action,
  };
  if (gps !== undefined) finding.gps = gps;
  walk.findings.push(finding);
}

/** Text that only location metadata holds: none of it may be left anywhere in a published file. */
export const LOCATION_MARKERS = [
  'com.apple.quicktime.location',
  'GPSLatitude',
  'GPSLongitude',
  'GPSCoordinates',
];

const isXmpUuid = (bytes: Uint8Array, box: Box) =>
  box.start + 16 <= box.end && XMP_UUID.every((b, i) => bytes[box.start + i] === b);

const mentionsGps = (bytes: Uint8Array, box: Box) =>
  LOCATION_MARKERS.some((marker) => indexOfText(bytes.subarray(box.start, box.end), marker) >= 0);

/** A box's path: made only for a box noted or descended into, not for each box walked. */
const join = (path: string, type: string) => (path ? `${path}/${type}` : type);

/** Walks the boxes in [start, end), each one once; `track` is the trak they are in, if any. */
function visit(
  walk: Walk,
  start: number,
  end: number,
  path: string,
  depth: number,
  track?: TrackNotes,
): void {
  if (depth > MAX_VIDEO_BOX_DEPTH) throw new VideoRefusedError('too-deep');
  const parent = path.slice(path.lastIndexOf('/') + 1);
  const { bytes } = walk;
  // boxAt, not the boxes() generator: this loop runs for every box of a file, up to the cap.
  for (
    let box = boxAt(bytes, start, end);
    box;
    box = box.clamped ? null : boxAt(bytes, box.end, end)
  ) {
    takePart(walk);
    visitBox(walk, box, path, parent, depth, track);
  }
}

/** One box at `depth` under `path`: noted if it says where, descended into if it holds boxes. */
function visitBox(
  walk: Walk,
  box: Box,
  path: string,
  parent: string,
  depth: number,
  track?: TrackNotes,
): void {
  const { bytes } = walk;
  const { type } = box;
  if (box.clamped) walk.malformed = true;
  if (type === QUICKTIME_XYZ) note(walk, 'quicktime-xyz', box, join(path, type), 'free');
  else if (type === 'loci') note(walk, '3gpp-loci', box, join(path, type), 'free');
  else if (type === 'GPMF') note(walk, 'gpmf', box, join(path, type), 'free');
  else if (type === 'XMP_' || (type === 'uuid' && isXmpUuid(bytes, box))) {
    note(walk, 'xmp', box, join(path, type), 'free', mentionsGps(bytes, box));
  } else if (FREE_SPACE.has(type)) {
    if (!isZero(bytes, box.start, box.end)) {
      const payload = { offset: box.start, end: box.end };
      note(walk, 'free-space', payload, join(path, type), 'zero', mentionsGps(bytes, box));
    }
  } else if (type === 'meta') visitMeta(walk, box, join(path, type), depth + 1);
  else if (type === 'trak') visitTrak(walk, box, join(path, type), depth + 1);
  else if (type === 'mdat' && depth === 0) walk.mdats.push(box);
  else if (track && parent === 'mdia' && type === 'hdlr') {
    // A full box: version and flags, then QuickTime's component type, then the handler.
    if (box.start + 12 <= box.end) track.handlers.push(ascii(bytes, box.start + 8));
  } else if (track && parent === 'stbl' && type === 'stsd') visitSampleEntries(walk, box, track);
  else if (track && parent === 'stbl' && (SAMPLE_TABLES as readonly string[]).includes(type)) {
    const table = type as SampleTable;
    if (track.tables[table]) track.repeated = true;
    track.tables[table] = box;
  } else if (CONTAINERS.has(type)) {
    if (type === 'moof' && depth === 0) walk.fragmented = true;
    visit(walk, box.start, box.end, join(path, type), depth + 1, track);
  }
}

/** A track: walked like any container, and kept for later if it is timed metadata. */
function visitTrak(walk: Walk, trak: Box, path: string, depth: number): void {
  const track = newTrackNotes(path);
  visit(walk, trak.start, trak.end, path, depth, track);
  if (isTimedMetadata(track)) walk.tracks.push(track);
}

/** The sample entries of a track's stsd (a full box: version and flags, then their count). */
function visitSampleEntries(walk: Walk, stsd: Box, track: TrackNotes): void {
  for (const entry of boxes(walk.bytes, stsd.start + 8, stsd.end)) {
    takePart(walk);
    if (entry.clamped) walk.malformed = true;
    track.entries.push(entry);
  }
}

/**
 * The timed metadata tracks lose their samples, zeroed where they stand, and an Apple `mebx`
 * entry the keys that name them (./videoTracks.ts). The samples of all of them are merged first
 * (chunks may overlap), and what is zeroed already is not noted again.
 */
function neutraliseTracks(walk: Walk): void {
  const samples: (ByteRange & { path: string })[] = [];
  for (const track of walk.tracks) {
    const { samples: ranges, descriptions } = trackRanges(walk.bytes, track, walk, () =>
      takePart(walk),
    );
    const path = `${track.path}:${track.entries[0]?.type ?? track.handlers[0] ?? ''}`;
    for (const range of ranges) samples.push({ ...range, path });
    for (const { start, end } of descriptions) {
      note(walk, 'timed-metadata', { offset: start, end }, `${track.path}/stsd/mebx`, 'fill');
    }
  }
  for (const { start, end, path } of mergeRanges(samples)) {
    if (!isZero(walk.bytes, start, end)) {
      note(walk, 'timed-metadata', { offset: start, end }, path, 'zero');
    }
  }
}

/**
 * A `meta` box (./videoKeys.ts reads its Keys): each Keys name that says where is zeroed, and
 * its value in `ilst` (by 1-based index) becomes a `free` box, as does a `©xyz` item; Keys that
 * can't be read one way only take the whole meta box with them, location and all. Anything else
 * in it (XMP, user data) is walked as anywhere else.
 */
function visitMeta(walk: Walk, meta: Box, path: string, depth: number): void {
  const { bytes } = walk;
  if (depth > MAX_VIDEO_BOX_DEPTH) throw new VideoRefusedError('too-deep');
  const { children, locationKeys } = readMeta(bytes, meta, () => takePart(walk));
  if (locationKeys === null) {
    walk.malformed = true;
    note(walk, 'keys-location', meta, path, 'free');
    return;
  }
  for (const [index, name] of locationKeys) {
    const range = { offset: name.start, end: name.end };
    note(walk, 'keys-location', range, `${path}/keys#${index}`, 'zero');
  }
  for (const child of children) {
    if (child.clamped) walk.malformed = true;
    if (child.type === 'ilst') {
      for (const item of boxes(bytes, child.start, child.end)) {
        takePart(walk);
        if (item.clamped) walk.malformed = true;
        const index = uint32(bytes, item.offset + 4);
        if (locationKeys.has(index)) {
          note(walk, 'keys-location', item, `${path}/ilst/${index}`, 'free');
        } else if (item.type === QUICKTIME_XYZ) {
          note(walk, 'quicktime-xyz', item, `${path}/ilst/©xyz`, 'free');
        }
      }
    } else if (child.type !== 'keys' && child.type !== 'hdlr') {
      visitBox(walk, child, path, 'meta', depth);
    }
  }
}

/** Every location in `bytes`, noted, nothing changed; throws VideoRefusedError past the bounds. */
export function locate(bytes: Uint8Array): Walk {
  const walk: Walk = {
    bytes,
    findings: [],
    malformed: false,
    parts: 0,
    mdats: [],
    fragmented: false,
    tracks: [],
  };
  visit(walk, 0, bytes.length, '', 0);
  neutraliseTracks(walk);
  return walk;
}
