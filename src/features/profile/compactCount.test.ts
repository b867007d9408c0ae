import { formatCompactCount } from './compactCount';

describe('formatCompactCount', () => {
  it.each([
    [1234, '1.2K'],
    [9949, '9.9K'],
    [9950, '10K'],
    [99_499, '99K'],
    [99_500, '100K'],
    [999_499, '999K'],
    [999_500, '1M'],
    [1_250_000, '1.3M'],
    [999_999_999, '1B'],
    [2_000_000_000_000, '2T'],
    [-1234, '-1.2K'],
  ])('writes %d as %s', (count, text) => {
    expect(formatCompactCount(count)).toBe(text);
  });

  it('writes every count below 1,000 (either sign) as compact notation does', () => {
    const intl = new Intl.NumberFormat('en-US', { notation: 'compact' });
    for (let count = -1200; count <= 1200; count += 1) {
      expect(formatCompactCount(count)).toBe(intl.format(count));
    }
    expect(formatCompactCount(12.5)).toBe(intl.format(12.5));
  });
});
