// How many profile lookups of distinct profiles go to the API at once, and how many may wait for
// one of them: lookups of one profile are already shared (profileLookup.ts), but a burst of
// distinct ids had no bound at all (issue 50: 200 calls in flight to the API at once).
import pLimit from 'p-limit';

export interface LookupSlotOptions {
  /** Calls to the API at once. */
  concurrency: number;
  /** Calls waiting for one of those; past it a call is refused at once. */
  maxWaiting: number;
  /** A call that waited this long for its turn is refused when its turn comes. */
  maxWaitMs: number;
}

/** The API was not asked: every slot is taken and the queue is full, or the wait was too long. */
export class LookupBusyError extends Error {
  override name = 'LookupBusyError';
}

export type LookupSlots = <T>(call: () => Promise<T>) => Promise<T>;

/**
 * Runs calls within the bounds. A full queue refuses at once rather than waiting: what waits
 * holds a request open, and an API that has stopped answering would have every one of them wait
 * out its deadline in turn. The caller answers a refusal as a failed lookup (a 503 with
 * Retry-After, whose shell the browser renders itself; nginx tries another process first).
 */
export function createLookupSlots(options: LookupSlotOptions): LookupSlots {
  const limit = pLimit(options.concurrency);
  // Counted here, as each call comes: p-limit counts its active calls a tick later, so a burst
  // in one tick would all look queued behind none.
  let admitted = 0;
  return (call) => {
    if (admitted >= options.concurrency + options.maxWaiting) {
      return Promise.reject(
        new LookupBusyError(`${admitted} lookups are under way or waiting for the API already`),
      );
    }
    admitted += 1;
    const queuedAt = Date.now();
    return limit(() => {
      const waited = Date.now() - queuedAt;
      if (waited > options.maxWaitMs) {
        throw new LookupBusyError(`waited ${waited} ms for a free lookup slot`);
      }
      return call();
    }).finally(() => {
      admitted -= 1;
    });
  };
}
