// A count as the action buttons show it: en-US compact notation ('999', '1.2K', '12K', '1.2M').
// Written by Intl from 1,000 on. Below that, compact notation writes the integer as it is, and
// the page's first Intl formatter costs the phone's 4x-slowed CPU 50-100 ms (the engine's locale
// data is set up then): in the render that shows a QR code's profile, that was Give Gift's wait
// (issue 36). The feed's card times keep Intl out of that render too (feed/relativeTime.ts).

let compact: Intl.NumberFormat | undefined;

export function formatCompactCount(count: number): string {
  if (Number.isSafeInteger(count) && Math.abs(count) < 1000) return String(count);
  compact ??= new Intl.NumberFormat('en-US', { notation: 'compact' });
  return compact.format(count);
}
