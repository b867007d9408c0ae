// Idempotency keys for sending a recognition: one key per set of values, kept across retries.
//
// The review form asks for a key when the guest first presses Submit and sends it with the request.
// If that attempt fails (a server error, a lost connection) and the guest presses Submit again with
// the same values, the same key goes out, so the API stores the recognition at most once even when
// the first request did arrive. Changing anything (kind, text, a file) makes a new key: that is a
// different recognition. A double click sends the same values twice, hence the same key.

/** A random UUID v4; crypto.randomUUID where it exists (secure contexts), else getRandomValues. */
export function newIdempotencyKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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

export interface SubmissionKey {
  key: string;
  /** The stable text of the values the key was made for (kept whole: no hash collisions). */
  fingerprint: string;
}

/** The previous key when the values are unchanged, otherwise a new one. */
export function submissionKey(values: unknown, previous: SubmissionKey | null): SubmissionKey {
  const fingerprint = stableStringify(values);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { key: newIdempotencyKey(), fingerprint };
}
