// The server's profile lookups: one POST gratitude/findUser to the configured API, with one deadline
// for the whole answer (headers and body) and a cap on its size, behind a short-lived LRU cache
// that also coalesces concurrent lookups of one profile, so a spike on a shared profile makes one
// API call per TTL. Lookups of distinct profiles go to the API a few at a time (lookupSlots.ts),
// and fresh ones of one profile at most one a second.
import { FIND_USER_PATH, findUserBody } from '../api/contract/findUser';
import { LRUCache } from 'lru-cache';
import { FRESH_LOOKUP_GAP_MS, createFreshLookups } from './freshLookups';
import { LookupBusyError, createLookupSlots } from './lookupSlots';
import type { LookupAnswer } from './renderPage';
import { AnswerTooLargeError, readCapped } from './readCapped';

export interface ProfileLookupOptions {
  /** The API base (absolute, from the settings: never from a request). */
  apiBaseUrl: string;
  guestToken: string;
  /** A lookup whose whole answer takes longer fails (the page is then rendered by the browser). */
  timeoutMs?: number;
  /** An answer longer than this fails the lookup (it is read as it comes, never whole). */
  maxAnswerBytes?: number;
  /** How long an answer is reused. */
  ttlMs?: number;
  /** At most this many profiles, and this many bytes of answers, are kept. */
  maxEntries?: number;
  maxBytes?: number;
  /** Calls to the API at once, and calls that may wait for one (past them: LookupFailedError). */
  concurrency?: number;
  maxWaiting?: number;
  /** A fresh lookup of a profile begins at least this long after its last one began. */
  freshGapMs?: number;
  fetchFn?: typeof fetch;
}

/** The API could not be asked, answered with a server error, was too slow or said too much. */
export class LookupFailedError extends Error {
  override name = 'LookupFailedError';
  /** No answer came: the connection failed (refused, reset), not a deadline or a size. */
  unreachable = false;
}

/**
 * How a lookup was served: `hit` from the cache, `miss` asked the API, `coalesced` joined a
 * lookup under way, `fresh` an answer asked for after the request came (shared with the others
 * that came meanwhile).
 */
export type LookupSource = 'hit' | 'miss' | 'coalesced' | 'fresh';

export interface ProfileLookup {
  /**
   * The API's answer for `id`. `fresh`: an answer the API gave to a call begun after this lookup
   * was asked for (a page just after a payment, or for the guest who just sent something), never
   * one from before: the requests that ask meanwhile share one such call, at most one call is
   * under way per profile, calls begin at least a second apart (freshLookups.ts), and each
   * answer replaces the cached one.
   */
  lookup(
    id: string,
    options?: { fresh?: boolean },
  ): Promise<{ answer: LookupAnswer; source: LookupSource }>;
  /** Whether the API answers at all (any HTTP status), within the timeout. */
  reachable(): Promise<boolean>;
}

export const LOOKUP_TIMEOUT_MS = 3000;
export const LOOKUP_TTL_MS = 5000;
/**
 * A process asks the API for at most this many profiles at once, and lets this many more wait
 * (each for at most LOOKUP_TIMEOUT_MS): a burst of distinct profiles (a campaign's QR codes, or
 * someone walking ids) is absorbed in turn, and past that is refused at once with a 503 the
 * browser renders from the shell, rather than queued without end behind an API that is slow.
 */
export const LOOKUP_CONCURRENCY = 16;
export const LOOKUP_MAX_WAITING = 64;
/** A profile's findUser answer is tens of KB: anything past this is not one. */
export const LOOKUP_MAX_ANSWER_BYTES = 2 * 1024 * 1024;

class DeadlineError extends Error {
  override name = 'DeadlineError';
}

export function createProfileLookup(options: ProfileLookupOptions): ProfileLookup {
  const fetchFn = options.fetchFn ?? fetch;
  const timeoutMs = options.timeoutMs ?? LOOKUP_TIMEOUT_MS;
  const maxAnswerBytes = options.maxAnswerBytes ?? LOOKUP_MAX_ANSWER_BYTES;
  const findUserUrl = `${options.apiBaseUrl}/${FIND_USER_PATH}`;

  /**
   * A connection the API closed as it was being reused (a keep-alive race: the pool's and the
   * API's idle timers) fails at once with no answer, and a page would degrade to the shell for
   * it: such a failure is asked once more, on a new connection. A deadline, a size or a given-up
   * lookup is not; an API that is down refuses the second as fast as the first.
   */
  async function askAgainIfDropped(id: string, signal?: AbortSignal): Promise<LookupAnswer> {
    try {
      return await askOnce(id, signal);
    } catch (error) {
      if (!(error instanceof LookupFailedError && error.unreachable) || signal?.aborted)
        throw error;
      return askOnce(id, signal);
    }
  }

  const slots = createLookupSlots({
    concurrency: options.concurrency ?? LOOKUP_CONCURRENCY,
    maxWaiting: options.maxWaiting ?? LOOKUP_MAX_WAITING,
    maxWaitMs: timeoutMs,
  });

  /** The API's answer, asked when a slot is free; a refused slot is a failed lookup. */
  async function ask(id: string, signal?: AbortSignal): Promise<LookupAnswer> {
    try {
      return await slots(() => askAgainIfDropped(id, signal));
    } catch (error) {
      if (!(error instanceof LookupBusyError)) throw error;
      throw new LookupFailedError(`findUser not asked: ${error.message}`, { cause: error });
    }
  }

  async function askOnce(id: string, signal?: AbortSignal): Promise<LookupAnswer> {
    // One deadline for the whole answer, headers and body, held by a timer of ours (Node keeps a
    // pending timer, and so this closure) until the answer is read. Neither AbortSignal.timeout()
    // nor aborting fetch's signal is enough once the headers are in: the timeout's timer lives
    // only as long as its signal is referenced, and undici links our signal to the request
    // through a weak reference, so a garbage collection (the server's idle gc(), main.ts) cuts
    // either and a body that never ends is waited on for ever. Cancelling the body stream we
    // hold ends the connection whatever the collector did.
    const controller = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let stoppedBy: Error | undefined;
    const stop = (why: Error) => {
      stoppedBy ??= why;
      controller.abort(why);
      void reader?.cancel(why).catch(() => undefined);
    };
    const deadline = setTimeout(
      () => stop(new DeadlineError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const giveUp = () => stop(new Error('the lookup was given up'));
    if (signal?.aborted) giveUp();
    signal?.addEventListener('abort', giveUp, { once: true });
    let response: Response;
    let body = '';
    try {
      response = await fetchFn(findUserUrl, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.guestToken}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(findUserBody(id)),
        redirect: 'error',
        signal: controller.signal,
      });
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxAnswerBytes) throw new AnswerTooLargeError(`${declared} bytes declared`);
      if (response.body) {
        reader = response.body.getReader();
        if (stoppedBy) throw stoppedBy;
        body = await readCapped(reader, maxAnswerBytes, () => stoppedBy);
      }
    } catch (error) {
      const reason =
        error instanceof AnswerTooLargeError
          ? `answered more than ${maxAnswerBytes} bytes`
          : stoppedBy instanceof DeadlineError
            ? `no answer within ${timeoutMs} ms`
            : 'the API is unreachable';
      // Nothing more of this answer is read: its connection goes.
      stop(new Error(reason));
      const failure = new LookupFailedError(`findUser ${reason}`, { cause: error });
      failure.unreachable = reason === 'the API is unreachable' && !signal?.aborted;
      throw failure;
    } finally {
      clearTimeout(deadline);
      signal?.removeEventListener('abort', giveUp);
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

  const askAfterNow = createFreshLookups({
    ask: (id) => ask(id),
    // The newest answer serves everyone: a lookup under way from before cannot overwrite it.
    answered: (id, answer) => cache.set(id, answer),
    gapMs: options.freshGapMs ?? FRESH_LOOKUP_GAP_MS,
  });

  return {
    async lookup(id, { fresh = false } = {}) {
      if (fresh) return { answer: await askAfterNow(id), source: 'fresh' };
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
