// A count as the action buttons show it: en-US compact notation ('999', '1.2K', '12K', '1.2M').
// Written by Intl: a hand-written copy (no Intl call on the first render) saved no measurable
// phone hydration (src/README.md, "Loading code lazily").

let compact: Intl.NumberFormat | undefined;

export function formatCompactCount(count: number): string {
  compact ??= new Intl.NumberFormat('en-US', { notation: 'compact' });
  return compact.format(count);
}
