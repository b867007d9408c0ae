// Videos made at test time (never committed) for the location rule's harder cases: a location
// recorded as a track (GoPro's GPMF, Apple's timed metadata, Google's CAMM), the places a
// location hid from the first rule (a second Keys list, XMP in a free box or in a track's media
// box, ©xyz in a media box's user data), and a file of millions of empty location boxes. Each is
// the seed video with boxes added by ./locatedVideos.ts, so its chunk offsets still hold. What a
// stranger reads of a published copy: ./videoProbes.ts.
import { readFileSync } from 'node:fs';
import {
  KEYS_LOCATION,
  LOCATION_KEY,
  type LocatedVideo,
  SEED_VIDEO,
  box,
  fullBox,
  insertBox,
  quickTimeXyz,
  xmpPacket,
  xmpUuid,
} from './locatedVideos';

/** The place the tracks record: Apple Park again, so LOCATION_TEXTS finds the text forms. */
export const TRACK_LATITUDE = 37.3349;
export const TRACK_LONGITUDE = -122.009;

const text = (value: string) => Buffer.from(value, 'latin1');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const uint16 = (value: number) => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
};

/** GPMF's key-length-value: a key, a type, the size of one value and how many, padded to 4. */
function klv(key: string, type: string, size: number, repeat: number, data: Buffer): Buffer {
  const padding = Buffer.alloc((4 - (data.length % 4)) % 4);
  return Buffer.concat([text(key), text(type), Buffer.from([size]), uint16(repeat), data, padding]);
}
const int32s = (...values: number[]) =>
  Buffer.concat(
    values.map((v) => {
      const bytes = Buffer.alloc(4);
      bytes.writeInt32BE(Math.round(v));
      return bytes;
    }),
  );
const nested = (key: string, ...parts: Buffer[]) => {
  const data = Buffer.concat(parts);
  return klv(key, '\0', 1, data.length, data);
};

/** One GoPro GPMF sample: a device whose GPS stream gives the place (GPS5, scaled by SCAL). */
export function gpmfSample(): Buffer {
  const name = text('Camera');
  return nested(
    'DEVC',
    klv('DVID', 'L', 4, 1, uint32(1)),
    klv('DVNM', 'c', name.length, 1, name),
    nested(
      'STRM',
      klv('SCAL', 'l', 4, 5, int32s(10_000_000, 10_000_000, 1000, 1000, 100)),
      klv('GPS5', 'l', 20, 1, int32s(TRACK_LATITUDE * 1e7, TRACK_LONGITUDE * 1e7, 12_345, 0, 0)),
    ),
  );
}

/** One Apple timed metadata sample: the value of local key 1, the ISO 6709 location. */
export const mebxSample = () => box('\0\0\0\x01', Buffer.from(KEYS_LOCATION, 'utf8'));

/** One CAMM sample of type 5 (GPS: latitude, longitude, altitude), little-endian. */
export function cammSample(): Buffer {
  const bytes = Buffer.alloc(28);
  bytes.writeUInt16LE(5, 2);
  bytes.writeDoubleLE(TRACK_LATITUDE, 4);
  bytes.writeDoubleLE(TRACK_LONGITUDE, 12);
  bytes.writeDoubleLE(12.345, 20);
  return bytes;
}

export type TrackFormat = 'gpmd' | 'mebx' | 'camm';

const SAMPLE_ENTRY_HEAD = Buffer.concat([Buffer.alloc(6), uint16(1)]);

/** The stsd entry each format is described by; mebx names its key (as an iPhone does). */
function sampleEntry(format: TrackFormat): Buffer {
  if (format !== 'mebx') return box(format, SAMPLE_ENTRY_HEAD);
  const key = box(
    '\0\0\0\x01',
    box('keyd', text('mdta'), text(LOCATION_KEY)),
    box('dtyp', uint32(0), uint32(1)),
  );
  return box('mebx', SAMPLE_ENTRY_HEAD, box('keys', key));
}

const SAMPLES: Record<TrackFormat, () => Buffer> = {
  gpmd: gpmfSample,
  mebx: mebxSample,
  camm: cammSample,
};

/** Bytes between chunks that belong to no sample: they must come back as they were. */
export const FILLER_BYTE = 0xee;

export interface TrackedVideo {
  bytes: Buffer;
  /** Where each sample is, in the finished file. */
  samples: { offset: number; size: number }[];
}

/** A table of 32-bit numbers, as one buffer (a spread of 90,000 arguments overflows the stack). */
function uint32s(values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => bytes.writeUInt32BE(value, i * 4));
  return bytes;
}

/** The sample tables of a track (stsc runs as [first chunk, samples per chunk]). */
interface SampleTables {
  runs: [number, number][];
  /** One size for every sample, or each sample's size. */
  sizes: { each: number; count: number } | number[];
  /** Chunk offsets as in `video` before the trak goes in (insertBox moves them with the rest). */
  chunkOffsets: number[];
}

/** `video` with a trak of `format` and these tables added to its moov, and `payload` as an mdat at its end. */
function withTrack(video: Buffer, format: TrackFormat, tables: SampleTables, payload: Buffer) {
  const { runs, sizes, chunkOffsets } = tables;
  const stsz = Array.isArray(sizes)
    ? fullBox('stsz', uint32(0), uint32(sizes.length), uint32s(sizes))
    : fullBox('stsz', uint32(sizes.each), uint32(sizes.count));
  const stbl = box(
    'stbl',
    fullBox('stsd', uint32(1), sampleEntry(format)),
    fullBox('stts', uint32(1), uint32(4), uint32(100)),
    fullBox(
      'stsc',
      uint32(runs.length),
      ...runs.flatMap(([first, n]) => [first, n, 1].map(uint32)),
    ),
    stsz,
    fullBox('stco', uint32(chunkOffsets.length), uint32s(chunkOffsets)),
  );
  const dinf = box('dinf', fullBox('dref', uint32(1), box('url ', uint32(1))));
  const handler = format === 'camm' ? 'camm' : 'meta';
  const mdia = box(
    'mdia',
    fullBox('mdhd', uint32(0), uint32(0), uint32(1000), uint32(400), uint16(0x55c4), uint16(0)),
    fullBox('hdlr', uint32(0), text(handler), Buffer.alloc(12), text('Location\0')),
    box('minf', fullBox('nmhd'), dinf, stbl),
  );
  const tkhd = fullBox(
    'tkhd',
    uint32(0),
    uint32(0),
    uint32(2),
    uint32(0),
    uint32(400),
    Buffer.alloc(8 + 8),
    ...[0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(uint32),
    uint32(0),
    uint32(0),
  );
  const moved = insertBox(video, ['moov'], box('trak', tkhd, mdia));
  return {
    bytes: Buffer.concat([moved, box('mdat', payload)]),
    shift: moved.length - video.length,
  };
}

/**
 * `video` with a timed metadata track of `format` added to its moov: four samples in three
 * chunks (two, one, one: two runs in stsc), in a second mdat at the end of the file, with filler
 * between the chunks.
 */
export function withTimedMetadataTrack(video: Buffer, format: TrackFormat): TrackedVideo {
  const sample = SAMPLES[format]();
  const filler = Buffer.alloc(16, FILLER_BYTE);
  const chunks = [Buffer.concat([sample, sample]), sample, sample];
  const payload = Buffer.concat(chunks.flatMap((chunk) => [chunk, filler]));
  const chunkOffsets: number[] = [];
  let at = video.length + 8;
  for (const chunk of chunks) {
    chunkOffsets.push(at);
    at += chunk.length + filler.length;
  }
  const runs: [number, number][] = [
    [1, 2],
    [2, 1],
  ];
  const sizes = [sample.length, sample.length, sample.length, sample.length];
  const { bytes, shift } = withTrack(video, format, { runs, sizes, chunkOffsets }, payload);
  const starts = [chunkOffsets[0]!, chunkOffsets[0]! + sample.length, ...chunkOffsets.slice(1)];
  return {
    bytes,
    samples: starts.map((offset, i) => ({ offset: offset + shift, size: sizes[i]! })),
  };
}

/**
 * `video` with a GPMF track of `chunks` chunks that all start at one `size`-byte sample of
 * GPS samples back to back: a reader finds the place `chunks` times over the same bytes.
 */
export function withOverlappingChunks(video: Buffer, chunks: number, size: number): TrackedVideo {
  const sample = gpmfSample();
  const payload = Buffer.alloc(size, sample);
  const start = video.length + 8;
  const tables: SampleTables = {
    runs: [[1, 1]],
    sizes: { each: size, count: chunks },
    chunkOffsets: Array.from({ length: chunks }, () => start),
  };
  const { bytes, shift } = withTrack(video, 'gpmd', tables, payload);
  return { bytes, samples: [{ offset: start + shift, size }] };
}

/**
 * (LOW 6) A moov/meta with two Keys lists: the first names the make, the second the location,
 * and ilst's item 1 holds the place. exiftool binds item 1 to the last list read: the location.
 */
export function withSecondKeys(video: Buffer): Buffer {
  const hdlr = fullBox('hdlr', uint32(0), text('mdta'), Buffer.alloc(12), Buffer.alloc(1));
  const keys = (name: string) => fullBox('keys', uint32(1), box('mdta', text(name)));
  const data = box('data', uint32(1), uint32(0), Buffer.from(KEYS_LOCATION, 'utf8'));
  const item = Buffer.concat([uint32(8 + data.length), uint32(1), data]);
  const meta = box(
    'meta',
    hdlr,
    keys('com.apple.quicktime.make'),
    keys(LOCATION_KEY),
    box('ilst', item),
  );
  return insertBox(video, ['moov'], meta);
}

/** (LOW 6) A top-level free box holding an XMP packet that gives the place, after ftyp. */
export const withXmpInFree = (video: Buffer) =>
  insertBox(video, [], box('free', xmpPacket()), 'ftyp');

/** (LOW 6) A track's mdia holding XMP: Adobe's uuid box and an `XMP_` box. */
export const withXmpInMdia = (video: Buffer) =>
  insertBox(
    insertBox(video, ['moov', 'trak', 'mdia'], xmpUuid()),
    ['moov', 'trak', 'mdia'],
    box('XMP_', xmpPacket()),
  );

/** (LOW 6) `©xyz` in the user data of a track's mdia. */
export const withXyzInMdiaUdta = (video: Buffer) =>
  insertBox(video, ['moov', 'trak', 'mdia', 'udta'], quickTimeXyz());

/** The LOW 6 layouts, by what each carries (for test names). */
export const hiddenLocations = (video: Buffer): [string, Buffer][] => [
  ['a second keys list naming the location', withSecondKeys(video)],
  ['XMP in a top-level free box', withXmpInFree(video)],
  ['XMP (uuid and XMP_) in a track’s mdia', withXmpInMdia(video)],
  ['©xyz in mdia/udta', withXyzInMdiaUdta(video)],
];

/**
 * One video with all of the above: a GPMF, an mebx and a CAMM track, and every LOW 6 layout, as
 * the review form takes a file (for a browser test that sends it and plays what is published).
 */
export function trackedVideo(video: Buffer = readFileSync(SEED_VIDEO)): LocatedVideo {
  const tracked = (['gpmd', 'mebx', 'camm'] as TrackFormat[]).reduce(
    (bytes, format) => withTimedMetadataTrack(bytes, format).bytes,
    video,
  );
  return {
    carries: 'GPMF, mebx and CAMM tracks and locations in hidden boxes (mp4)',
    name: 'GX_tracked.mp4',
    type: 'video/mp4',
    bytes: withXyzInMdiaUdta(withXmpInMdia(withXmpInFree(withSecondKeys(tracked)))),
  };
}

/**
 * `video` grown to `size` bytes by empty `©xyz` boxes (8 bytes each, the smallest box) in its
 * moov/udta, as the security probe sent: millions of boxes, each one a location box to note.
 */
export function withEmptyXyzBoxes(video: Buffer, size: number): { bytes: Buffer; count: number } {
  const count = Math.floor((size - video.length) / 8);
  const filler = Buffer.alloc(count * 8, box('\u00a9xyz'));
  return { bytes: insertBox(video, ['moov', 'udta'], filler), count };
}
