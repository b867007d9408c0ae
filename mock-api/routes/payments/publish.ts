// Publishing a review paid with its tip: a review sent with payment-intent-for-both waits in
// db.pendingGratitudes until Stripe says its intent succeeded and its charge is neither refunded
// nor disputed (read back with the SDK), then joins the feed. Nothing the browser sends can
// publish it, and nothing unpublishes it: a review only ever moves forward.
import type { Request } from 'express';
import type Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { Db, PaymentRecord, PendingGratitudeRecord } from '../../db/types';
import { publishReview } from '../../db/reviews';

const TERMINAL_STATUSES = new Set(['succeeded', 'canceled']);

/**
 * Reads back from Stripe the status of every unfinished intent `which` selects, and publishes
 * the pending review of each one that has succeeded. A Stripe failure leaves the status as it
 * was (logged), so a profile still answers.
 */
export function paymentRefresher(store: Store, stripeFor: (req: Request) => Stripe) {
  return async function refreshPayments(
    req: Request,
    which: (payment: PaymentRecord) => boolean,
    options: {
      /** Read back finished payments too (a webhook says a refund or a dispute came after). */
      includeFinished?: boolean;
      /** Publish the reviews paid for (a webhook, or the reconciliation); false: statuses only. */
      publish?: boolean;
    } = {},
  ): Promise<void> {
    const unfinished = (store.db.payments ?? []).filter(
      (p) => (options.includeFinished === true || !TERMINAL_STATUSES.has(p.status)) && which(p),
    );
    if (unfinished.length === 0) return;
    const statuses: (StatusUpdate | null)[] = await Promise.all(
      unfinished.map(async (p) => {
        try {
          const stripe = stripeFor(req);
          const intent = await stripe.paymentIntents.retrieve(p.intentId);
          const chargeId =
            typeof intent.latest_charge === 'string'
              ? intent.latest_charge
              : intent.latest_charge?.id;
          const charge =
            intent.status === 'succeeded' && chargeId
              ? await stripe.charges.retrieve(chargeId)
              : null;
          return {
            intentId: p.intentId,
            status: intent.status as string,
            refunded: charge ? charge.amount_refunded > 0 : false,
            disputed: charge?.disputed ?? false,
          };
        } catch (error) {
          console.error('[mock-api] could not refresh', p.intentId, error);
          return null;
        }
      }),
    );
    // Applied in place and committed only if something changed: reading back a payment whose
    // status is still the same must not rewrite the data file (a profile lookup does this).
    let changed = false;
    for (const update of statuses) {
      if (update) changed = applyUpdate(store.db, update, options.publish !== false) || changed;
    }
    if (changed) await store.commit();
  };
}

interface StatusUpdate {
  intentId: string;
  status: string;
  refunded: boolean;
  disputed: boolean;
}

/** Records what Stripe said of one intent, and moves its review on; true if anything changed. */
function applyUpdate(db: Db, update: StatusUpdate, publish: boolean): boolean {
  let changed = false;
  const payment = db.payments?.find((p) => p.intentId === update.intentId);
  if (payment) {
    if (payment.status !== update.status) {
      payment.status = update.status;
      changed = true;
    }
    if (update.refunded && !payment.refunded) {
      payment.refunded = true;
      changed = true;
    }
    if (update.disputed && !payment.disputed) {
      payment.disputed = true;
      changed = true;
    }
  }
  if (update.disputed) return withholdPending(db, update.intentId, 'disputed') || changed;
  if (update.refunded) return withholdPending(db, update.intentId, 'refunded') || changed;
  // A canceled intent can never be paid: its review will never be published.
  if (update.status === 'canceled')
    return withholdPending(db, update.intentId, 'canceled') || changed;
  if (update.status === 'succeeded' && publish)
    return publishPending(db, update.intentId) || changed;
  return changed;
}

/**
 * A payment refunded, disputed or canceled before its review was published: the review never
 * will be. True if this withheld it (false: no such review, or withheld already).
 */
export function withholdPending(
  db: Db,
  intentId: string,
  why: NonNullable<PendingGratitudeRecord['withheld']>,
): boolean {
  const pending = (db.pendingGratitudes ?? []).find((p) => p.intentId === intentId);
  if (!pending || pending.withheld) return false;
  pending.withheld = why;
  return true;
}

/** Publishes the intent's review unless withheld; true if it did. */
function publishPending(db: Db, intentId: string): boolean {
  const pending = db.pendingGratitudes ?? [];
  const index = pending.findIndex((p) => p.intentId === intentId && !p.withheld);
  if (index < 0) return false;
  const [item] = pending.splice(index, 1);
  if (item) publishReview(db, item.record);
  return true;
}
