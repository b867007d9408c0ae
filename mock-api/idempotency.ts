// Idempotency-Key: the one mechanism behind every service the mock API plays. A request under a
// key runs once; a retry of the same request is answered with the first answer again (marked
// `Idempotent-Replayed: true`); the key reused for another endpoint or other fields is refused, in
// the words of the service. Requests under one key wait for each other, so two at once still
// run once. Each service brings its own store of first answers, its key scope:
// - the Grati routes: the data file's `idempotency` list, by the key as sent
//   (./routes/idempotentRoutes.ts: the key is required; a reuse is a 422);
// - the Stripe emulator: its state, per API key under the key's digest
//   (./emulators/stripe/idempotency.ts: the key is optional; a reuse is Stripe's 400).
// A service keeps a new answer itself, with whatever else its request stores (atomically).

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** One request under a key: the key as its store names it, where it went, what it sent. */
export interface KeyedRequest {
  storeKey: string;
  /** Where it went (an endpoint): a key is good for one only. */
  scope: string;
  /** What it sent, as text or a hash of it: a retry must send the same. */
  fingerprint: string;
}

/** A first answer as a store holds it, with the request it answered. */
export interface FirstAnswer<A> {
  scope: string;
  fingerprint: string;
  answer: A;
}

/** One service's first answers (its key scope), and how it refuses a key reused. */
export interface AnswerStore<A, R extends KeyedRequest = KeyedRequest> {
  find(storeKey: string): FirstAnswer<A> | undefined;
  /** The error for a key first used by `previous`, now for another `scope` or `fingerprint`. */
  reused(previous: FirstAnswer<A>, request: R, differs: 'scope' | 'fingerprint'): Error;
}

/** The first answer to replay, or undefined when the key is new; throws when the retry differs. */
export function firstAnswer<A, R extends KeyedRequest>(
  store: AnswerStore<A, R>,
  request: R,
): FirstAnswer<A> | undefined {
  const previous = store.find(request.storeKey);
  if (!previous) return undefined;
  if (previous.scope !== request.scope) throw store.reused(previous, request, 'scope');
  if (previous.fingerprint !== request.fingerprint) {
    throw store.reused(previous, request, 'fingerprint');
  }
  return previous;
}

export type Serializer = <T>(key: string, work: () => Promise<T>) => Promise<T>;

/** Returns `serialized(key, work)`: runs `work` after every earlier request with the same key. */
export function createSerializer(): Serializer {
  const inFlight = new Map<string, Promise<unknown>>();
  return async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = inFlight.get(key) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.catch(() => undefined);
    inFlight.set(key, tail);
    try {
      return await run;
    } finally {
      if (inFlight.get(key) === tail) inFlight.delete(key);
    }
  };
}

export interface IdempotentOutcome<A> {
  answer: A;
  replayed: boolean;
}

/**
 * Runs `work` once per key: one request at a time per key, and a repeat of the same request gets
 * the first answer instead. `work` keeps its answer in the store (a thrown error keeps nothing).
 */
export function runOnce<A, R extends KeyedRequest>(
  serialized: Serializer,
  store: AnswerStore<A, R>,
  request: R,
  work: () => A | Promise<A>,
): Promise<IdempotentOutcome<A>> {
  return serialized(request.storeKey, async () => {
    const known = firstAnswer(store, request);
    if (known) return { answer: known.answer, replayed: true };
    return { answer: await work(), replayed: false };
  });
}
