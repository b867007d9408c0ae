import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  LOCATION_KEY,
  LOCATION_TEXTS,
  SEED_VIDEO,
  VIDEO_LOCATION,
  box,
  chunkOffsets,
  fullBox,
  insertBox,
  keysMeta,
  largeBox,
  locatedVideos,
  quickTimeXyz,
  withEveryLocation,
  xmpPacket,
  xmpUuid,
} from '../../../scripts/locatedVideos';
import {
  FILLER_BYTE,
  type TrackFormat,
  hiddenLocations,
  withEmptyXyzBoxes,
  withOverlappingChunks,
  withTimedMetadataTrack,
} from '../../../scripts/craftedVideos';
import {
  MAX_VIDEO_BOX_DEPTH,
  MAX_VIDEO_PARTS,
  VIDEO_REFUSAL_MESSAGES,
  VideoRefusedError,
  findVideoLocation,
  stripVideoLocation,
  type VideoLocationRange,
} from './videoLocation';

const seed = readFileSync(SEED_VIDEO);
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomavc1', 'latin1'));

function strip(bytes: Uint8Array) {
  const copy = Buffer.from(bytes);
  const result = stripVideoLocation(copy);
  expect(result.bytes).toBe(copy);
  expect(copy.length).toBe(bytes.length);
  return { ...result, bytes: copy };
}

function expectOnlyRangesChanged(
  before: Uint8Array,
  after: Uint8Array,
  removed: VideoLocationRange[],
) {
  const inRange = (at: number) => removed.some((r) => at >= r.offset && at < r.offset + r.size);
  const changed: number[] = [];
  for (let at = 0; at < before.length; at += 1) {
    if (before[at] !== after[at] && !inRange(at)) changed.push(at);
  }
  expect(changed).toEqual([]);
}

const holds = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text, 0, 'latin1');

function expectCleared(video: Buffer) {
  expect(findVideoLocation(video)).not.toEqual([]);
  const stripped = strip(video);
  const { bytes, removed } = stripped;
  expect(findVideoLocation(bytes)).toEqual([]);
  for (const text of LOCATION_TEXTS) expect(holds(bytes, text)).toBe(false);
  expect(chunkOffsets(bytes)).toEqual(chunkOffsets(video));
  expectOnlyRangesChanged(video, bytes, removed);
  expect(strip(bytes).removed).toEqual([]);
  return stripped;
}

describe('stripVideoLocation on the videos a phone sends', () => {
  it.each(locatedVideos().map((video) => [video.carries, video] as const))(
    'neutralises %s in place: same length, same chunk offsets, nothing left to find',
    (_carries, video) => {
      expect(expectCleared(video.bytes).malformed).toBe(false);
    },
  );

  it("says what each kind was and where, keeping the Keys that say nothing of where and the location key's slot", () => {
    const [xyz, keys, xmp] = locatedVideos().map((video) => strip(video.bytes));
    expect(xyz!.removed).toEqual([
      { kind: 'quicktime-xyz', path: 'moov/udta/©xyz', offset: expect.any(Number), size: 30 },
    ]);
    expect(keys!.removed.map(({ kind, path }) => [kind, path])).toEqual([
      ['keys-location', 'moov/meta/keys#2'],
      ['keys-location', 'moov/meta/ilst/2'],
    ]);
    expect(xmp!.removed).toEqual([
      { kind: 'xmp', path: 'uuid', offset: seed.readUInt32BE(0), size: expect.any(Number) },
    ]);
    const { bytes } = keys!;
    for (const kept of ['com.apple.quicktime.make', 'Apple', 'com.apple.quicktime.model']) {
      expect(holds(bytes, kept)).toBe(true);
    }
    expect(holds(bytes, 'iPhone 15 Pro')).toBe(true);
    expect(holds(bytes, LOCATION_KEY)).toBe(false);
    // The location's value is a `free` box now, its payload zeroed.
    expect(holds(bytes, 'free\0\0\0\0')).toBe(true);
  });

  it('clears all three in one file', () => {
    const { removed } = expectCleared(withEveryLocation(seed));
    expect(new Set(removed.map((r) => r.kind))).toEqual(
      new Set(['quicktime-xyz', 'keys-location', 'xmp']),
    );
  });

  it.each(['ava-video-latte.mp4', 'ava-video-sunrise.mp4', 'ava-video-zoom.mp4'])(
    'leaves %s, which says nothing of where, byte for byte',
    (name) => {
      const video = readFileSync(path.join(path.dirname(SEED_VIDEO), name));
      const { bytes, removed, malformed } = strip(video);
      expect([removed, malformed]).toEqual([[], false]);
      expect(bytes.equals(video)).toBe(true);
      expect(findVideoLocation(video)).toEqual([]);
    },
  );
});

describe('stripVideoLocation wherever the boxes stand', () => {
  it.each(hiddenLocations(seed))('clears %s in place', (_where, video) => {
    expect(expectCleared(video).removed.length).toBeGreaterThan(0);
  });

  it("finds ©xyz and loci in a track's user data", () => {
    const loci = fullBox('loci', Buffer.from('\x15\xc7Home\0\0', 'latin1'), Buffer.alloc(12));
    const video = insertBox(
      insertBox(seed, ['moov', 'trak', 'udta'], quickTimeXyz()),
      ['moov', 'trak', 'udta'],
      loci,
    );
    expect(expectCleared(video).removed.map((r) => [r.kind, r.path])).toEqual([
      ['quicktime-xyz', 'moov/trak/udta/©xyz'],
      ['3gpp-loci', 'moov/trak/udta/loci'],
    ]);
  });

  it("finds ©xyz in an ISO meta's ilst (udta › meta, a full box) and XMP_ in udta", () => {
    const hdlr = fullBox('hdlr', Buffer.alloc(4), Buffer.from('mdir'), Buffer.alloc(13));
    const meta = fullBox('meta', hdlr, box('ilst', quickTimeXyz()));
    const video = insertBox(
      insertBox(seed, ['moov', 'udta'], meta),
      ['moov', 'udta'],
      box('XMP_', xmpPacket()),
    );
    expect(expectCleared(video).removed.map((r) => [r.kind, r.path])).toEqual([
      ['quicktime-xyz', 'moov/udta/meta/ilst/©xyz'],
      ['xmp', 'moov/udta/XMP_'],
    ]);
  });

  it('reads 64-bit sizes and a last box of size 0 (to the end of the file)', () => {
    const toEnd = Buffer.from(xmpUuid());
    toEnd.writeUInt32BE(0, 0);
    const file = Buffer.concat([
      ftyp,
      largeBox('moov', largeBox('udta', quickTimeXyz())),
      largeBox('mdat', Buffer.alloc(64, 0x11)),
      toEnd,
    ]);
    const { bytes, removed, malformed } = strip(file);
    expect(malformed).toBe(false);
    expect(removed.map((r) => [r.kind, r.path])).toEqual([
      ['quicktime-xyz', 'moov/udta/©xyz'],
      ['xmp', 'uuid'],
    ]);
    // A 64-bit box keeps its 64-bit size; a size 0 box keeps its 0.
    expect(removed[1]!.offset + removed[1]!.size).toBe(file.length);
    expect(bytes.readUInt32BE(removed[1]!.offset)).toBe(0);
    expect(findVideoLocation(bytes)).toEqual([]);
    expectOnlyRangesChanged(file, bytes, removed);
  });

  it('takes XMP whole, also one that names no GPS (a position can hide under any prefix)', () => {
    const plain = Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>');
    const video = insertBox(seed, [], xmpUuid(plain), 'ftyp');
    expect(findVideoLocation(video)).toEqual([]);
    expect(strip(video).removed.map((r) => r.kind)).toEqual(['xmp']);
  });

  // Three keys are there, the location the 2nd: the count is what the file claims.
  it.each([
    ['run past their box (its indexes cannot be trusted)', 9],
    ['hold more entries than they count (exiftool reads them all)', 1],
  ])('takes a whole meta whose Keys %s', (_what, count) => {
    const meta = keysMeta();
    meta.writeUInt32BE(count, meta.indexOf('keys') - 4 + 12);
    const { bytes, removed, malformed } = strip(insertBox(seed, ['moov'], meta));
    expect(malformed).toBe(true);
    expect(removed.map((r) => [r.kind, r.path])).toEqual([['keys-location', 'moov/meta']]);
    expect(findVideoLocation(bytes)).toEqual([]);
  });
});

describe('stripVideoLocation on malformed input', () => {
  const every = withEveryLocation(seed);
  /** Past the end of moov, only mdat's data is cut. */
  const moovEnd = every.indexOf('mdat', 0, 'latin1') + 64;

  it('a video cut off anywhere keeps its length, loses whatever location came, and says it was cut off', () => {
    for (let cut = 0; cut <= moovEnd; cut += 1) {
      const { bytes } = strip(every.subarray(0, cut));
      expect([cut, findVideoLocation(bytes)]).toEqual([cut, []]);
    }
    const cut = every.subarray(0, every.indexOf('ilst', 0, 'latin1') + 20);
    expect(strip(cut).malformed).toBe(true);
  });

  it('never throws but to refuse (changing nothing), keeps the length, changes only what it reports, and needs no second pass', () => {
    const types = 'moov trak mdia hdlr minf stbl stsd stsc stsz stco mdat udta meta keys ilst uuid';
    const boxTypes = fc.constantFrom(...types.split(' '), '\u00a9xyz', 'XMP_', 'free');
    /** Bytes that look like boxes often enough to reach deep into the walk. */
    const boxy = fc
      .array(
        fc.tuple(
          fc.constantFrom(0, 1, 8, 12, 16, 24, 40, 0xffffffff),
          boxTypes,
          fc.uint8Array({ maxLength: 40 }),
        ),
        { maxLength: 12 },
      )
      .map((parts) =>
        Buffer.concat(
          parts.flatMap(([size, type, rest]) => {
            const header = Buffer.alloc(8);
            header.writeUInt32BE(size);
            header.write(type, 4, 'latin1');
            return [header, rest];
          }),
        ),
      );
    const mutated = fc
      .array(fc.tuple(fc.nat({ max: moovEnd }), fc.integer({ min: 0, max: 255 })), { maxLength: 8 })
      .map((edits) => {
        const copy = Buffer.from(every.subarray(0, moovEnd));
        for (const [at, value] of edits) copy[at] = value;
        return copy;
      });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), boxy, mutated), (input) => {
        const before = Buffer.from(input);
        let stripped: ReturnType<typeof strip>;
        try {
          stripped = strip(input);
        } catch (error) {
          expect(error).toBeInstanceOf(VideoRefusedError);
          expect(Buffer.from(input).equals(before)).toBe(true);
          return;
        }
        const { bytes, removed } = stripped;
        expectOnlyRangesChanged(before, bytes, removed);
        expect(strip(bytes).removed).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

function refusal(bytes: Uint8Array): VideoRefusedError {
  try {
    stripVideoLocation(bytes);
  } catch (error) {
    if (error instanceof VideoRefusedError) return error;
    throw error;
  }
  throw new Error('The video was not refused.');
}

/** `bytes` behind a proxy counting single-byte reads: the walk's work, whatever the machine. */
function countingReads(bytes: Uint8Array): { view: Uint8Array; reads: () => number } {
  let reads = 0;
  const view = new Proxy(bytes, {
    get(target, key) {
      if (typeof key === 'string' && key.charCodeAt(0) <= 57) reads += 1;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { view, reads: () => reads };
}

describe('stripVideoLocation, bounded whatever the file holds', () => {
  /** The security probe's upload: 50 MB, the seed video and 6,549,715 empty ©xyz boxes. */
  const probe = withEmptyXyzBoxes(seed, 52_428_800);

  it('refuses 6.5 million empty ©xyz boxes after reading MAX_VIDEO_PARTS of them, changing nothing, and strips 50,000', () => {
    expect(probe.count).toBeGreaterThan(6_500_000);
    expect(probe.bytes.length).toBe(52_428_796);
    const before = Buffer.from(probe.bytes.subarray(0, 2 * 1024 * 1024));
    const { view, reads } = countingReads(probe.bytes);
    const error = refusal(view);
    expect(error.reason).toBe('too-many-parts');
    expect(error.message).toBe(VIDEO_REFUSAL_MESSAGES['too-many-parts']);
    expect(error.message).toMatch(/more than 100,000 boxes.*Please choose another video\.$/);
    // Nothing was changed: the refused video is neither sent nor published, half-stripped or not.
    expect(probe.bytes.subarray(0, before.length).equals(before)).toBe(true);
    // The work stops at the cap: a file 30 times smaller past it costs exactly the same reads.
    const smaller = withEmptyXyzBoxes(seed, seed.length + 2 * MAX_VIDEO_PARTS * 8);
    const counted = countingReads(smaller.bytes);
    expect(refusal(counted.view).reason).toBe('too-many-parts');
    expect(reads()).toBe(counted.reads());
    // About a dozen byte reads a box (its size and type): never a pass over the 50 MB.
    expect(reads()).toBeLessThan(20 * MAX_VIDEO_PARTS);

    // Below the cap, as many location boxes are all stripped, in one walk as long.
    const many = withEmptyXyzBoxes(seed, seed.length + 50_000 * 8);
    const below = countingReads(Buffer.from(many.bytes));
    const { removed } = stripVideoLocation(below.view);
    expect(removed).toHaveLength(50_000);
    expect(new Set(removed.map((r) => r.kind))).toEqual(new Set(['quicktime-xyz']));
    expect(below.reads()).toBeLessThan(20 * 50_000 + 20_000);
    expect(findVideoLocation(below.view)).toEqual([]);
  });

  it(`refuses boxes nested deeper than ${MAX_VIDEO_BOX_DEPTH} rather than leave what is below unread`, () => {
    let nested = quickTimeXyz();
    for (let i = 0; i < MAX_VIDEO_BOX_DEPTH + 2; i += 1) nested = box('udta', nested);
    const deep = insertBox(seed, ['moov'], nested);
    expect(holds(deep, VIDEO_LOCATION)).toBe(true);
    expect(findVideoLocation(deep)).toEqual(['unchecked: refused as too-deep']);
    const before = Buffer.from(deep);
    expect(refusal(deep).reason).toBe('too-deep');
    expect(deep.equals(before)).toBe(true);
  });
});

describe('stripVideoLocation on a location recorded as a track', () => {
  it.each<TrackFormat>(['gpmd', 'mebx', 'camm'])(
    'zeroes every sample of a %s track where it stands, and nothing around them',
    (format) => {
      const video = withTimedMetadataTrack(seed, format);
      const { bytes, removed } = expectCleared(video.bytes);
      for (const { offset, size } of video.samples) {
        expect(bytes.subarray(offset, offset + size).every((b) => b === 0)).toBe(true);
      }
      // Adjacent samples are one range: two chunks of samples apart, with filler between them.
      const samples = removed.filter((r) => r.path === `moov/trak:${format}`);
      expect(samples.map((r) => r.size)).toEqual([
        2 * video.samples[0]!.size,
        video.samples[2]!.size,
        video.samples[3]!.size,
      ]);
      const last = video.samples[3]!;
      expect(bytes.subarray(last.offset + last.size).every((b) => b === FILLER_BYTE)).toBe(true);
    },
  );

  it('zeroes 90,000 chunks over one 4 MB range once: each byte looked at once, not per chunk', () => {
    const size = 4 * 1024 * 1024;
    const video = withOverlappingChunks(seed, 90_000, size);
    const copy = Buffer.from(video.bytes);
    const { view, reads } = countingReads(copy);
    const { removed } = stripVideoLocation(view);
    const { offset } = video.samples[0]!;
    expect(removed.filter((r) => r.kind === 'timed-metadata')).toEqual([
      { kind: 'timed-metadata', path: 'moov/trak:gpmd', offset, size },
    ]);
    expect(copy.subarray(offset, offset + size).every((b) => b === 0)).toBe(true);
    // The walk's reads, and the range's bytes checked once (not 90,000 times 4 MB).
    expect(reads()).toBeLessThan(20 * MAX_VIDEO_PARTS + 2 * size);
  });

  it("turns an Apple mebx entry's keys into one free box, so nothing names what the track held", () => {
    const video = withTimedMetadataTrack(seed, 'mebx');
    expect(holds(video.bytes, LOCATION_KEY)).toBe(true);
    const { bytes, removed } = strip(video.bytes);
    expect(holds(bytes, LOCATION_KEY)).toBe(false);
    const [keys] = removed.filter((r) => r.path === 'moov/trak/stsd/mebx');
    expect(bytes.readUInt32BE(keys!.offset)).toBe(keys!.size);
    expect(bytes.toString('latin1', keys!.offset + 4, keys!.offset + 8)).toBe('free');
  });

  it("refuses a metadata track whose samples can't be zeroed safely, changing nothing", () => {
    const { bytes } = withTimedMetadataTrack(seed, 'gpmd');
    const stco = bytes.lastIndexOf('stco', undefined, 'latin1');
    const outside = Buffer.from(bytes);
    outside.writeUInt32BE(8, stco + 12); // a chunk inside ftyp, not in any mdat
    const twice = Buffer.from(bytes);
    twice.write('stsz', stco, 'latin1'); // stco read as a second sample size table
    const disordered = Buffer.from(bytes);
    const stsc = bytes.lastIndexOf('stsc', undefined, 'latin1');
    disordered.writeUInt32BE(1, stsc + 24); // both chunk runs start at chunk 1
    const fragmented = Buffer.concat([bytes, box('moof', fullBox('mfhd', Buffer.alloc(4)))]);
    for (const crafted of [outside, twice, disordered, fragmented]) {
      const before = Buffer.from(crafted);
      expect(refusal(crafted).reason).toBe('unreadable-track');
      expect(crafted.equals(before)).toBe(true);
    }
  });
});
