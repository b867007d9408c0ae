// What the payment section shows for where the payment stands: which alert, whether the options
// and the card form are there, what the card will charge. Pure: state in, the view's facts out.
import { cardTotalCents, chargeMessage } from '../../api/contract/fees';
import type { PaymentState, PaymentStatus } from './paymentSlice';

/** The Elements group needs a total before any amount is typed: $1's, until one is. */
export const PLACEHOLDER_CENTS = 100;

/** The card form stays from its intent until the outcome (a failure may try another card). */
const CARD_FORM_STATUSES: readonly PaymentStatus[] = [
  'awaitingCard',
  'confirming',
  'succeeded',
  'failed',
];

export interface PaymentViewFacts {
  payment: PaymentState;
  /** What the section itself said last (a refused option, a card form that could not start). */
  message: string | null;
  /** Why Stripe.js could not load, or null. */
  stripeFailure: string | null;
  /** The amount in cents, or null when the field holds none. */
  amountCents: number | null;
  /** The page says the options are unavailable for now. */
  disabled: boolean;
}

export interface PaymentView {
  /** Confirming or paid: nothing about the payment may change. */
  busy: boolean;
  /** From the intent call until the outcome: what the intent carries must not change. */
  locked: boolean;
  /** An intent is being made. */
  preparing: boolean;
  succeeded: boolean;
  /** The one alert's text: the section's message, else the failure, else Stripe.js's. */
  error: string | null;
  /** The payment options cannot be pressed. */
  optionDisabled: boolean;
  cardChosen: boolean;
  showCardForm: boolean;
  /** Stripe.js loaded (or is loading): the wallets can be offered. */
  stripeAvailable: boolean;
  /** The amount the Elements group and the card form go by (a placeholder until one is typed). */
  cardCents: number;
  /** 'You will be charged $10.60' with the card's fee, or '' without an amount. */
  cardCharge: string;
}

export function paymentView(facts: PaymentViewFacts): PaymentView {
  const { payment, message, stripeFailure, amountCents, disabled } = facts;
  const { status } = payment;
  const busy = status === 'confirming' || status === 'succeeded';
  const hasAmount = amountCents !== null && amountCents > 0;
  return {
    busy,
    locked: busy || status === 'creatingIntent' || status === 'awaitingCard',
    preparing: status === 'creatingIntent',
    succeeded: status === 'succeeded',
    error: message ?? (status === 'failed' ? payment.error : null) ?? stripeFailure,
    optionDisabled: status === 'creatingIntent' || busy || disabled,
    cardChosen: payment.method === 'card',
    showCardForm:
      stripeFailure === null &&
      payment.method === 'card' &&
      payment.clientSecret !== null &&
      CARD_FORM_STATUSES.includes(status),
    stripeAvailable: stripeFailure === null,
    cardCents: hasAmount ? amountCents : PLACEHOLDER_CENTS,
    cardCharge: hasAmount ? chargeMessage(cardTotalCents(amountCents)) : '',
  };
}
