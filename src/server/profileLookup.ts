// The server's profile lookups: one POST gratitude/findUser to the configured API, with a timeout,
// behind a short-lived LRU cache that also coalesces concurrent lookups of one profile, so a spike
// on a shared profile makes one API call per TTL.
import { LRUCache } from 'lru-cache';
import type { LookupAnswer } from './renderPage';

export interface ProfileLookupOptions {
  /** The API base (absolute, from the settings: never from a request). */
  apiBaseUrl: string;
  guestToken: string;
  /** A lookup slower than this fails (the page is then rendered by the browser). */
  timeoutMs?: number;
  /** How long an answer is reused. */
  ttlMs?: number;
  /** At most this many profiles, and this many bytes of answers, are kept. */
  maxEntries?: number;
  maxBytes?: number;
  fetchFn?: typeof fetch;
}

/** The API could not be asked, answered with a server error, or was too slow. */
export class LookupFailedError extends Error {
  override name = 'LookupFailedError';
}

/** How a lookup was served: `hit` from the cache, `miss` asked the API, `fresh` bypassed it. */
export type LookupSource = 'hit' | 'miss' | 'coalesced' | 'fresh';

export interface ProfileLookup {
  /** The API's answer for `id`; `fresh` skips the cache (a page just after a payment). */
  lookup(
    id: string,
    options?: { fresh?: boolean },
  ): Promise<{ answer: LookupAnswer; source: LookupSource }>;
  /** Whether the API answers at all (any HTTP status), within the timeout. */
  reachable(): Promise<boolean>;
}

export const LOOKUP_TIMEOUT_MS = 3000;
export const LOOKUP_TTL_MS = 5000;

export function createProfileLookup(options: ProfileLookupOptions): ProfileLookup {
  const fetchFn = options.fetchFn ?? fetch;
  const timeoutMs = options.timeoutMs ?? LOOKUP_TIMEOUT_MS;
  const findUserUrl = `${options.apiBaseUrl}/gratitude/findUser`;

  async function ask(id: string, signal?: AbortSignal): Promise<LookupAnswer> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let body: string;
    try {
      response = await fetchFn(findUserUrl, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.guestToken}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify({ _id: id, profilePage: true }),
        redirect: 'error',
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
      body = await response.text();
    } catch (error) {
      const reason = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : 'the API is unreachable';
      throw new LookupFailedError(`findUser ${reason}`, { cause: error });
    }
    if (response.status >= 500) {
      throw new LookupFailedError(`findUser answered ${response.status}`);
    }
    return { status: response.status, body };
  }

  const cache = new LRUCache<string, LookupAnswer>({
    max: options.maxEntries ?? 1000,
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (answer) => answer.body.length + 64,
    ttl: options.ttlMs ?? LOOKUP_TTL_MS,
    // Expired answers go when they expire, not when the cache next meets them.
    ttlAutopurge: true,
    // A lookup under way when its key's old answer expires still lands.
    ignoreFetchAbort: true,
    // A failed lookup is not cached: the next request asks again.
    fetchMethod: (id, _stale, { signal }) => ask(id, signal),
  });

  return {
    async lookup(id, { fresh = false } = {}) {
      if (fresh) return { answer: await ask(id), source: 'fresh' };
      const status: LRUCache.Status<string, LookupAnswer> = {};
      const cached = await cache.fetch(id, { status });
      // No answer from the cache (it was cleared meanwhile): ask directly.
      const answer = cached ?? (await ask(id));
      const source: LookupSource =
        status.fetch === 'hit' ? 'hit' : status.fetch === 'inflight' ? 'coalesced' : 'miss';
      return { answer, source };
    },
    async reachable() {
      try {
        await fetchFn(options.apiBaseUrl, {
          method: 'HEAD',
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}
