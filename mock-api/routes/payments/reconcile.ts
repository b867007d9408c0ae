// The payment reconciliation, a step the profile lookup (gratitude/findUser) takes before it
// answers: Stripe's webhooks publish a paid review; this covers the ones whose event was lost,
// asking Stripe about the profile's reviews pending for longer than reconcileAfterMs.
import type { Request } from 'express';
import type { Store } from '../../db/store';
import type { PaymentRecord } from '../../db/types';
import type { paymentRefresher } from './publish';

/** How long a paid review waits for its webhook before a lookup asks Stripe (a lost event). */
export const DEFAULT_RECONCILE_AFTER_MS = 60_000;

/**
 * Returns the step: given the lookup's request (its body as sent, before the lookup checks it),
 * refreshes the requested profile's reviews pending for too long, publishing those now paid.
 */
export function paymentReconciler(
  store: Store,
  options: {
    /** Reads payments back from Stripe (the same one the webhook endpoint uses). */
    refreshPayments: ReturnType<typeof paymentRefresher>;
    reconcileAfterMs?: number;
  },
): (req: Request) => Promise<void> {
  const reconcileAfterMs = options.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
  return async function reconcile(req) {
    const body: unknown = req.body;
    const id = (body as { _id?: unknown } | null)?._id;
    if (typeof id !== 'string') return;
    const pendingIntents = new Set(
      (store.db.pendingGratitudes ?? [])
        .filter((p) => p.record.userId === id && !p.withheld)
        .map((p) => p.intentId),
    );
    const due = Date.now() - reconcileAfterMs;
    const stale = (p: PaymentRecord) =>
      pendingIntents.has(p.intentId) && Date.parse(p.createdAt) <= due;
    if (!(store.db.payments ?? []).some(stale)) return;
    await options.refreshPayments(req, stale, { includeFinished: true });
  };
}
