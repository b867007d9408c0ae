// Mock only, for testers: GET /__payments lists intents with their amount, fee, metadata, key
// and (refreshed) status; POST /__payments/{id}/refund refunds one, as Stripe's dashboard would.
import { Router, type Request } from 'express';
import type Stripe from 'stripe';
import type { Store } from '../../db/store';
import { HttpError, asyncRoute, envelope } from '../../http';
import type { Scenarios } from '../../scenarios';
import { type paymentRefresher, withholdPending } from './publish';

export function paymentTesterRoutes(
  store: Store,
  options: {
    scenarios: Scenarios;
    stripe: (req: Request) => Stripe;
    refreshPayments: ReturnType<typeof paymentRefresher>;
  },
): Router {
  const { scenarios, stripe: stripeFor, refreshPayments } = options;
  const router = Router();

  router.get(
    '/__payments',
    asyncRoute(async (req, res) => {
      // Statuses only: publishing is the webhooks' (and the reconciliation's) job.
      await refreshPayments(req, () => true, { publish: false });
      // A tester's own intents (those made with no tester, for a caller with none); all of them
      // with ?all=true.
      const all = req.query.all === 'true';
      const tester = scenarios.testerOf(req);
      const payments = (store.db.payments ?? []).filter(
        (p) => all || (p.tester ?? null) === tester,
      );
      res.json(
        envelope(
          payments.map((p) => ({
            ...p,
            published: p.gratitudeId
              ? store.db.feed.some((item) => item.id === p.gratitudeId)
              : undefined,
          })),
        ),
      );
    }),
  );

  // A full refund. A review whose payment is refunded before it was published is never
  // published; one already published stays.
  router.post(
    '/__payments/:id/refund',
    asyncRoute(async (req, res) => {
      const id = String(req.params.id);
      const payment = (store.db.payments ?? []).find((p) => p.intentId === id);
      if (!payment) throw new HttpError(404, 'not_found', `No payment ${id}.`);
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
      res.json(envelope({ refund: { id: refund.id, amount: refund.amount }, payment: refunded }));
    }),
  );

  return router;
}
