/**
 * @jest-environment node
 */
// The prepared photo's rules (decoding and drawing need a real browser: e2e/photos.spec.ts).
import fc from 'fast-check';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, MIN_IMAGE_BYTES } from '@/api/contract/limits';
import {
  PHOTO_MAX_EDGE,
  nextStep,
  padJpeg,
  preparedName,
  preparedSize,
  type EncodedAttempt,
  type PhotoEncoding,
} from './photoEncoding';

const KB = 1024;
const MB = 1024 * KB;
const jpeg = (quality: number, size: number): EncodedAttempt => ({
  encoding: { type: 'image/jpeg', quality },
  size,
});
const png = (size: number): EncodedAttempt => ({ encoding: { type: 'image/png' }, size });
const encodeJpeg = (quality: number) => ({
  action: 'encode',
  encoding: { type: 'image/jpeg', quality },
});
const send = (attempt: number) => ({ action: 'send', attempt });
const pad = (attempt: number, bytes: number) => ({ action: 'pad', attempt, bytes });

describe('preparedSize', () => {
  it.each([
    [4032, 3024, { width: 2048, height: 1536 }],
    [2048, 1000, { width: 2048, height: 1000 }],
    [800, 600, { width: 800, height: 600 }],
  ])('fits %p x %p as %p', (width, height, expected) => {
    expect(preparedSize(width, height)).toEqual(expected);
  });

  it('keeps the long edge within 2048 px and the aspect ratio within a pixel, never enlarging', () => {
    const side = fc.integer({ min: 1, max: 20000 });
    fc.assert(
      fc.property(side, side, (width, height) => {
        const size = preparedSize(width, height);
        expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(PHOTO_MAX_EDGE);
        expect(size.width).toBeLessThanOrEqual(width);
        expect(size.height).toBeLessThanOrEqual(height);
        // Scaled from the long edge, the short one is off by at most the rounding (a pixel).
        const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(width, height));
        expect(Math.abs(size.width - width * scale)).toBeLessThanOrEqual(1);
        expect(Math.abs(size.height - height * scale)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('nextStep', () => {
  it('starts with a JPEG at quality 0.85 and sends it when it fits', () => {
    expect(nextStep([])).toEqual(encodeJpeg(0.85));
    expect(nextStep([jpeg(0.85, 480 * KB)])).toEqual(send(0));
  });

  it('sends a file of exactly 25 KB or exactly 5 MB, and tries again one byte outside', () => {
    expect(nextStep([jpeg(0.85, MIN_IMAGE_BYTES)])).toEqual(send(0));
    expect(nextStep([jpeg(0.85, MAX_IMAGE_BYTES)])).toEqual(send(0));
    expect(nextStep([jpeg(0.85, MIN_IMAGE_BYTES - 1)]).action).toBe('encode');
    expect(nextStep([jpeg(0.85, MAX_IMAGE_BYTES + 1)]).action).toBe('encode');
  });

  it('under the floor: a better JPEG, then a PNG, then the best JPEG padded to 25 KB', () => {
    const first = jpeg(0.85, 14 * KB);
    expect(nextStep([first])).toEqual(encodeJpeg(0.95));
    const better = jpeg(0.95, 19 * KB);
    expect(nextStep([first, better])).toEqual({
      action: 'encode',
      encoding: { type: 'image/png' },
    });
    expect(nextStep([first, better, png(70 * KB)])).toEqual(send(2));
    expect(nextStep([first, better, png(12 * KB)])).toEqual(pad(1, MIN_IMAGE_BYTES - 19 * KB));
  });

  it('pads the best JPEG when the lossless copy overshoots the ceiling', () => {
    expect(nextStep([jpeg(0.85, 20 * KB), jpeg(0.95, 24 * KB), png(6 * MB)])).toEqual(
      pad(1, MIN_IMAGE_BYTES - 24 * KB),
    );
  });

  it('pads by a whole comment segment (4 bytes) at least', () => {
    expect(nextStep([jpeg(0.85, 10), jpeg(0.95, MIN_IMAGE_BYTES - 1), png(3)])).toEqual(pad(1, 4));
  });

  it('over the ceiling: lower qualities, then gives up', () => {
    const huge = (quality: number) => jpeg(quality, 6 * MB);
    expect(nextStep([huge(0.85)])).toEqual(encodeJpeg(0.75));
    expect(nextStep([huge(0.85), jpeg(0.75, 4 * MB)])).toEqual(send(1));
    expect(nextStep([huge(0.85), huge(0.75), huge(0.6), huge(0.45)])).toEqual({ action: 'fail' });
  });

  it('pads rather than climbing again when lowering the quality fell under the floor', () => {
    expect(nextStep([jpeg(0.85, 6 * MB), jpeg(0.75, 20 * KB)])).toEqual(
      pad(1, MIN_IMAGE_BYTES - 20 * KB),
    );
  });

  const key = (encoding: PhotoEncoding) =>
    encoding.type === 'image/png' ? 'png' : `jpeg ${encoding.quality}`;

  it('whatever each encoding weighs, ends within a few encodings with a file of 25 KB to 5 MB, or fails only when every one was over 5 MB', () => {
    const weight = fc.oneof(
      fc.integer({ min: 0, max: MIN_IMAGE_BYTES + 10 }),
      fc.integer({ min: 0, max: 8 * MB }),
      fc.integer({ min: MAX_IMAGE_BYTES - 10, max: 8 * MB }),
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('png', 'jpeg 0.85', 'jpeg 0.95', 'jpeg 0.75', 'jpeg 0.6', 'jpeg 0.45'),
          weight,
        ),
        (weights) => {
          const attempts: EncodedAttempt[] = [];
          for (let round = 0; round < 10; round += 1) {
            const step = nextStep(attempts);
            if (step.action === 'encode') {
              const name = key(step.encoding);
              expect(attempts.map((attempt) => key(attempt.encoding))).not.toContain(name);
              attempts.push({ encoding: step.encoding, size: weights[name] ?? 300 * KB });
              continue;
            }
            expect(attempts.length).toBeLessThanOrEqual(5);
            if (step.action === 'fail') {
              expect(attempts.every((attempt) => attempt.size > MAX_IMAGE_BYTES)).toBe(true);
              return;
            }
            const chosen = attempts[step.attempt]!;
            const sent = chosen.size + (step.action === 'pad' ? step.bytes : 0);
            expect(sent).toBeGreaterThanOrEqual(MIN_IMAGE_BYTES);
            expect(sent).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
            if (step.action === 'pad') {
              expect(chosen.encoding.type).toBe('image/jpeg');
              // The largest JPEG under the floor: the best-looking picture that needs padding.
              const under = attempts.filter(
                (a) => a.encoding.type === 'image/jpeg' && a.size < MIN_IMAGE_BYTES,
              );
              expect(chosen.size).toBe(Math.max(...under.map((a) => a.size)));
            }
            return;
          }
          throw new Error('nextStep did not end');
        },
      ),
    );
  });
});

describe('padJpeg', () => {
  /** A tiny, flat JPEG: a few hundred bytes, far under the 25 KB floor. */
  const flatJpeg = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7bd5' } })
      .jpeg({ quality: 90 })
      .toBuffer();
  const pixels = (bytes: Uint8Array) => sharp(bytes).raw().toBuffer();

  it('lifts a tiny JPEG to exactly 25 KB, and it decodes to the same pixels', async () => {
    const original = new Uint8Array(await flatJpeg());
    expect(original.length).toBeLessThan(2 * KB);
    const padded = padJpeg(original, MIN_IMAGE_BYTES - original.length);
    expect(padded.length).toBe(MIN_IMAGE_BYTES);
    expect(await pixels(padded)).toEqual(await pixels(original));
    const { width, height, format } = await sharp(padded).metadata();
    expect({ width, height, format }).toEqual({ width: 64, height: 48, format: 'jpeg' });
  });

  it('adds a comment segment of zeros right after the start of the image', async () => {
    const original = new Uint8Array(await flatJpeg());
    const padded = padJpeg(original, 100);
    expect([...padded.subarray(0, 6)]).toEqual([0xff, 0xd8, 0xff, 0xfe, 0, 98]);
    expect(padded.subarray(6, 102).every((byte) => byte === 0)).toBe(true);
    expect(padded.subarray(102)).toEqual(original.subarray(2));
  });

  it('refuses what is not a JPEG and a length no segment can have', async () => {
    const pngBytes = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(() => padJpeg(pngBytes, 100)).toThrow('Not a JPEG.');
    const original = new Uint8Array(await flatJpeg());
    expect(() => padJpeg(original, 3)).toThrow(RangeError);
    expect(() => padJpeg(original, 0x10002)).toThrow(RangeError);
    expect(padJpeg(original, 0x10001).length).toBe(original.length + 0x10001);
  });
});

describe('preparedName', () => {
  it.each([
    ['IMG_0001.JPG', 'image/jpeg', 'IMG_0001.JPG'],
    ['card.jpeg', 'image/jpeg', 'card.jpeg'],
    ['screen.shot.PNG', 'image/jpeg', 'screen.shot.jpg'],
    ['card.jpg', 'image/png', 'card.png'],
    ['card.png', 'image/png', 'card.png'],
    ['photo', 'image/jpeg', 'photo.jpg'],
    ['', 'image/jpeg', 'photo.jpg'],
  ] as const)('sends %p as %p named %p', (name, type, expected) => {
    expect(preparedName(name, type)).toBe(expected);
  });
});
