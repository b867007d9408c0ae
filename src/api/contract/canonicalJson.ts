// Canonical JSON: one text per value whatever the order of its keys, so equal requests compare
// (and hash) equal. The one rule for idempotency fingerprints on both sides: the app's submission
// keys (src/lib/idempotency.ts) and the mock API's (a payment body's hash, the Stripe emulator's
// parameters, the wallet preparation call's exact body). Its texts are stored in data files, so it
// never changes what it writes for a value.

/**
 * JSON with object keys sorted, so equal values always give equal text. A File stands for its
 * name, size, type and lastModified (its bytes are not read); another Blob for its size and type.
 * Object entries that are undefined or functions are left out, as JSON.stringify does.
 */
export function stableStringify(value: unknown): string {
  if (isBlobLike(value)) {
    const file = isFileLike(value) ? { name: value.name, lastModified: value.lastModified } : {};
    return stableStringify({ blob: { ...file, size: value.size, type: value.type } });
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    return `[${value.map((item) => (isOmitted(item) ? 'null' : stableStringify(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => !isOmitted((value as Record<string, unknown>)[key]))
      .map(
        (key) =>
          `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`,
      );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// Duck-typed rather than instanceof: a File may come from another realm (an iframe, a test
// environment) and its fields are prototype getters that Object.keys would not see.
interface BlobLike {
  size: number;
  type: string;
  slice: unknown;
}
const isBlobLike = (value: unknown): value is BlobLike =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as BlobLike).size === 'number' &&
  typeof (value as BlobLike).type === 'string' &&
  typeof (value as BlobLike).slice === 'function';
const isFileLike = (value: BlobLike): value is BlobLike & { name: string; lastModified: number } =>
  typeof (value as { name?: unknown }).name === 'string' &&
  typeof (value as { lastModified?: unknown }).lastModified === 'number';

const isOmitted = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';
