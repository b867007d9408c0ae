// Stripe's webhooks, end to end. The Stripe API emulator reports every event (onEvent); each one
// is delivered (./webhookDelivery), signed as Stripe signs them, to the mock API's own webhook
// endpoint, with the delivery fault the payment's tester chose. The endpoint verifies the
// signature with the SDK (`webhooks.constructEvent`, STRIPE_WEBHOOK_SECRET), handles an event id
// once, re-reads the intent and its charge from Stripe, and only ever moves a review forward
// (publish.ts). With a real sk_test_ key the same endpoint takes what `stripe listen
// --forward-to <origin>/api/webhooks/stripe` forwards.
//
// Testers: GET /api/__webhooks lists deliveries (their own, or ?all=true) and
// POST /api/__webhooks/{id}/resend sends one again, as `stripe events resend` does.
import express, { Router } from 'express';
import Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { Scenarios } from '../../scenarios';
import { HttpError, asyncRoute, envelope } from '../../http';
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
      let event: Stripe.Event;
      try {
        event = sdk.webhooks.constructEvent(
          Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          req.get('stripe-signature') ?? '',
          secret,
        );
      } catch (error) {
        throw new HttpError(
          400,
          'invalid_signature',
          `The Stripe-Signature does not verify: ${(error as Error).message}`,
        );
      }
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
  const testers = Router();
  testers.get('/__webhooks', (req, res) => {
    const list = delivery.list(scenarios.testerOf(req), req.query.all === 'true');
    res.json(envelope(list, list.length));
  });
  testers.post(
    '/__webhooks/:id/resend',
    asyncRoute(async (req, res) => {
      const resent = await delivery.resend(String(req.params.id));
      if (!resent) throw new HttpError(404, 'not_found', `No delivery ${String(req.params.id)}.`);
      res.json(envelope(resent));
    }),
  );

  return { deliver: delivery.deliver, endpoint, testers, secret, stop: delivery.stop };
}
