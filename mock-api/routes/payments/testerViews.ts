// Mock only, for testers: GET /__payments lists the caller's own intents (their tester scope:
// ../../sharedDemo/testers) with their amount, fee, metadata, key and stored status; POST
// /__payments/{id}/refund refunds one, as Stripe's dashboard would. A shared demo's visitors all
// hold the guest token, so a caller with no tester identity owns nothing (a guest's payment made
// with none is seen by the operator only), everyone's rows need the operator secret
// (`?all=true`, ../../operator), emails are masked and no row says whose scope it is in.
import { Router, type Request } from 'express';
import type Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { FeedRecord, PaymentRecord } from '../../db/types';
import { HttpError, asyncRoute, envelope } from '../../http';
import { everyoneFor } from '../../sharedDemo/operator';
import type { Scenarios } from '../../sharedDemo/scenarios';
import { maskEmail } from '../../sharedDemo/demoRoutes';
import { withholdPending } from './publish';

/** A payment as the testers' list shows it: no scope, emails masked, and whether it is published. */
export type PaymentRow = Omit<PaymentRecord, 'tester'> & { published?: boolean };

export function paymentRow(
  { tester: _scope, ...payment }: PaymentRecord,
  feed: readonly FeedRecord[],
): PaymentRow {
  const metadata = Object.fromEntries(
    Object.entries(payment.metadata).map(([name, value]) => [
      name,
      /email/i.test(name) && value !== '' ? maskEmail(value) : value,
    ]),
  );
  return {
    ...payment,
    metadata,
    published: payment.gratitudeId
      ? feed.some((item) => item.id === payment.gratitudeId)
      : undefined,
  };
}

/** Whether the request may see or act on something made in `owner`'s scope. */
export function ownedBy(scenarios: Scenarios, req: Request, owner: string | null | undefined) {
  const scope = scenarios.testerOf(req);
  return scope !== null && owner === scope;
}

export function paymentTesterRoutes(
  store: Store,
  options: { scenarios: Scenarios; stripe: (req: Request) => Stripe },
): Router {
  const { scenarios, stripe: stripeFor } = options;
  const router = Router();

  // The stored statuses: the webhooks and the reconciliation keep them, so listing never waits
  // for Stripe (nor lets a caller make this server call it).
  router.get('/__payments', (req, res) => {
    const everyone = everyoneFor(req, scenarios.isOperator);
    const payments = (store.db.payments ?? []).filter(
      (p) => everyone || ownedBy(scenarios, req, p.tester),
    );
    res.json(envelope(payments.map((p) => paymentRow(p, store.db.feed))));
  });

  // A full refund, of the caller's own payment (or any, for the operator): another's is
  // answered as an unknown one. A review whose payment is refunded before it was published is
  // never published; one already published stays.
  router.post(
    '/__payments/:id/refund',
    asyncRoute(async (req, res) => {
      const id = String(req.params.id);
      const payment = (store.db.payments ?? []).find((p) => p.intentId === id);
      const operator = scenarios.isOperator(req);
      if (!payment || !(operator || ownedBy(scenarios, req, payment.tester))) {
        throw new HttpError(404, 'not_found', `No payment ${id}.`);
      }
      let refund: Stripe.Refund;
      try {
        refund = await stripeFor(req).refunds.create({ payment_intent: id });
      } catch (error) {
        const stripeError = error as { message?: string; code?: string };
        throw new HttpError(
          400,
          stripeError.code ?? 'refund_refused',
          `Stripe refused the refund: ${stripeError.message ?? 'unknown error'}`,
        );
      }
      const refunded = await store.mutate((db) => {
        const record = db.payments?.find((p) => p.intentId === id);
        if (!record) return null;
        record.status = 'succeeded';
        record.refunded = true;
        withholdPending(db, id, 'refunded');
        return { ...record };
      });
      res.json(
        envelope({
          refund: { id: refund.id, amount: refund.amount },
          payment: refunded && paymentRow(refunded, store.db.feed),
        }),
      );
    }),
  );

  return router;
}
