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
    // Through the store's one way to change the data (all or nothing). Reading back a payment
    // whose status is still the same writes nothing (a profile lookup does this): the store
    // skips a write that would not change the file.
    const updates = statuses.filter((update): update is StatusUpdate => update !== null);
    if (updates.length === 0) return;
    await store.mutate((db) => {
      for (const update of updates) applyUpdate(db, update, options.publish !== false);
    });
  };
}

interface StatusUpdate {
  intentId: string;
  status: string;
  refunded: boolean;
  disputed: boolean;
}

/** Records what Stripe said of one intent, and moves its review on. */
function applyUpdate(db: Db, update: StatusUpdate, publish: boolean): void {
  const payment = db.payments?.find((p) => p.intentId === update.intentId);
  if (payment) {
    payment.status = update.status;
    if (update.refunded) payment.refunded = true;
    if (update.disputed) payment.disputed = true;
  }
  if (update.disputed) withholdPending(db, update.intentId, 'disputed');
  else if (update.refunded) withholdPending(db, update.intentId, 'refunded');
  // A canceled intent can never be paid: its review will never be published.
  else if (update.status === 'canceled') withholdPending(db, update.intentId, 'canceled');
  else if (update.status === 'succeeded' && publish) publishPending(db, update.intentId);
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

/** Publishes the intent's review unless withheld. */
function publishPending(db: Db, intentId: string): void {
  const pending = db.pendingGratitudes ?? [];
  const index = pending.findIndex((p) => p.intentId === intentId && !p.withheld);
  if (index < 0) return;
  const [item] = pending.splice(index, 1);
  if (item) publishReview(db, item.record);
}
