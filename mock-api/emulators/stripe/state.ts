// The emulator's memory as one plain, JSON-serialisable object (records keyed by id, in creation
// order, and an event log), with the lookups every endpoint shares. The operations that change it
// live in transitions.ts (the PaymentIntent lifecycle) and refunds.ts.
import { invalidRequest } from './errors';
import { forgetCardNumbers } from './storedCards';
import { hashedParameters, hashedStoreKey } from './storeKeys';
import type { Charge, Dispute, PaymentIntent, PaymentMethod, Refund, StripeEvent } from './types';

/** A card PaymentMethod as kept: what Stripe shows of it, and the test card it was made from. */
export interface StoredPaymentMethod {
  method: PaymentMethod;
  /** The test card's id (testCards.ts), never its number: what confirming with it does. */
  testCard: string;
}

/** The first answer to a POST with an Idempotency-Key, replayed to a retry. */
export interface IdempotentResult {
  /** `POST /v1/...`: a key is valid for one endpoint only. */
  scope: string;
  /** The parameters' digest (storeKeys.ts): a retry must send the same ones. */
  fingerprint: string;
  status: number;
  body: unknown;
  /** When it was first answered (seconds): Stripe forgets a key after 24 hours. */
  created?: number;
}

/**
 * Everything the emulator remembers. Plain records and arrays only (no Map, class or function),
 * so `JSON.parse(JSON.stringify(state))` is the same state.
 */
export interface StripeState {
  paymentIntents: Record<string, PaymentIntent>;
  paymentMethods: Record<string, StoredPaymentMethod>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  disputes: Record<string, Dispute>;
  /** Every event, oldest first, as it was handed to onEvent. */
  events: StripeEvent[];
  /** By `<API key's digest>\u0000<Idempotency-Key>` (storeKeys.ts): never the key itself. */
  idempotency: Record<string, IdempotentResult>;
}

/** How an operation reports an event Stripe would send a webhook for (see events.ts). */
export type Emit = (type: string, object: unknown) => void;

export function emptyStripeState(): StripeState {
  return {
    paymentIntents: {},
    paymentMethods: {},
    charges: {},
    refunds: {},
    disputes: {},
    events: [],
    idempotency: {},
  };
}

/**
 * A state saved earlier (the mock API keeps it in its data file), checked for its shape; a part
 * an older file lacks starts empty. Anything else is refused: money state is never half-read.
 * Each part's records are checked to be objects (what every lookup assumes), not field by field.
 * What an older version kept that today's never does (an API key, card numbers, a request's
 * parameters) is put in today's form; `saved` itself is left as it was.
 */
export function restoreStripeState(saved: unknown): StripeState {
  if (saved === undefined) return emptyStripeState();
  if (!isRecord(saved)) throw new Error('The saved Stripe emulator state is not an object.');
  return restoredFrom(structuredClone(saved));
}

function restoredFrom(saved: Record<string, unknown>): StripeState {
  const state = emptyStripeState();
  // A part under another name (a typo, a hand edit) would otherwise be dropped at the next write.
  const unknown = Object.keys(saved).find((key) => !Object.hasOwn(state, key));
  if (unknown !== undefined) {
    throw new Error(`The saved Stripe emulator state has an unknown part "${unknown}".`);
  }
  for (const key of Object.keys(state) as (keyof StripeState)[]) {
    const part = saved[key];
    if (part === undefined) continue;
    const fits = key === 'events' ? Array.isArray(part) : isRecord(part);
    if (!fits || !Object.values(part as object).every(isRecord)) {
      throw new Error(`The saved Stripe emulator state has a malformed "${key}".`);
    }
    Object.assign(state, { [key]: part });
  }
  // A file an older version saved names these by the API key itself, and keeps the parameters
  // they answered: by their digests from now on.
  state.idempotency = Object.fromEntries(
    Object.entries(state.idempotency).map(([storeKey, answer]) => [
      hashedStoreKey(storeKey),
      typeof answer.fingerprint === 'string'
        ? { ...answer, fingerprint: hashedParameters(answer.fingerprint) }
        : answer,
    ]),
  );
  forgetCardNumbers(state);
  return state;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Empties the state in place: the router keeps working on the same object. */
export function clearStripeState(state: StripeState): void {
  Object.assign(state, emptyStripeState());
}

/** A record's own entry: ids come from URLs, and `constructor` or `__proto__` is no id. */
export function own<T>(record: Record<string, T>, id: string): T | undefined {
  return Object.hasOwn(record, id) ? record[id] : undefined;
}

export function findPaymentIntent(state: StripeState, id: string): PaymentIntent {
  const intent = own(state.paymentIntents, id);
  if (!intent) {
    throw invalidRequest(`No such payment_intent: '${id}'`, 'intent', 'resource_missing', 404);
  }
  return intent;
}

/** The PaymentIntents themselves (not copies), oldest first. */
export function paymentIntentsOf(state: StripeState): PaymentIntent[] {
  return Object.values(state.paymentIntents);
}

export function findCharge(state: StripeState, id: string): Charge {
  const found = own(state.charges, id);
  if (!found) throw invalidRequest(`No such charge: '${id}'`, 'charge', 'resource_missing', 404);
  return found;
}

export function addPaymentIntent(state: StripeState, intent: PaymentIntent, emit: Emit): void {
  state.paymentIntents[intent.id] = intent;
  emit('payment_intent.created', intent);
}

export function addPaymentMethod(state: StripeState, stored: StoredPaymentMethod): void {
  state.paymentMethods[stored.method.id] = stored;
}
