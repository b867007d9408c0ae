// The PaymentIntent lifecycle and what it leaves behind (charges, disputes), as operations on the
// state: each checks that Stripe allows it (else throws Stripe's error), changes the state, and
// reports its events through `emit` at the moment Stripe would. Refunds: refunds.ts; what a
// 3-D Secure challenge looks like and who may answer it: challenges.ts.
import { STRIPE_MESSAGES, type CardOutcome } from './testCards';
import { challengeFor, pendingRedirect, returnAddress, type ConfirmUrls } from './challenges';
import { StripeError, invalidRequest } from './errors';
import { newId, nowSeconds } from './ids';
import { own, type Emit, type StripeState } from './state';
import type { PaymentIntent, PaymentIntentStatus, PaymentMethod, StripeErrorBody } from './types';

export const CANCELABLE_STATUSES: readonly PaymentIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

export const CANCELLATION_REASONS = [
  'duplicate',
  'fraudulent',
  'requested_by_customer',
  'abandoned',
] as const;

export function assertConfirmable(intent: PaymentIntent): void {
  if (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation') {
    return;
  }
  throw invalidRequest(
    intent.status === 'succeeded'
      ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
      : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
    undefined,
    'payment_intent_unexpected_state',
  );
}

/**
 * Confirms the intent with a card whose test outcome is known: it succeeds (and is charged),
 * waits for 3-D Secure (the challenge its `next_action` names: challenges.ts), or is declined,
 * in which case the 402 to answer is returned.
 */
export function applyCardOutcome(
  state: StripeState,
  intent: PaymentIntent,
  method: PaymentMethod,
  outcome: CardOutcome,
  urls: ConfirmUrls,
  emit: Emit,
): StripeError | undefined {
  // Made (or refused: a redirect without return_url) before anything changes.
  const challenge =
    outcome.kind === 'requires3ds' ? challengeFor(intent, outcome.nextAction, urls) : null;
  intent.last_payment_error = null;
  intent.next_action = null;
  if (outcome.kind === 'succeeded') {
    chargeIntent(state, intent, method.id, emit, outcome.disputed === true);
    return undefined;
  }
  if (outcome.kind === 'requires3ds') {
    intent.status = 'requires_action';
    intent.payment_method = method.id;
    intent.next_action = challenge;
    emit('payment_intent.requires_action', intent);
    return undefined;
  }
  return decline(intent, method, outcome, emit);
}

function decline(
  intent: PaymentIntent,
  method: PaymentMethod,
  outcome: Extract<CardOutcome, { kind: 'declined' }>,
  emit: Emit,
): StripeError {
  const error: StripeErrorBody = {
    type: 'card_error',
    code: outcome.code,
    decline_code: outcome.declineCode,
    message: outcome.message,
    ...(outcome.param ? { param: outcome.param } : {}),
    doc_url: `https://stripe.com/docs/error-codes/${outcome.code.replace(/_/g, '-')}`,
    payment_method: method,
  };
  intent.status = 'requires_payment_method';
  intent.payment_method = null;
  intent.latest_charge = newId('ch');
  intent.last_payment_error = error;
  emit('payment_intent.payment_failed', intent);
  return new StripeError(402, { ...error, payment_intent: structuredClone(intent) });
}

/** The intent succeeded: its charge is recorded (and, for the dispute card, disputed). */
export function chargeIntent(
  state: StripeState,
  intent: PaymentIntent,
  paymentMethodId: string,
  emit: Emit,
  disputed = false,
): void {
  intent.status = 'succeeded';
  intent.payment_method = paymentMethodId;
  intent.amount_received = intent.amount;
  intent.latest_charge = newId('ch');
  intent.last_payment_error = null;
  intent.next_action = null;
  const id = intent.latest_charge;
  state.charges[id] = {
    id,
    object: 'charge',
    amount: intent.amount,
    amount_refunded: 0,
    captured: true,
    created: nowSeconds(),
    currency: intent.currency,
    disputed,
    paid: true,
    payment_intent: intent.id,
    payment_method: paymentMethodId,
    refunded: false,
    status: 'succeeded',
  };
  emit('payment_intent.succeeded', intent);
  if (disputed) {
    const dispute = {
      id: newId('dp'),
      object: 'dispute',
      amount: intent.amount,
      charge: id,
      currency: intent.currency,
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
    } as const;
    state.disputes[dispute.id] = dispute;
    emit('charge.dispute.created', dispute);
  }
}

/**
 * The bank's page answered: the authentication ends as at /authenticate, and the browser goes
 * back to the return_url with what Stripe adds to it (`redirect_status`: `succeeded`, else
 * `failed`, the intent then back to requires_payment_method with its last_payment_error).
 */
export function finishRedirectAuthentication(
  state: StripeState,
  intent: PaymentIntent,
  outcome: 'complete' | 'fail',
  emit: Emit,
): string {
  const { paymentMethodId, returnUrl } = pendingRedirect(intent);
  finishAuthentication(state, intent, paymentMethodId, outcome, emit);
  return returnAddress(returnUrl, intent);
}

/** The 3-D Secure challenge's answer: the payment succeeds, or fails as Stripe says. */
export function finishAuthentication(
  state: StripeState,
  intent: PaymentIntent,
  paymentMethodId: string,
  outcome: 'complete' | 'fail',
  emit: Emit,
): void {
  intent.next_action = null;
  if (outcome === 'complete') {
    chargeIntent(state, intent, paymentMethodId, emit);
    return;
  }
  const stored = own(state.paymentMethods, paymentMethodId);
  intent.status = 'requires_payment_method';
  intent.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message: STRIPE_MESSAGES.authenticationFailure,
    doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
    ...(stored ? { payment_method: stored.method } : {}),
  };
  intent.payment_method = null;
  emit('payment_intent.payment_failed', intent);
}

export function assertCancelable(intent: PaymentIntent): void {
  if (CANCELABLE_STATUSES.includes(intent.status)) return;
  throw invalidRequest(
    `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(', ')}.`,
    undefined,
    'payment_intent_unexpected_state',
  );
}

export function cancelPaymentIntent(
  intent: PaymentIntent,
  reason: string | null,
  emit: Emit,
): void {
  intent.status = 'canceled';
  // The event is built here, before canceled_at and the reason are set: its copy of the intent
  // has them null. (Stripe's would carry them; kept as the webhook consumers have always had it.)
  emit('payment_intent.canceled', intent);
  intent.canceled_at = nowSeconds();
  intent.cancellation_reason = reason;
  intent.next_action = null;
}
