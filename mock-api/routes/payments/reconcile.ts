// The payment reconciliation, a step the profile lookup (gratitude/findUser) takes before it
// answers: Stripe's webhooks keep the stored statuses and publish a paid review; this covers the
// events that were lost, asking Stripe about the profile's open payments (a review waiting for
// its payment, or a tip not yet finished) once they are older than reconcileAfterMs.
//
// What it costs is bounded whatever strangers do: a payment is asked about at most once every
// reconcileEveryMs (40 review + tip forms left at the card step cost 40 reads every few minutes,
// not 40 on every lookup), and one still unpaid after giveUpAfterMs is given up: its intent is
// canceled at Stripe, which withholds its review (publish.ts), so it is never asked about again.
// A read that finds nothing new writes nothing (publish.ts commits only changes).
import type { Request } from 'express';
import type Stripe from 'stripe';
import type { Store } from '../../db/store';
import type { Db, PaymentRecord } from '../../db/types';
import type { paymentRefresher } from './publish';

/** How long a payment waits for its webhook before a lookup asks Stripe (a lost event). */
export const DEFAULT_RECONCILE_AFTER_MS = 60_000;
/** How long after asking Stripe about a payment the next lookup may ask again. */
export const DEFAULT_RECONCILE_EVERY_MS = 5 * 60_000;
/** How long an unpaid intent may stay open before it is given up (canceled, review withheld). */
export const DEFAULT_GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

const FINISHED_STATUSES = new Set(['succeeded', 'canceled']);

export interface ReconcileOptions {
  /** Reads payments back from Stripe (the same one the webhook endpoint uses). */
  refreshPayments: ReturnType<typeof paymentRefresher>;
  /** The Stripe client, to cancel the intents given up. */
  stripe: (req: Request) => Stripe;
  reconcileAfterMs?: number;
  reconcileEveryMs?: number;
  giveUpAfterMs?: number;
  /** The clock (ms since the epoch): tests move it instead of waiting. */
  now?: () => number;
}

/**
 * Returns the step: given the lookup's request and the profile it asks for, asks Stripe about
 * that profile's open payments that are due, gives up those open too long, and publishes the
 * reviews now paid.
 */
export function paymentReconciler(
  store: Store,
  options: ReconcileOptions,
): (req: Request, profileId: string) => Promise<void> {
  const reconcileAfterMs = options.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
  const reconcileEveryMs = options.reconcileEveryMs ?? DEFAULT_RECONCILE_EVERY_MS;
  const giveUpAfterMs = options.giveUpAfterMs ?? DEFAULT_GIVE_UP_AFTER_MS;
  const now = options.now ?? Date.now;
  /**
   * When each open payment was last asked about, by intent id. In memory: after a restart each
   * one is asked about once more, which is what a restart may have missed anyway.
   */
  const lastAsked = new Map<string, number>();

  return async function reconcile(req, profileId) {
    const time = now();
    const open = openPaymentsOf(store.db, profileId);
    const due = open.filter((p) => {
      if (time - Date.parse(p.createdAt) < reconcileAfterMs) return false;
      const asked = lastAsked.get(p.intentId);
      return asked === undefined || time - asked >= reconcileEveryMs;
    });
    if (due.length === 0) return;
    // Marked before the first await: the lookups that arrive meanwhile do not ask again.
    for (const p of due) lastAsked.set(p.intentId, time);
    const abandoned = due.filter(
      (p) => !FINISHED_STATUSES.has(p.status) && time - Date.parse(p.createdAt) >= giveUpAfterMs,
    );
    await Promise.all(abandoned.map((p) => cancelAbandoned(req, options.stripe, p.intentId)));
    // Stripe's word on each (paid meanwhile, canceled, still open) is what gets stored.
    const ids = new Set(due.map((p) => p.intentId));
    await options.refreshPayments(req, (p) => ids.has(p.intentId), { includeFinished: true });
    const stillOpen = new Set(openPaymentsOf(store.db, profileId).map((p) => p.intentId));
    for (const id of ids) if (!stillOpen.has(id)) lastAsked.delete(id);
  };
}

/**
 * The payments to `profileId` a webhook should still settle: those whose review waits for them
 * (not withheld), and the tips not finished yet. The wallet preparation's placeholder is no one's.
 */
function openPaymentsOf(db: Db, profileId: string): PaymentRecord[] {
  const waiting = new Set(
    (db.pendingGratitudes ?? [])
      .filter((p) => p.record.userId === profileId && !p.withheld)
      .map((p) => p.intentId),
  );
  return (db.payments ?? []).filter(
    (p) =>
      !p.walletPrepare &&
      (waiting.has(p.intentId) ||
        (p.metadata.getThanksUserID === profileId && !FINISHED_STATUSES.has(p.status))),
  );
}

/**
 * Cancels an intent given up unpaid, as Stripe's `abandoned`. Stripe refuses it if it has been
 * paid (or canceled) meanwhile: the read that follows tells which, so a refusal is no error.
 */
async function cancelAbandoned(
  req: Request,
  stripeFor: (req: Request) => Stripe,
  intentId: string,
): Promise<void> {
  try {
    await stripeFor(req).paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned' });
  } catch {
    // Paid or canceled meanwhile, or Stripe unreachable: the read after it will say (or log).
  }
}
