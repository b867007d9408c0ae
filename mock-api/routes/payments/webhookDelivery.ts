// Delivering Stripe's webhooks: each event the Stripe API emulator reports goes to the mock API's
// own endpoint, signed as Stripe signs them (`Stripe-Signature: t=...,v1=...`, made by the
// official SDK), with the delivery fault the payment's tester chose (webhook-delayed,
// -duplicate, -out-of-order, -lost). The deliveries are remembered for the testers' list, each
// under its payment's tester scope, which the list never shows.
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { LRUCache } from 'lru-cache';
import type Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { StripeEvent } from '../../emulators/stripe';
import type { Scenarios, WebhookFault } from '../../sharedDemo/scenarios';

/** webhook-out-of-order holds an event this long for a later one to overtake it. */
export const OUT_OF_ORDER_HOLD_MS = 1000;
const MAX_DELIVERIES = 1000;

export interface Delivery {
  id: string;
  eventId: string;
  type: string;
  intentId: string | null;
  fault: WebhookFault | null;
  status: 'scheduled' | 'delivered' | 'failed' | 'lost';
  attempts: { at: string; status: number | null }[];
}

interface StoredDelivery extends Delivery {
  /** The tester scope of the payment it is about (null: nobody's, seen by the operator only). */
  scope: string | null;
  event: StripeEvent;
  target: string;
}

/** The PaymentIntent an event is about (a payment_intent.*, or a charge's or dispute's). */
export function intentIdOf(event: { type: string; data: { object: unknown } }): string | null {
  const object = event.data.object as { id?: unknown; payment_intent?: unknown };
  const id = event.type.startsWith('payment_intent.') ? object.id : object.payment_intent;
  return typeof id === 'string' ? id : null;
}

const summary = ({
  event: _event,
  target: _target,
  scope: _scope,
  ...delivery
}: StoredDelivery): Delivery => ({
  ...delivery,
  attempts: [...delivery.attempts],
});

export function createWebhookDelivery(
  store: Store,
  options: {
    scenarios: Scenarios;
    /** The SDK that signs (generateTestHeaderString) with `secret`. */
    sdk: Stripe;
    secret: string;
    /** The webhook endpoint's path on this server. */
    endpointPath: string;
  },
) {
  const { scenarios, sdk, secret } = options;
  const deliveries = new LRUCache<string, StoredDelivery>({ max: MAX_DELIVERIES });
  const held = new Map<string, { delivery: StoredDelivery; timer: NodeJS.Timeout }>();
  const scheduler = createScheduler();
  const { later } = scheduler;
  const send = (delivery: StoredDelivery) =>
    scheduler.track(() => attemptDelivery(delivery, sdk, secret));

  /** The emulator's onEvent: one delivery, shaped by the payment's tester's fault. */
  function deliver(event: StripeEvent, cause: Request): void {
    const intentId = intentIdOf(event);
    const payment = (store.db.payments ?? []).find((p) => p.intentId === intentId);
    const scope = payment?.tester ?? null;
    const fault = scenarios.webhookFault(scope);
    const delivery: StoredDelivery = {
      id: `whd_${randomUUID().replace(/-/g, '')}`,
      eventId: event.id,
      type: event.type,
      intentId,
      scope,
      fault: fault?.name ?? null,
      status: 'scheduled',
      attempts: [],
      event,
      // This server's own endpoint, on the socket the cause came in on (never a Host header).
      target: `http://127.0.0.1:${cause.socket.localPort}${options.endpointPath}`,
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
      case 'webhook-out-of-order':
        holdForLater(delivery);
        return;
      default:
        void send(delivery);
    }
  }

  /** webhook-out-of-order: the first event waits; the next one about its intent overtakes it. */
  function holdForLater(delivery: StoredDelivery): void {
    const key = delivery.intentId ?? delivery.id;
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
  }

  /** The deliveries whose scope `visible` lets the caller see, as the testers' list shows them. */
  function list(visible: (scope: string | null) => boolean): Delivery[] {
    return [...deliveries.values()].filter((d) => visible(d.scope)).map(summary);
  }

  /**
   * Sends a delivery again, as `stripe events resend` does; null when there is no such one, or
   * when `allowed` refuses its scope (the same answer: whether another's exists is not told).
   */
  async function resend(
    id: string,
    allowed: (scope: string | null) => boolean,
  ): Promise<Delivery | null> {
    const delivery = deliveries.get(id);
    if (!delivery || !allowed(delivery.scope)) return null;
    await send(delivery);
    return summary(delivery);
  }

  /** No more deliveries: scheduled ones are dropped, the ones under way are waited for. */
  async function stop(): Promise<void> {
    for (const { timer } of held.values()) clearTimeout(timer);
    held.clear();
    await scheduler.stop();
  }

  return { deliver, list, resend, stop };
}

/** Timers and attempts under way: stop() drops the ones and waits for the others. */
function createScheduler() {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  return {
    later(ms: number, run: () => void): NodeJS.Timeout {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms).unref();
      timers.add(timer);
      return timer;
    },
    /** One attempt, tracked so stop() can wait for it; none once stopped. */
    track(attempt: () => Promise<void>): Promise<void> {
      if (stopped) return Promise.resolve();
      const running = attempt().finally(() => inFlight.delete(running));
      inFlight.add(running);
      return running;
    },
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}

async function attemptDelivery(
  delivery: StoredDelivery,
  sdk: Stripe,
  secret: string,
): Promise<void> {
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
