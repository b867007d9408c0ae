// Videos that say where they were made, made at test time from a committed seed video (never
// committed themselves): the location boxes a phone writes are put into a real H.264 mp4, and
// every chunk offset (stco/co64) the insertion moves is moved with it, so each still plays. For
// Jest (mock-api, src) and the browser suites (e2e, e2e-firefox, WebKit) alike.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { boxes, type Box } from '../src/api/contract/videoLocation';

/** The seed video the located ones are made from (H.264, faststart: moov before mdat). */
export const SEED_VIDEO = path.join(
  __dirname,
  '..',
  'mock-api',
  'seed',
  'media',
  'ava-video-latte.mp4',
);
/** Apple Park, as ISO 6709 (QuickTime ©xyz and the Keys value are written so). */
export const VIDEO_LOCATION = '+37.3349-122.0090/';
/** The same place with an altitude, as an iPhone writes its Keys location. */
export const KEYS_LOCATION = '+37.3349-122.0090+012.345/';
export const LOCATION_KEY = 'com.apple.quicktime.location.ISO6709';
/** What none of a published copy's bytes may hold: the coordinates in any of the forms above. */
export const LOCATION_TEXTS = ['+37.3349-122.0090', '37,20.094N', '122,0.54W'];

export interface LocatedVideo {
  /** What it carries, for test names. */
  carries: string;
  name: string;
  type: 'video/mp4' | 'video/quicktime';
  bytes: Buffer;
}

const text = (value: string) => Buffer.from(value, 'latin1');
const uint32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A box of `type` holding `parts` (a 32-bit size). */
export function box(type: string, ...parts: Uint8Array[]): Buffer {
  const payload = Buffer.concat(parts);
  return Buffer.concat([uint32(8 + payload.length), text(type), payload]);
}

/** The same box with a 64-bit size (size field 1), as a large file's boxes are written. */
export function largeBox(type: string, ...parts: Uint8Array[]): Buffer {
  const payload = Buffer.concat(parts);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(16 + payload.length));
  return Buffer.concat([uint32(1), text(type), size, payload]);
}

/** A full box: version and flags (0) before its content. */
export const fullBox = (type: string, ...parts: Uint8Array[]) => box(type, uint32(0), ...parts);

/** QuickTime user data `©xyz`: a counted string and its language ('und' packed), then the text. */
export function quickTimeXyz(location = VIDEO_LOCATION): Buffer {
  const value = text(location);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(value.length, 0);
  header.writeUInt16BE(0x55c4, 2);
  return box('\u00a9xyz', header, value);
}

/**
 * A QuickTime `meta` box (no version and flags) as an iPhone writes it: handler `mdta`, the
 * Keys names (make, the location, model) and their UTF-8 values in `ilst`, by 1-based index.
 */
export function keysMeta(location = KEYS_LOCATION): Buffer {
  const entries: [string, string][] = [
    ['com.apple.quicktime.make', 'Apple'],
    [LOCATION_KEY, location],
    ['com.apple.quicktime.model', 'iPhone 15 Pro'],
  ];
  const hdlr = fullBox('hdlr', uint32(0), text('mdta'), Buffer.alloc(12), Buffer.alloc(1));
  const keys = fullBox(
    'keys',
    uint32(entries.length),
    ...entries.map(([key]) => box('mdta', text(key))),
  );
  const items = entries.map(([, value], i) => {
    const data = box('data', uint32(1), uint32(0), Buffer.from(value, 'utf8'));
    return Buffer.concat([uint32(8 + data.length), uint32(i + 1), data]);
  });
  return box('meta', hdlr, keys, box('ilst', ...items));
}

const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** An XMP packet giving the place as exif:GPSLatitude / exif:GPSLongitude. */
export function xmpPacket(): Buffer {
  return text(
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF ' +
      'xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ' +
      'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="37,20.094N" ' +
      'exif:GPSLongitude="122,0.54W" exif:GPSVersionID="2.2.0.0"/></rdf:RDF></x:xmpmeta>' +
      '<?xpacket end="w"?>',
  );
}

/** Adobe's XMP box: `uuid` with the XMP UUID, then the packet. */
export const xmpUuid = (packet = xmpPacket()) => box('uuid', XMP_UUID, packet);

const child = (bytes: Uint8Array, start: number, end: number, type: string) => {
  for (const found of boxes(bytes, start, end)) if (found.type === type) return found;
  return undefined;
};

/** Every stco/co64 of every track, wherever the moov boxes are. */
function* chunkOffsetTables(bytes: Uint8Array): Generator<Box> {
  const path = ['trak', 'mdia', 'minf', 'stbl'];
  function* below(parent: Box, depth: number): Generator<Box> {
    for (const found of boxes(bytes, parent.start, parent.end)) {
      if (depth === path.length && (found.type === 'stco' || found.type === 'co64')) yield found;
      else if (found.type === path[depth]) yield* below(found, depth + 1);
    }
  }
  for (const top of boxes(bytes, 0, bytes.length)) if (top.type === 'moov') yield* below(top, 0);
}

interface ChunkOffset {
  /** Where the entry is written. */
  where: number;
  wide: boolean;
  offset: number;
}

function* chunkOffsetEntries(bytes: Buffer): Generator<ChunkOffset> {
  for (const table of chunkOffsetTables(bytes)) {
    const wide = table.type === 'co64';
    const count = bytes.readUInt32BE(table.start + 4);
    for (let i = 0; i < count; i += 1) {
      const where = table.start + 8 + i * (wide ? 8 : 4);
      const offset = wide ? Number(bytes.readBigUInt64BE(where)) : bytes.readUInt32BE(where);
      yield { where, wide, offset };
    }
  }
}

/** Every chunk offset of every track, in file order (for tests to compare). */
export const chunkOffsets = (bytes: Buffer) =>
  [...chunkOffsetEntries(bytes)].map((entry) => entry.offset);

/** Moves every chunk offset at or past `at` by `shift` bytes (data inserted at `at`). */
function shiftChunkOffsets(bytes: Buffer, at: number, shift: number): void {
  for (const { where, wide, offset } of chunkOffsetEntries(bytes)) {
    if (offset < at) continue;
    if (wide) bytes.writeBigUInt64BE(BigInt(offset + shift), where);
    else bytes.writeUInt32BE(offset + shift, where);
  }
}

/**
 * `video` with `inserted` put at the end of the box at `parents` (created, as boxes of those
 * types, where missing; `[]`: the top level, after the box named `after`). Every enclosing box
 * grows by its length and every chunk offset past it moves with it.
 */
export function insertBox(
  video: Uint8Array,
  parents: string[],
  inserted: Uint8Array,
  after?: string,
): Buffer {
  const chain: Box[] = [];
  let start = 0;
  let end = video.length;
  let wrapped: Buffer = Buffer.from(inserted);
  for (const [i, type] of parents.entries()) {
    const found = child(video, start, end, type);
    if (!found) {
      for (const missing of parents.slice(i).reverse()) wrapped = box(missing, wrapped);
      break;
    }
    chain.push(found);
    ({ start, end } = found);
  }
  const at = (after && child(video, start, end, after)?.end) || end;
  const out = Buffer.concat([video.subarray(0, at), wrapped, video.subarray(at)]);
  for (const parent of chain) {
    if (parent.start - parent.offset === 16) {
      out.writeBigUInt64BE(
        out.readBigUInt64BE(parent.offset + 8) + BigInt(wrapped.length),
        parent.offset + 8,
      );
    } else {
      out.writeUInt32BE(out.readUInt32BE(parent.offset) + wrapped.length, parent.offset);
    }
  }
  shiftChunkOffsets(out, at, wrapped.length);
  return out;
}

/** The same video branded QuickTime (`qt  `, as an iPhone's .mov), every brand of its ftyp. */
export function asQuickTime(video: Uint8Array): Buffer {
  const out = Buffer.from(video);
  const ftyp = child(out, 0, out.length, 'ftyp');
  if (!ftyp) throw new Error('The video has no ftyp box.');
  for (let at = ftyp.start; at + 4 <= ftyp.end; at += 4) {
    // The minor version (the second word) stays a number.
    if (at !== ftyp.start + 4) out.write('qt  ', at, 'latin1');
  }
  return out;
}

/** (a) An mp4 whose moov/udta holds `©xyz`, as Android and older iPhones write it. */
export const withQuickTimeLocation = (video: Uint8Array) =>
  insertBox(video, ['moov', 'udta'], quickTimeXyz());

/** (b) A .mov whose moov/meta holds the Keys location, as an iPhone writes it. */
export const withKeysLocation = (video: Uint8Array) =>
  insertBox(asQuickTime(video), ['moov'], keysMeta());

/** (c) An mp4 with an XMP packet naming GPS, in a top-level uuid box before its moov. */
export const withXmpLocation = (video: Uint8Array) => insertBox(video, [], xmpUuid(), 'ftyp');

/** (d) An mp4 with all three at once. */
export const withEveryLocation = (video: Uint8Array) =>
  withXmpLocation(insertBox(withQuickTimeLocation(video), ['moov'], keysMeta()));

/** The three located videos (a), (b), (c), made from the seed video. */
export function locatedVideos(video: Uint8Array = readFileSync(SEED_VIDEO)): LocatedVideo[] {
  return [
    {
      carries: 'QuickTime ©xyz (mp4)',
      name: 'VID_xyz.mp4',
      type: 'video/mp4',
      bytes: withQuickTimeLocation(video),
    },
    {
      carries: 'the Keys location (mov)',
      name: 'IMG_keys.mov',
      type: 'video/quicktime',
      bytes: withKeysLocation(video),
    },
    {
      carries: 'XMP GPS (mp4)',
      name: 'VID_xmp.mp4',
      type: 'video/mp4',
      bytes: withXmpLocation(video),
    },
  ];
}
