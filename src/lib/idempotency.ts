// Idempotency keys for sending a recognition: one key per set of values, kept across retries.
//
// The review form asks for a key when the guest first presses Submit and sends it with the request.
// If that attempt fails (a server error, a lost connection) and the guest presses Submit again with
// the same values, the same key goes out, so the API stores the recognition at most once even when
// the first request did arrive. Changing anything (kind, text, a file) makes a new key: that is a
// different recognition. A double click sends the same values twice, hence the same key.
import { stableStringify } from '../api/contract/canonicalJson';
import { newRandomId } from './randomId';

/** A random UUID v4 (lib/randomId): one per submission. */
export const newIdempotencyKey = newRandomId;

export interface SubmissionKey {
  key: string;
  /** The stable text of the values the key was made for (kept whole: no hash collisions). */
  fingerprint: string;
}

/** Whether `previous` was made for these very values. */
export const sameSubmission = (values: unknown, previous: SubmissionKey): boolean =>
  previous.fingerprint === stableStringify(values);

/** The previous key when the values are unchanged, otherwise a new one. */
export function submissionKey(values: unknown, previous: SubmissionKey | null): SubmissionKey {
  if (previous && sameSubmission(values, previous)) return previous;
  return { key: newIdempotencyKey(), fingerprint: stableStringify(values) };
}
