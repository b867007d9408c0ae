// Event delivery: each event an operation reports is built as Stripe builds it (a copy of its
// object as it is at that moment), added to the state's log, then handed to onEvent with the
// request that caused it, in the order the operation reported them. The router's onEvent is held
// (`heldUntilStored`) until that request's changes are stored (http.ts releases it after
// persisting): as Stripe, the emulator never sends a webhook a restart could take back.
import type { Request } from 'express';
import { newId, nowSeconds } from './ids';
import type { Emit, StripeState } from './state';
import { API_VERSION, type StripeEvent } from './types';

/**
 * Told every event Stripe would send a webhook for (payment_intent.created, .requires_action,
 * .succeeded, .payment_failed, .canceled, charge.refunded, charge.dispute.created), with the API
 * request that caused it.
 */
export type OnEvent = (event: StripeEvent, cause: Request) => void;

export function buildEvent(type: string, object: unknown): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The log keeps the latest events only: a demo server runs for weeks (Stripe keeps 30 days). */
export const EVENTS_KEPT = 1000;

/** The `emit` the operations of one request report their events to. */
export function eventEmitter(
  state: StripeState,
  onEvent: OnEvent | undefined,
): (cause: Request) => Emit {
  return (cause) => (type, object) => {
    const event = buildEvent(type, object);
    state.events.push(event);
    if (state.events.length > EVENTS_KEPT)
      state.events.splice(0, state.events.length - EVENTS_KEPT);
    onEvent?.(event, cause);
  };
}

/** The events each request's operations reported, waiting for its changes to be stored. */
const held = new WeakMap<Request, (() => void)[]>();

/** `onEvent`, told of a request's events only when releaseEvents(request) is called. */
export function heldUntilStored(onEvent: OnEvent): OnEvent {
  return (event, cause) => {
    const waiting = held.get(cause) ?? [];
    waiting.push(() => onEvent(event, cause));
    held.set(cause, waiting);
  };
}

/** Hands the request's held events on, in order (call once its changes are stored). */
export function releaseEvents(cause: Request): void {
  const waiting = held.get(cause);
  held.delete(cause);
  for (const deliver of waiting ?? []) deliver();
}
