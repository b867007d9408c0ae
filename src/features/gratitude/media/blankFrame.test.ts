import fc from 'fast-check';
import { DARK_LUMA, isBlankFrame } from './blankFrame';

/** `count` RGBA pixels of one colour. */
const frame = (count: number, [r, g, b]: readonly number[]) =>
  Uint8ClampedArray.from({ length: count * 4 }, (_, i) => [r, g, b, 255][i % 4]!);

/** A frame of `count` pixels of `base` with its first `bright` pixels white. */
function withWhite(count: number, bright: number, base: readonly number[] = [0, 0, 0]) {
  const pixels = frame(count, base);
  pixels.fill(255, 0, bright * 4);
  return pixels;
}

describe('isBlankFrame', () => {
  it.each([
    ['video black (limited range)', [16, 16, 16]],
    ['a uniform dark grey at the threshold', [DARK_LUMA, DARK_LUMA, DARK_LUMA]],
  ])('%s is blank', (_, colour) => {
    expect(isBlankFrame(frame(300 * 169, colour))).toBe(true);
  });

  it.each([
    ['a uniform grey just over the threshold', [DARK_LUMA + 2, DARK_LUMA + 2, DARK_LUMA + 2]],
    ['a bright red', [200, 0, 0]],
  ])('%s is not blank', (_, colour) => {
    expect(isBlankFrame(frame(100, colour))).toBe(false);
  });

  it('is blank under 1 bright pixel in 100, and not blank from there', () => {
    expect(isBlankFrame(withWhite(10_000, 99))).toBe(true);
    expect(isBlankFrame(withWhite(10_000, 100))).toBe(false);
  });

  it('takes a caption on black (a few percent of the frame) for a picture', () => {
    expect(isBlankFrame(withWhite(300 * 300, 3_000))).toBe(false);
  });

  it('ignores alpha', () => {
    const black = frame(100, [0, 0, 0]).map((value, i) => (i % 4 === 3 ? 0 : value));
    expect(isBlankFrame(black)).toBe(true);
  });

  it('counts no pixels, or a single bright one, as it should', () => {
    expect(isBlankFrame(new Uint8ClampedArray(0))).toBe(true);
    expect(isBlankFrame(frame(1, [255, 255, 255]))).toBe(false);
  });

  it('never calls a frame blank when a tenth of it is bright, whatever the rest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 2000 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 3, maxLength: 3 }),
        (count, base) => {
          expect(isBlankFrame(withWhite(count, Math.ceil(count / 10), base))).toBe(false);
        },
      ),
    );
  });
});
