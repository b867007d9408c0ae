// What a flow does with a payment its draft started earlier, from what Stripe says of the intent
// now (the intent is the one record of a payment: the page's memory is not asked). Pure.
import type { PaymentCheck } from './stripe/stripe';

export type RecoveryPhase =
  /** Nothing to tell: the flow as usual (any earlier intent is reused for the same choice). */
  | 'idle'
  /** Stripe is being asked; nothing is offered meanwhile. */
  | 'checking'
  /** Stripe is still processing it: asked again until it settles. */
  | 'processing'
  /** It waits for the payer's bank: the check is shown again. */
  | 'authenticating'
  /** Paid: 'succeeded', then Congratulations. */
  | 'succeeded'
  /** The last attempt failed: 'Payment failed or incomplete.' above the flow, the draft kept. */
  | 'failed'
  /** Stripe could not be asked about a confirmation that was started: nothing is offered. */
  | 'uncheckable';

export interface RecoveryDecision {
  phase: RecoveryPhase;
  /** Stripe canceled the intent: the draft no longer has one to reuse. */
  forgetIntent?: boolean;
  /** The confirmation's outcome is now known: the draft stops saying one is under way. */
  settled?: boolean;
}

/**
 * What to do for an intent Stripe describes as `check`. `confirming`: a confirmation of it was
 * started (the draft says so, or Stripe's redirect came back with it). An intent that was never
 * confirmed and waits for a card is no news: the flow goes on and reuses it.
 */
export function recoveryFor(check: PaymentCheck, confirming: boolean): RecoveryDecision {
  switch (check.status) {
    case 'succeeded':
      return { phase: 'succeeded', settled: true };
    case 'processing':
      return { phase: 'processing' };
    case 'requires_action':
      return { phase: 'authenticating' };
    case 'requires_payment_method':
      // No failure recorded: the confirmation never reached Stripe, or is still on its way from
      // another page: the draft keeps saying it was started, so the next page asks again.
      return confirming && check.lastAttemptFailed
        ? { phase: 'failed', settled: true }
        : { phase: 'idle' };
    case 'canceled':
      return { phase: 'idle', forgetIntent: true, settled: true };
    default:
      return { phase: 'idle' };
  }
}
