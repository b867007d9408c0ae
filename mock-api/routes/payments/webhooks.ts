// Stripe's webhooks, end to end. The Stripe API emulator reports every event (onEvent); this
// module delivers each one, signed as Stripe signs them (`Stripe-Signature: t=...,v1=...`, made by
// the official SDK), to the mock API's own webhook endpoint, with the delivery fault the payment's
// tester chose (webhook-delayed, -duplicate, -out-of-order, -lost). The endpoint verifies the
// signature with the SDK (`webhooks.constructEvent`, STRIPE_WEBHOOK_SECRET), handles an event id
// once, re-reads the intent and its charge from Stripe, and only ever moves a review forward
// (publish.ts). With a real sk_test_ key the same endpoint takes what `stripe listen
// --forward-to <origin>/api/webhooks/stripe` forwards.
//
// Testers: GET /api/__webhooks lists deliveries (their own, or ?all=true) and
// POST /api/__webhooks/{id}/resend sends one again, as `stripe events resend` does.
import { randomUUID } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { StripeEvent } from '../../emulators/stripe';
import type { Scenarios, WebhookFault } from '../../scenarios';
import { HttpError, asyncRoute, envelope } from '../../http';
import type { paymentRefresher } from './publish';

export const STRIPE_WEBHOOK_ROUTE = '/api/webhooks/stripe';
/** The emulator's signing secret, unless STRIPE_WEBHOOK_SECRET gives Stripe's (`whsec_...`). */
export const EMULATOR_WEBHOOK_SECRET = 'whsec_emulator';
/** webhook-out-of-order holds an event this long for a later one to overtake it. */
export const OUT_OF_ORDER_HOLD_MS = 1000;
const MAX_DELIVERIES = 1000;
const MAX_HANDLED_EVENTS = 10_000;

export interface Delivery {
  id: string;
  eventId: string;
  type: string;
  intentId: string | null;
  tester: string | null;
  fault: WebhookFault | null;
  status: 'scheduled' | 'delivered' | 'failed' | 'lost';
  attempts: { at: string; status: number | null }[];
}

interface StoredDelivery extends Delivery {
  event: StripeEvent;
  target: string;
}

/** The PaymentIntent an event is about (a payment_intent.*, or a charge's or dispute's). */
function intentIdOf(event: { type: string; data: { object: unknown } }): string | null {
  const object = event.data.object as { id?: unknown; payment_intent?: unknown };
  const id = event.type.startsWith('payment_intent.') ? object.id : object.payment_intent;
  return typeof id === 'string' ? id : null;
}

const summary = ({ event: _event, target: _target, ...delivery }: StoredDelivery): Delivery => ({
  ...delivery,
  attempts: [...delivery.attempts],
});

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
  const deliveries = new LRUCache<string, StoredDelivery>({ max: MAX_DELIVERIES });
  const held = new Map<string, { delivery: StoredDelivery; timer: NodeJS.Timeout }>();

  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms).unref();
    timers.add(timer);
    return timer;
  };

  /** One attempt, tracked so stop() can wait for it. */
  function send(delivery: StoredDelivery): Promise<void> {
    if (stopped) return Promise.resolve();
    const attempt = attemptDelivery(delivery).finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
    return attempt;
  }

  async function attemptDelivery(delivery: StoredDelivery): Promise<void> {
    const payload = JSON.stringify(delivery.event);
    const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
    const at = new Date().toISOString();
    try {
      const answer = await fetch(delivery.target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': signature,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      await answer.arrayBuffer();
      delivery.attempts.push({ at, status: answer.status });
      delivery.status = answer.ok ? 'delivered' : 'failed';
    } catch {
      delivery.attempts.push({ at, status: null });
      delivery.status = 'failed';
    }
  }

  /** The emulator's onEvent: one delivery, shaped by the payment's tester's fault. */
  function deliver(event: StripeEvent, cause: Request): void {
    const intentId = intentIdOf(event);
    const payment = (store.db.payments ?? []).find((p) => p.intentId === intentId);
    const tester = payment?.tester ?? null;
    const fault = scenarios.webhookFault(tester);
    const delivery: StoredDelivery = {
      id: `whd_${randomUUID().replace(/-/g, '')}`,
      eventId: event.id,
      type: event.type,
      intentId,
      tester,
      fault: fault?.name ?? null,
      status: 'scheduled',
      attempts: [],
      event,
      // This server's own endpoint, on the socket the cause came in on (never a Host header).
      target: `http://127.0.0.1:${cause.socket.localPort}${STRIPE_WEBHOOK_ROUTE}`,
    };
    deliveries.set(delivery.id, delivery);
    switch (fault?.name) {
      case 'webhook-lost':
        delivery.status = 'lost';
        return;
      case 'webhook-delayed':
        later(fault.delayMs, () => void send(delivery));
        return;
      case 'webhook-duplicate':
        void send(delivery).then(() => send(delivery));
        return;
      case 'webhook-out-of-order': {
        const key = intentId ?? delivery.id;
        const earlier = held.get(key);
        if (earlier) {
          clearTimeout(earlier.timer);
          held.delete(key);
          void send(delivery).then(() => send(earlier.delivery));
        } else {
          const timer = later(OUT_OF_ORDER_HOLD_MS, () => {
            held.delete(key);
            void send(delivery);
          });
          held.set(key, { delivery, timer });
        }
        return;
      }
      default:
        void send(delivery);
    }
  }

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
    const all = req.query.all === 'true';
    const tester = scenarios.testerOf(req);
    const list = [...deliveries.values()].filter((d) => all || d.tester === tester).map(summary);
    res.json(envelope(list, list.length));
  });
  testers.post(
    '/__webhooks/:id/resend',
    asyncRoute(async (req, res) => {
      const delivery = deliveries.get(String(req.params.id));
      if (!delivery) throw new HttpError(404, 'not_found', `No delivery ${String(req.params.id)}.`);
      await send(delivery);
      res.json(envelope(summary(delivery)));
    }),
  );

  /** No more deliveries: scheduled ones are dropped, the ones under way are waited for. */
  async function stop(): Promise<void> {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    for (const { timer } of held.values()) clearTimeout(timer);
    held.clear();
    await Promise.allSettled([...inFlight]);
  }

  return { deliver, endpoint, testers, secret, stop };
}
