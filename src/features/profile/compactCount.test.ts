import fc from 'fast-check';
import { formatCompactCount } from './compactCount';

// What the buttons showed before, and what a guest's browser would write.
const intl = new Intl.NumberFormat('en-US', { notation: 'compact' });

describe('formatCompactCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1.1K'],
    [1150, '1.2K'],
    [1234, '1.2K'],
    [9949, '9.9K'],
    [9950, '10K'],
    [12_345, '12K'],
    [99_499, '99K'],
    [99_500, '100K'],
    [123_456, '123K'],
    [999_499, '999K'],
    [999_500, '1M'],
    [1_250_000, '1.3M'],
    [999_999_999, '1B'],
    [2_000_000_000_000, '2T'],
    [-1234, '-1.2K'],
  ])('writes %d as %s', (count, text) => {
    expect(formatCompactCount(count)).toBe(text);
  });

  it('writes every count up to 20,000 exactly as Intl does', () => {
    for (let count = 0; count <= 20_000; count++) {
      if (formatCompactCount(count) !== intl.format(count)) {
        throw new Error(`${count}: ${formatCompactCount(count)} vs ${intl.format(count)}`);
      }
    }
  });

  it('agrees with Intl next to every rounding boundary of every unit', () => {
    for (const unit of [1e3, 1e6, 1e9, 1e12]) {
      for (const at of [1, 1.05, 1.15, 9.95, 10, 99.5, 100, 999.5, 1000]) {
        for (let delta = -2; delta <= 2; delta++) {
          const count = Math.round(at * unit) + delta;
          expect(formatCompactCount(count)).toBe(intl.format(count));
        }
      }
    }
  });

  it('agrees with Intl on any whole count, and on the ones it leaves to Intl', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (count) => {
        expect(formatCompactCount(count)).toBe(intl.format(count));
      }),
      { numRuns: 5000 },
    );
    expect(formatCompactCount(1.5)).toBe(intl.format(1.5));
  });
});
