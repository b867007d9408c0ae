// A count as the action buttons show it: en-US compact notation ('999', '1.2K', '12K', '1.2M'),
// written by hand rather than with Intl.NumberFormat, because a page's first Intl call loads ICU
// data (40 to 90 ms on a phone) and these counts are on the profile's first render.

const UNITS: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Beyond this the integer arithmetic below is no longer exact; Intl writes those. */
const EXACT_LIMIT = 1e14;
let intlFallback: Intl.NumberFormat | undefined;

/**
 * Writes a whole count as `new Intl.NumberFormat('en-US', { notation: 'compact' })` does:
 * below 1,000 as it is; above, in thousands (K), millions (M), billions (B) or trillions (T),
 * rounded half away from zero to two significant digits, or to a whole number of the unit when
 * that is more precise (1,234 is '1.2K', 123,456 is '123K'), with no trailing '.0'. A figure
 * that rounds up to 1,000 of a unit is written in the next one (999,999 is '1M').
 */
export function formatCompactCount(count: number): string {
  if (!Number.isSafeInteger(count) || Math.abs(count) >= EXACT_LIMIT) {
    intlFallback ??= new Intl.NumberFormat('en-US', { notation: 'compact' });
    return intlFallback.format(count);
  }
  const sign = count < 0 ? '-' : '';
  const magnitude = Math.abs(count);
  for (let i = 0; i < UNITS.length; i++) {
    const [unit, suffix] = UNITS[i]!;
    if (magnitude < unit) continue;
    // Tenths of the unit, rounded half up, in exact integers.
    const tenths = Math.floor((magnitude * 10 + unit / 2) / unit);
    const shown = tenths < 100 ? tenths / 10 : Math.floor((magnitude + unit / 2) / unit);
    if (shown >= 1000 && i > 0) return `${sign}1${UNITS[i - 1]![1]}`;
    return `${sign}${shown}${suffix}`;
  }
  return `${sign}${magnitude}`;
}
