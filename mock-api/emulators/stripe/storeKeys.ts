// Where the emulator keeps an idempotent POST's first answer: per API key, as Stripe honours
// Idempotency-Keys, but under a digest of the API key, never the key itself, and with a digest of
// the parameters it answered, never the parameters (a card's number and CVC are some). The state
// is saved in the mock API's data file (db.json), which backups, copies and bug reports carry
// further than the data folder's owner-only key file.
import { createHash } from 'node:crypto';

const DIGEST_PREFIX = 'sha256:';
const SEPARATOR = '\u0000';

/** The API key as the state names it: a SHA-256 prefix (128 bits), one-way. */
export function apiKeyDigest(apiKey: string): string {
  return `${DIGEST_PREFIX}${createHash('sha256').update(apiKey, 'utf8').digest('hex').slice(0, 32)}`;
}

/** `<digest of the API key>\u0000<Idempotency-Key>`. */
export function idempotencyStoreKey(apiKey: string, idempotencyKey: string): string {
  return `${apiKeyDigest(apiKey)}${SEPARATOR}${idempotencyKey}`;
}

/**
 * A store key in today's form: one an older version saved (`<API key>\u0000<Idempotency-Key>`)
 * gets the key's digest in its place, so the same retry still finds its answer and the next
 * commit no longer writes the key; one in today's form is returned as it is.
 */
export function hashedStoreKey(storeKey: string): string {
  const at = storeKey.indexOf(SEPARATOR);
  if (at === -1) return storeKey;
  const owner = storeKey.slice(0, at);
  if (owner.startsWith(DIGEST_PREFIX)) return storeKey;
  return `${apiKeyDigest(owner)}${storeKey.slice(at)}`;
}

/** A request's parameters (their canonical text) as its kept answer names them: a SHA-256 digest. */
export function parametersDigest(canonical: string): string {
  return `${DIGEST_PREFIX}${createHash('sha256').update(canonical, 'utf8').digest('hex')}`;
}

/**
 * A kept answer's parameters in today's form: an older version kept their canonical text itself
 * (a JSON object, so never taken for a digest), which becomes its digest: the one a retry of the
 * same request computes, so it still replays.
 */
export function hashedParameters(fingerprint: string): string {
  return fingerprint.startsWith(DIGEST_PREFIX) ? fingerprint : parametersDigest(fingerprint);
}
