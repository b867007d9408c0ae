import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SEED_MEDIA_DIR } from './db/store';
import { extensionOf, sniffMediaType, videoDurationSeconds } from './mediaSniff';

const seed = (name: string) => readFileSync(path.join(SEED_MEDIA_DIR, name));
const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);

function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const size = 8 + content.reduce((sum, c) => sum + c.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(text(type), 4);
  let at = 8;
  for (const c of content) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function ftyp(major: string, ...compatible: string[]): Uint8Array {
  return box('ftyp', text(major), bytes(0, 0, 2, 0), ...compatible.map(text));
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Uint8Array {
  const content = new Uint8Array(version === 1 ? 108 : 96);
  const view = new DataView(content.buffer);
  content[0] = version;
  if (version === 1) {
    view.setUint32(20, timescale);
    view.setBigUint64(24, BigInt(duration));
  } else {
    view.setUint32(12, timescale);
    view.setUint32(16, duration);
  }
  return box('mvhd', content);
}

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe('sniffMediaType', () => {
  it('knows JPEG and PNG by their signatures', () => {
    expect(sniffMediaType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffMediaType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(
      'image/png',
    );
  });

  it('knows mp4 and quicktime by the ftyp brand', () => {
    for (const brand of ['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ']) {
      expect(sniffMediaType(ftyp(brand))).toBe('video/mp4');
    }
    expect(sniffMediaType(ftyp('qt  '))).toBe('video/quicktime');
    expect(sniffMediaType(ftyp('zzzz', 'abcd', 'mp42'))).toBe('video/mp4');
  });

  it('refuses everything else', () => {
    expect(sniffMediaType(text('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(sniffMediaType(text('<!doctype html><html><body>hi</body></html>'))).toBeNull();
    expect(sniffMediaType(ftyp('heic', 'mif1'))).toBeNull();
    expect(sniffMediaType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffMediaType(bytes())).toBeNull();
    // A PNG signature with one byte changed.
    expect(sniffMediaType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b))).toBeNull();
  });

  it('recognises the seed media', () => {
    expect(sniffMediaType(seed('ava-feed-01.jpg'))).toBe('image/jpeg');
    expect(sniffMediaType(seed('ava-feed-03.png'))).toBe('image/png');
    for (const name of ['ava-video-latte.mp4', 'ava-video-sunrise.mp4', 'ava-video-zoom.mp4']) {
      expect(sniffMediaType(seed(name))).toBe('video/mp4');
    }
  });

  it('gives each type its extension', () => {
    expect(extensionOf('image/jpeg')).toBe('jpg');
    expect(extensionOf('image/png')).toBe('png');
    expect(extensionOf('video/mp4')).toBe('mp4');
    expect(extensionOf('video/quicktime')).toBe('mov');
  });
});

describe('videoDurationSeconds', () => {
  it('reads a version 0 and a version 1 movie header', () => {
    expect(videoDurationSeconds(concat(ftyp('isom'), box('moov', mvhd(0, 1000, 4500))))).toBe(4.5);
    expect(videoDurationSeconds(concat(ftyp('qt  '), box('moov', mvhd(1, 600, 24000))))).toBe(40);
  });

  it('finds moov after other boxes, including one with a 64-bit size', () => {
    const large = new Uint8Array(24);
    const view = new DataView(large.buffer);
    view.setUint32(0, 1);
    large.set(text('free'), 4);
    view.setBigUint64(8, 24n);
    const file = concat(
      ftyp('mp42'),
      large,
      box('mdat', new Uint8Array(100)),
      box('moov', box('udta'), mvhd(0, 90000, 90000 * 12)),
    );
    expect(videoDurationSeconds(file)).toBe(12);
  });

  it('is null without a readable header', () => {
    expect(videoDurationSeconds(ftyp('isom'))).toBeNull();
    expect(videoDurationSeconds(concat(ftyp('isom'), box('moov', box('trak'))))).toBeNull();
    expect(videoDurationSeconds(concat(ftyp('isom'), box('moov', mvhd(0, 0, 100))))).toBeNull();
    expect(videoDurationSeconds(concat(ftyp('isom'), box('moov', mvhd(0, 1000, 0))))).toBeNull();
    expect(videoDurationSeconds(text('not a video at all, only text'))).toBeNull();
    // A box that claims to run past the end of the file.
    const truncated = concat(ftyp('isom'), box('moov', mvhd(0, 1000, 4000))).subarray(0, 60);
    expect(videoDurationSeconds(truncated)).toBeNull();
  });

  it('reads the seed videos as 4 to 5 seconds', () => {
    for (const name of ['ava-video-latte.mp4', 'ava-video-sunrise.mp4', 'ava-video-zoom.mp4']) {
      const seconds = videoDurationSeconds(seed(name));
      expect(seconds).toBeGreaterThanOrEqual(4);
      expect(seconds).toBeLessThanOrEqual(5);
    }
  });
});
