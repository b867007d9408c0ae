// Refunds, as operations on the state: which charge a refund is for, how much of it is left, and
// the refund itself (with its charge.refunded event).
import { invalidRequest } from './errors';
import { newId, nowSeconds } from './ids';
import { findPaymentIntent, type Emit, type StripeState } from './state';
import type { Charge, Refund } from './types';

/** The charge to refund when a refund names a PaymentIntent. */
export function chargeOfPaymentIntent(state: StripeState, intentId: string): string {
  const intent = findPaymentIntent(state, intentId);
  if (intent.status !== 'succeeded' || !intent.latest_charge) {
    throw invalidRequest(
      `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      'payment_intent',
    );
  }
  return intent.latest_charge;
}

/** What is left to refund on a charge; Stripe's error when nothing can be. */
export function refundableAmount(charge: Charge): number {
  if (charge.disputed) {
    throw invalidRequest(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      undefined,
      'charge_disputed',
    );
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining === 0) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  return remaining;
}

/** Refunds `amount` (at most refundableAmount) of the charge. */
export function refundCharge(
  state: StripeState,
  charge: Charge,
  amount: number,
  emit: Emit,
): Refund {
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  emit('charge.refunded', charge);
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    status: 'succeeded',
  };
  state.refunds[refund.id] = refund;
  return refund;
}
