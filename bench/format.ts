// The bench's numbers: medians, rounding, and the one way each unit is shown (every figure,
// note and log line uses these).

/** The median of the values (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each numeric field over the samples (per metric, not the median run). */
export function medianOf<K extends string>(
  samples: readonly Record<K, number>[],
  keys: readonly K[],
): Record<K, number> {
  const result = {} as Record<K, number>;
  for (const key of keys) result[key] = median(samples.map((sample) => sample[key]));
  return result;
}

/** The median of the values measured (null: not measured); NaN when none was. */
export const medianKnown = (values: readonly (number | null)[]) =>
  median(values.filter((v): v is number => v !== null));

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const KB = 1024;
export const MB = 1024 * KB;

/** How a number is shown: `format(value)`. */
export type Format = (value: number) => string;

const grouped = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const count: Format = (n) => grouped(Math.round(n));
export const ms: Format = (value) => `${count(value)} ms`;
export const seconds: Format = (value) => `${(value / 1000).toFixed(1)} s`;
/** Bytes as KB with one decimal (assets) ... */
export const kb: Format = (bytes) => `${grouped(bytes / KB, 1)} KB`;
/** ... or whole (pictures, photos). */
export const wholeKb: Format = (bytes) => `${count(bytes / KB)} KB`;
export const mb: Format = (bytes) => `${Math.round(bytes / MB)} MB`;
export const times: Format = (ratio) => `${ratio.toFixed(2)}x`;
export const percent: Format = (ratio) => `${(ratio * 100).toFixed(1)}%`;
export const score: Format = (value) => (Number.isNaN(value) ? 'n/a' : String(value));
export const shift: Format = (value) => value.toFixed(3);
