// Idempotency keys for sending a recognition: one key per set of values, kept across retries.
//
// The review form asks for a key when the guest first presses Submit and sends it with the request.
// If that attempt fails (a server error, a lost connection) and the guest presses Submit again with
// the same values, the same key goes out, so the API stores the recognition at most once even when
// the first request did arrive. Changing anything (kind, text, a file) makes a new key: that is a
// different recognition. A double click sends the same values twice, hence the same key.
import { stableStringify } from '../api/contract/canonicalJson';

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
