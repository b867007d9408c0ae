// Stripe's webhooks, end to end. The Stripe API emulator reports every event (onEvent); each one
// is delivered (./webhookDelivery), signed as Stripe signs them, to the mock API's own webhook
// endpoint, with the delivery fault the payment's tester chose. The endpoint verifies the
// signature with the SDK (`webhooks.constructEvent`, STRIPE_WEBHOOK_SECRET), handles an event id
// once, re-reads the intent and its charge from Stripe, and only ever moves a review forward
// (publish.ts). With a real sk_test_ key the same endpoint takes what `stripe listen
// --forward-to <origin>/api/webhooks/stripe` forwards.
//
// Testers: GET /api/__webhooks lists their own deliveries (those about payments made in their
// tester scope; everyone's with ?all=true and the operator secret, ../../operator) and
// POST /api/__webhooks/{id}/resend sends one of them again, as `stripe events resend` does.
import express, { Router } from 'express';
import Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { Scenarios } from '../../sharedDemo/scenarios';
import { HttpError, asyncRoute, envelope } from '../../http';
import { everyoneFor } from '../../sharedDemo/operator';
import type { paymentRefresher } from './publish';
import { createWebhookDelivery, intentIdOf } from './webhookDelivery';

export const STRIPE_WEBHOOK_ROUTE = '/api/webhooks/stripe';
/** The emulator's signing secret, unless STRIPE_WEBHOOK_SECRET gives Stripe's (`whsec_...`). */
export const EMULATOR_WEBHOOK_SECRET = 'whsec_emulator';
const MAX_HANDLED_EVENTS = 10_000;

export function createWebhooks(
  store: Store,
  options: {
    scenarios: Scenarios;
    refreshPayments: ReturnType<typeof paymentRefresher>;
    secret?: string;
  },
) {
  const { scenarios, refreshPayments } = options;
  const secret = options.secret ?? process.env.STRIPE_WEBHOOK_SECRET ?? EMULATOR_WEBHOOK_SECRET;
  // The SDK's webhook helpers need no key of their own: this client never calls the API.
  const sdk = new Stripe('sk_test_webhook_signatures_only');
  const delivery = createWebhookDelivery(store, {
    scenarios,
    sdk,
    secret,
    endpointPath: STRIPE_WEBHOOK_ROUTE,
  });

  /** POST /api/webhooks/stripe: outside the guest token, as Stripe calls it. */
  const endpoint = Router();
  endpoint.post(
    '/',
    express.raw({ type: () => true, limit: '1mb' }),
    asyncRoute(async (req, res) => {
      const event = verifiedEvent(sdk, req.body, req.get('stripe-signature') ?? '', secret);
      if ((store.db.webhookEvents ?? []).includes(event.id)) {
        res.json({ received: true, duplicate: true });
        return;
      }
      const intentId = intentIdOf(event);
      if (intentId && (store.db.payments ?? []).some((p) => p.intentId === intentId)) {
        // Stripe's word, not the event's copy: the intent and its charge are read again.
        await refreshPayments(req, (p) => p.intentId === intentId, { includeFinished: true });
      }
      await store.mutate((db) => {
        db.webhookEvents ??= [];
        if (!db.webhookEvents.includes(event.id)) db.webhookEvents.push(event.id);
        if (db.webhookEvents.length > MAX_HANDLED_EVENTS) db.webhookEvents.shift();
      });
      res.json({ received: true });
    }),
  );

  /** GET /__webhooks and POST /__webhooks/{id}/resend (mount under /api, with the token). */
  // A caller's own: a scope of their own (none: nothing), or everything for the operator.
  const testers = Router();
  const ownScope = (req: express.Request) => {
    const scope = scenarios.testerOf(req);
    return (owner: string | null) => scope !== null && owner === scope;
  };
  testers.get('/__webhooks', (req, res) => {
    const everyone = everyoneFor(req, scenarios.isOperator);
    const list = delivery.list(everyone ? () => true : ownScope(req));
    res.json(envelope(list, list.length));
  });
  testers.post(
    '/__webhooks/:id/resend',
    asyncRoute(async (req, res) => {
      const allowed = scenarios.isOperator(req) ? () => true : ownScope(req);
      const resent = await delivery.resend(String(req.params.id), allowed);
      if (!resent) throw new HttpError(404, 'not_found', `No delivery ${String(req.params.id)}.`);
      res.json(envelope(resent));
    }),
  );

  return { deliver: delivery.deliver, endpoint, testers, secret, stop: delivery.stop };
}

/** What the endpoint reads of an event, checked: anything else Stripe sends is left alone. */
interface HandledEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

const invalidEvent = (message: string, field?: string) =>
  new HttpError(400, 'invalid_event', message, field);

/**
 * The event in a webhook call, once its signature verifies (the SDK's `constructEvent`, within
 * Stripe's tolerance of 300 s for its age) and its timestamp is no further ahead of this clock
 * than that tolerance (the SDK takes any timestamp from the future, or one that is not a number:
 * a signed body held back could otherwise be replayed for as long as its stamp is ahead).
 * A body that verifies but is no event of the shape below is a 400 too, never a 500.
 */
function verifiedEvent(
  sdk: Stripe,
  body: unknown,
  signature: string,
  secret: string,
  nowMs = Date.now(),
): HandledEvent {
  const tolerance = sdk.webhooks.DEFAULT_TOLERANCE;
  let parsed: unknown;
  try {
    const payload = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    parsed = sdk.webhooks.constructEvent(payload, signature, secret, tolerance, undefined, nowMs);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new HttpError(
        400,
        'invalid_signature',
        `The Stripe-Signature does not verify: ${error.message}`,
      );
    }
    // Signed, but not JSON (or a thin v2 event notification, which this endpoint does not take).
    throw invalidEvent(`The event is not a Stripe event in JSON: ${(error as Error).message}`);
  }
  const signedAt = signatureTimestamp(signature);
  if (signedAt === null || signedAt - Math.floor(nowMs / 1000) > tolerance) {
    throw new HttpError(
      400,
      'invalid_signature',
      `The Stripe-Signature's timestamp (t) must be a time in seconds no more than ${tolerance} s ahead of this server's clock.`,
    );
  }
  return checkedEvent(parsed);
}

/** The `t=` of a Stripe-Signature as the SDK reads it (the last one), if it is whole seconds. */
function signatureTimestamp(header: string): number | null {
  const stamps = header
    .split(',')
    .map((item) => item.split('='))
    .filter(([key]) => key === 't');
  const value = stamps.at(-1)?.[1] ?? '';
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The fields the endpoint reads: an id to handle it once by, and the intent it is about. */
function checkedEvent(value: unknown): HandledEvent {
  if (!isObject(value)) throw invalidEvent('The event must be a JSON object.');
  const { id, type, created, data } = value;
  if (typeof id !== 'string' || id === '' || id.length > 255) {
    throw invalidEvent('The event id must be a non-empty string (evt_...).', 'id');
  }
  if (typeof type !== 'string' || type === '') {
    throw invalidEvent('The event type must be a non-empty string.', 'type');
  }
  if (typeof created !== 'number' || !Number.isSafeInteger(created) || created < 0) {
    throw invalidEvent('The event created must be a time in whole seconds.', 'created');
  }
  if (!isObject(data) || !isObject(data.object)) {
    throw invalidEvent('The event data.object must be an object.', 'data.object');
  }
  const object = data.object;
  // intentIdOf reads a PaymentIntent event's object id, or any other object's payment_intent.
  if (type.startsWith('payment_intent.')) {
    if (typeof object.id !== 'string' || object.id === '') {
      throw invalidEvent(`A ${type} event's data.object.id must be a string.`, 'data.object.id');
    }
  } else if (
    object.payment_intent !== undefined &&
    object.payment_intent !== null &&
    typeof object.payment_intent !== 'string'
  ) {
    throw invalidEvent(
      `A ${type} event's data.object.payment_intent must be a string or null.`,
      'data.object.payment_intent',
    );
  }
  return { id, type, created, data: { object } };
}
