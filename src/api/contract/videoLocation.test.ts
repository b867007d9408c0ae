import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  LOCATION_KEY,
  LOCATION_TEXTS,
  SEED_VIDEO,
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
import { findVideoLocation, stripVideoLocation, type VideoLocationRange } from './videoLocation';

const seed = readFileSync(SEED_VIDEO);
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomavc1', 'latin1'));

/** Strips a copy; the copy comes back as the same array, the same length. */
function strip(bytes: Uint8Array) {
  const copy = Buffer.from(bytes);
  const result = stripVideoLocation(copy);
  expect(result.bytes).toBe(copy);
  expect(copy.length).toBe(bytes.length);
  return { ...result, bytes: copy };
}

/** Every byte outside the removed ranges is as it was. */
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

describe('stripVideoLocation on the videos a phone sends', () => {
  it.each(locatedVideos().map((video) => [video.carries, video] as const))(
    'neutralises %s in place: same length, same chunk offsets, nothing left to find',
    (_carries, video) => {
      expect(findVideoLocation(video.bytes)).not.toEqual([]);
      expect(LOCATION_TEXTS.some((text) => holds(video.bytes, text))).toBe(true);

      const { bytes, removed, malformed } = strip(video.bytes);
      expect(malformed).toBe(false);
      expect(removed.length).toBeGreaterThan(0);
      expect(findVideoLocation(bytes)).toEqual([]);
      for (const text of LOCATION_TEXTS) expect(holds(bytes, text)).toBe(false);
      expect(chunkOffsets(bytes)).toEqual(chunkOffsets(video.bytes));
      expectOnlyRangesChanged(video.bytes, bytes, removed);
      // Nothing is left for a second pass.
      expect(strip(bytes).removed).toEqual([]);
    },
  );

  it('says what each kind was, and where', () => {
    const [xyz, keys, xmp] = locatedVideos().map((video) => strip(video.bytes).removed);
    expect(xyz).toEqual([
      { kind: 'quicktime-xyz', path: 'moov/udta/©xyz', offset: expect.any(Number), size: 30 },
    ]);
    expect(keys!.map(({ kind, path }) => [kind, path])).toEqual([
      ['keys-location', 'moov/meta/keys#2'],
      ['keys-location', 'moov/meta/ilst/2'],
    ]);
    expect(xmp).toEqual([
      { kind: 'xmp', path: 'uuid', offset: seed.readUInt32BE(0), size: expect.any(Number) },
    ]);
  });

  it("keeps the Keys that say nothing of where (make, model), and the location key's slot", () => {
    const mov = locatedVideos()[1]!.bytes;
    const { bytes } = strip(mov);
    for (const kept of [
      'com.apple.quicktime.make',
      'Apple',
      'com.apple.quicktime.model',
      'iPhone 15 Pro',
    ]) {
      expect(holds(bytes, kept)).toBe(true);
    }
    expect(holds(bytes, LOCATION_KEY)).toBe(false);
    // The location's value is a `free` box now, its payload zeroed.
    expect(holds(bytes, 'free\0\0\0\0')).toBe(true);
  });

  it('clears all three in one file', () => {
    const every = withEveryLocation(seed);
    const { bytes, removed } = strip(every);
    expect(new Set(removed.map((r) => r.kind))).toEqual(
      new Set(['quicktime-xyz', 'keys-location', 'xmp']),
    );
    expect(findVideoLocation(bytes)).toEqual([]);
    expect(chunkOffsets(bytes)).toEqual(chunkOffsets(every));
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
  it("finds ©xyz and loci in a track's user data", () => {
    const loci = fullBox('loci', Buffer.from('\x15\xc7Home\0\0', 'latin1'), Buffer.alloc(12));
    const video = insertBox(
      insertBox(seed, ['moov', 'trak', 'udta'], quickTimeXyz()),
      ['moov', 'trak', 'udta'],
      loci,
    );
    const { bytes, removed } = strip(video);
    expect(removed.map((r) => [r.kind, r.path])).toEqual([
      ['quicktime-xyz', 'moov/trak/udta/©xyz'],
      ['3gpp-loci', 'moov/trak/udta/loci'],
    ]);
    expect(chunkOffsets(bytes)).toEqual(chunkOffsets(video));
  });

  it("finds ©xyz in an ISO meta's ilst (udta › meta, a full box) and XMP_ in udta", () => {
    const hdlr = fullBox('hdlr', Buffer.alloc(4), Buffer.from('mdir'), Buffer.alloc(13));
    const meta = fullBox('meta', hdlr, box('ilst', quickTimeXyz()));
    const video = insertBox(
      insertBox(seed, ['moov', 'udta'], meta),
      ['moov', 'udta'],
      box('XMP_', xmpPacket()),
    );
    const { bytes, removed } = strip(video);
    expect(removed.map((r) => [r.kind, r.path])).toEqual([
      ['quicktime-xyz', 'moov/udta/meta/ilst/©xyz'],
      ['xmp', 'moov/udta/XMP_'],
    ]);
    expect(findVideoLocation(bytes)).toEqual([]);
  });

  it('reads 64-bit sizes and a last box of size 0 (to the end of the file)', () => {
    const toEnd = (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy.writeUInt32BE(0, 0);
      return copy;
    };
    const file = Buffer.concat([
      ftyp,
      largeBox('moov', largeBox('udta', quickTimeXyz())),
      largeBox('mdat', Buffer.alloc(64, 0x11)),
      toEnd(xmpUuid()),
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

  it('takes a whole meta whose Keys run past their box (its indexes cannot be trusted)', () => {
    const meta = keysMeta();
    const keysAt = meta.indexOf('keys') - 4;
    meta.writeUInt32BE(9, keysAt + 12); // nine keys claimed, three there
    const video = insertBox(seed, ['moov'], meta);
    const { bytes, removed, malformed } = strip(video);
    expect(malformed).toBe(true);
    expect(removed.map((r) => [r.kind, r.path])).toEqual([['keys-location', 'moov/meta']]);
    expect(findVideoLocation(bytes)).toEqual([]);
  });
});

describe('stripVideoLocation on malformed input', () => {
  const every = withEveryLocation(seed);
  /** Past the end of moov, only mdat's data is cut. */
  const moovEnd = every.indexOf('mdat', 0, 'latin1') + 64;

  it('a video cut off anywhere keeps its length and loses whatever location is in what came', () => {
    for (let cut = 0; cut <= moovEnd; cut += 1) {
      const truncated = every.subarray(0, cut);
      const { bytes } = strip(truncated);
      expect([cut, findVideoLocation(bytes)]).toEqual([cut, []]);
    }
  });

  it('says a cut-off box was cut off', () => {
    const cut = every.subarray(0, every.indexOf('ilst', 0, 'latin1') + 20);
    expect(strip(cut).malformed).toBe(true);
  });

  it('never throws, keeps the length, changes only what it reports, and needs no second pass', () => {
    const boxTypes = fc.constantFrom(
      'moov',
      'trak',
      'udta',
      'meta',
      'keys',
      'ilst',
      'uuid',
      '\u00a9xyz',
      'XMP_',
      'free',
    );
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
        const { bytes, removed } = strip(input);
        expectOnlyRangesChanged(before, bytes, removed);
        expect(strip(bytes).removed).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});
