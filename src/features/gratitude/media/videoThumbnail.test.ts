import fc from 'fast-check';
import { thumbnailSize } from './videoThumbnail';

describe('thumbnailSize', () => {
  it.each([
    [1920, 1080, { width: 300, height: 169 }],
    [1080, 1920, { width: 169, height: 300 }],
    [600, 600, { width: 300, height: 300 }],
    [300, 300, { width: 300, height: 300 }],
    [200, 100, { width: 200, height: 100 }],
    [301, 10, { width: 300, height: 10 }],
    [10000, 1, { width: 300, height: 1 }],
    [1, 10000, { width: 1, height: 300 }],
    [0, 0, { width: 1, height: 1 }],
    [Number.NaN, 480, { width: 1, height: 300 }],
  ])('fits %p x %p into %p', (width, height, expected) => {
    expect(thumbnailSize(width, height)).toEqual(expected);
  });

  it('honours a smaller box', () => {
    expect(thumbnailSize(640, 480, 100)).toEqual({ width: 100, height: 75 });
  });

  const side = fc.integer({ min: 1, max: 10000 });

  it('always fits within the box, as whole numbers of at least 1', () => {
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 1000 }), (width, height, max) => {
        const size = thumbnailSize(width, height, max);
        expect(Number.isInteger(size.width) && Number.isInteger(size.height)).toBe(true);
        expect(size.width).toBeGreaterThanOrEqual(1);
        expect(size.height).toBeGreaterThanOrEqual(1);
        expect(size.width).toBeLessThanOrEqual(max);
        expect(size.height).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('never upscales, and keeps a source that already fits', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const size = thumbnailSize(width, height);
        expect(size.width).toBeLessThanOrEqual(width);
        expect(size.height).toBeLessThanOrEqual(height);
        if (width <= 300 && height <= 300) expect(size).toEqual({ width, height });
      }),
    );
  });

  it('touches the box with its longer side when scaling down', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        fc.pre(width > 300 || height > 300);
        const size = thumbnailSize(width, height);
        expect(Math.max(size.width, size.height)).toBe(300);
      }),
    );
  });

  it('scales both sides by the same factor, within half a pixel of rounding', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const size = thumbnailSize(width, height);
        const scale = Math.min(1, 300 / width, 300 / height);
        expect(Math.abs(size.width - Math.max(1, width * scale))).toBeLessThanOrEqual(0.5);
        expect(Math.abs(size.height - Math.max(1, height * scale))).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
