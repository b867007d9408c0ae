// Small numeric helpers for the bench.

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

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const KB = 1024;

export function formatKb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}
