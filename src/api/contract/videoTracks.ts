// A video's timed metadata tracks, and where their samples lie. A camera may record where it was
// as a track of its own, sampled as the video runs: GoPro's GPMF (`gpmd`), Apple's timed metadata
// (`mebx`, keyed like the Keys), Google's Camera Motion Metadata (`camm`), dashcams' text tracks.
// Such a track is neither picture nor sound, so nothing a viewer sees or hears is lost when its
// samples are zeroed where they stand; its sample tables (stsc, stsz or stz2, stco or co64) say
// exactly which bytes those are, the way every reader (exiftool -ee among them) finds them.
import { type Box, ascii, isZero, uint32, uint64 } from './videoBoxes';
import { VideoRefusedError } from './videoLocationLimits';

/** Tracks whose samples are what a viewer sees or hears (or the clock and streaming hints). */
const PICTURE_AND_SOUND = new Set(['vide', 'soun', 'auxv', 'pict', 'tmcd', 'hint']);
/** Sample formats that carry a position, whatever handler their track claims. */
const LOCATION_FORMATS = new Set(['gpmd', 'mebx', 'camm']);
/** The tables that say where a track's samples are. */
export const SAMPLE_TABLES = ['stsc', 'stsz', 'stz2', 'stco', 'co64'] as const;
export type SampleTable = (typeof SAMPLE_TABLES)[number];

/** What a walk over a `trak` noted of it. */
export interface TrackNotes {
  /** The boxes down to it, e.g. `moov/trak`. */
  path: string;
  /** Its media handler types (mdia/hdlr): `vide`, `soun`, `meta`, `camm`, `text`, ... */
  handlers: string[];
  /** Its sample entries (stsd), e.g. `avc1`, `gpmd`. */
  entries: Box[];
  tables: Partial<Record<SampleTable, Box>>;
  /** A sample table met twice: which one a reader follows is anyone's guess. */
  repeated: boolean;
}

export const newTrackNotes = (path: string): TrackNotes => ({
  path,
  handlers: [],
  entries: [],
  tables: {},
  repeated: false,
});

/** Whether the track may hold where the camera was: anything that is not picture or sound. */
export const isTimedMetadata = (track: TrackNotes) =>
  track.handlers.some((handler) => !PICTURE_AND_SOUND.has(handler)) ||
  track.entries.some((entry) => LOCATION_FORMATS.has(entry.type));

export interface ByteRange {
  start: number;
  end: number;
}

/** A full box's count at +4, and how many of its `width`-byte entries after `skip` really fit. */
function entriesOf(bytes: Uint8Array, table: Box, skip: number, width: number) {
  if (table.start + skip > table.end) return { at: table.end, count: 0 };
  const declared = uint32(bytes, table.start + skip - 4);
  const fit = Math.floor((table.end - table.start - skip) / width);
  return { at: table.start + skip, count: Math.min(declared, fit) };
}

/** The sizes of a track's samples, summed over a run of them (stsz, or stz2's packed fields). */
interface SampleSizes {
  count: number;
  /** The total size of samples [from, from + n). */
  sum(from: number, n: number): number;
}

function sampleSizes(bytes: Uint8Array, stsz: Box | undefined, stz2: Box | undefined): SampleSizes {
  if (stsz) {
    if (stsz.start + 12 > stsz.end) return { count: 0, sum: () => 0 };
    const fixed = uint32(bytes, stsz.start + 4);
    const declared = uint32(bytes, stsz.start + 8);
    // One size for all: no table, and a count that may be anything (so no loop over it).
    if (fixed !== 0) return { count: declared, sum: (_from, n) => n * fixed };
    const { at, count } = entriesOf(bytes, stsz, 12, 4);
    return { count, sum: (from, n) => sumOf(from, n, (i) => uint32(bytes, at + i * 4)) };
  }
  if (!stz2 || stz2.start + 12 > stz2.end) return { count: 0, sum: () => 0 };
  const bits = bytes[stz2.start + 7]!;
  if (bits !== 4 && bits !== 8 && bits !== 16) throw new VideoRefusedError('unreadable-track');
  const at = stz2.start + 12;
  const fit = Math.floor(((stz2.end - at) * 8) / bits);
  const count = Math.min(uint32(bytes, stz2.start + 8), fit);
  const size = (i: number) => {
    if (bits === 16) return (bytes[at + i * 2]! << 8) | bytes[at + i * 2 + 1]!;
    if (bits === 8) return bytes[at + i]!;
    const byte = bytes[at + (i >> 1)]!;
    return i % 2 === 0 ? byte >> 4 : byte & 0x0f;
  };
  return { count, sum: (from, n) => sumOf(from, n, size) };
}

function sumOf(from: number, n: number, size: (i: number) => number): number {
  let total = 0;
  for (let i = from; i < from + n; i += 1) total += size(i);
  return total;
}

/**
 * The byte ranges the track's samples take, chunk by chunk (adjacent chunks joined), clamped to
 * the file. `takePart` is called once per chunk (the caller's budget). Refuses a track whose
 * tables can't be read one way only (a table twice, chunk runs out of order or empty): a reader could find
 * samples where these ranges don't go. Tables that are missing describe no sample anyone can read.
 * Linear in the tables' entries: a run of samples of one size is multiplied, never looped.
 */
export function sampleRanges(
  bytes: Uint8Array,
  track: TrackNotes,
  takePart: () => void,
): ByteRange[] {
  const { stsc, stsz, stz2, stco, co64 } = track.tables;
  if (track.repeated || (stsz && stz2) || (stco && co64)) {
    throw new VideoRefusedError('unreadable-track');
  }
  const sizes = sampleSizes(bytes, stsz, stz2);
  const offsetsTable = stco ?? co64;
  if (!stsc || !offsetsTable || sizes.count === 0) return [];
  const wide = offsetsTable.type === 'co64';
  const offsets = entriesOf(bytes, offsetsTable, 8, wide ? 8 : 4);
  const runs = entriesOf(bytes, stsc, 8, 12);
  const firstChunk = (run: number) => uint32(bytes, runs.at + run * 12);
  const samplesPerChunk = (run: number) => uint32(bytes, runs.at + run * 12 + 4);
  for (let run = 0; run < runs.count; run += 1) {
    const inOrder = run === 0 ? firstChunk(run) === 1 : firstChunk(run) > firstChunk(run - 1);
    if (!inOrder || samplesPerChunk(run) === 0) throw new VideoRefusedError('unreadable-track');
  }
  const ranges: ByteRange[] = [];
  let run = 0;
  let sample = 0;
  for (let chunk = 1; chunk <= offsets.count && run < runs.count; chunk += 1) {
    takePart();
    while (run + 1 < runs.count && firstChunk(run + 1) <= chunk) run += 1;
    const n = Math.min(samplesPerChunk(run), sizes.count - sample);
    if (n <= 0) break;
    const at = offsets.at + (chunk - 1) * (wide ? 8 : 4);
    const start = wide ? uint64(bytes, at) : uint32(bytes, at);
    const end = Math.min(start + sizes.sum(sample, n), bytes.length);
    sample += n;
    if (start >= end) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.end === start) last.end = end;
    else ranges.push({ start, end });
  }
  return ranges;
}

/**
 * What to overwrite of a timed metadata track: its samples' ranges (each inside a top-level
 * mdat's payload), and the children of each Apple `mebx` entry (after its 8 bytes of reserved and
 * data reference index: the keys that name what the samples hold), unless already one zeroed
 * `free` box. A sample outside the media data, or samples also described in fragments (a `moof`,
 * which the tables don't cover), can't be zeroed safely: the video is refused.
 */
export function trackRanges(
  bytes: Uint8Array,
  track: TrackNotes,
  file: { mdats: Box[]; fragmented: boolean },
  takePart: () => void,
): { samples: ByteRange[]; descriptions: ByteRange[] } {
  if (file.fragmented) throw new VideoRefusedError('unreadable-track');
  const samples = sampleRanges(bytes, track, takePart);
  for (const range of samples) {
    const mdat = mdatHolding(file.mdats, range.start);
    if (!mdat || range.end > mdat.end) throw new VideoRefusedError('unreadable-track');
  }
  const descriptions: ByteRange[] = [];
  for (const entry of track.entries) {
    if (entry.type !== 'mebx') continue;
    const keys = { start: Math.min(entry.start + 8, entry.end), end: entry.end };
    if (!isFilledFree(bytes, keys.start, keys.end)) descriptions.push(keys);
  }
  return { samples, descriptions };
}

/**
 * `ranges` sorted and merged where they overlap or touch. Chunks may overlap, within a track or
 * across tracks (a crafted file can point 100,000 chunks at one 50 MB range): merged first, each
 * byte is looked at and zeroed once, so the work stays linear in the file's size.
 */
export function mergeRanges<T extends ByteRange>(ranges: T[]): T[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const merged: T[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** The mdat whose payload holds `at` (a walk meets them in file order), by bisection. */
function mdatHolding(mdats: Box[], at: number): Box | undefined {
  let low = 0;
  let high = mdats.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const mdat = mdats[middle]!;
    if (at < mdat.start) high = middle - 1;
    else if (at >= mdat.end) low = middle + 1;
    else return mdat;
  }
  return undefined;
}

/** Whether [start, end) is already one `free` box of zeros (or zeros, under 8 bytes). */
function isFilledFree(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start < 8) return isZero(bytes, start, end);
  return (
    uint32(bytes, start) === end - start &&
    ascii(bytes, start + 4) === 'free' &&
    isZero(bytes, start + 8, end)
  );
}
