// Stripe's documented test cards (https://docs.stripe.com/testing) and what each one does when a
// PaymentIntent is confirmed with it, with the codes and messages the Stripe API returns.
//
// Numbers not in this table are refused when the PaymentMethod is created: one that fails the
// Luhn check (or has a bad length) as Stripe does (402 card_error incorrect_number, 'Your card
// number is incorrect.'), a well-formed one the way Stripe's test mode refuses a real card
// (card_declined / test_mode_live_card), so a tester who mistypes a card sees a decline, never a
// success, and nothing of a real card is kept. A PaymentMethod keeps its card's `id`, never its
// number: what confirming with it does is looked up by that id.

export type CardOutcome =
  /** `disputed`: the payment succeeds, then the cardholder disputes it (Stripe's 0259 card). */
  | { kind: 'succeeded'; disputed?: boolean }
  | { kind: 'declined'; code: string; declineCode: string; message: string; param?: string }
  /**
   * 3-D Secure, asked the way the PaymentIntent's `next_action` says: `use_stripe_sdk` (Stripe.js
   * resolves it in place, the emulator's dialog) or `redirect_to_url` (the page goes to the bank's
   * page and comes back to the confirmation's `return_url`, which it therefore needs).
   */
  | { kind: 'requires3ds'; nextAction: 'use_stripe_sdk' | 'redirect_to_url' };

export interface TestCard {
  /** What a PaymentMethod keeps instead of the number (Stripe's pm_card_ name where it has one). */
  id: string;
  number: string;
  brand: CardBrand;
  /** Stripe's ready-made test PaymentMethod for this card, where Stripe documents one. */
  paymentMethod?: string;
  outcome: CardOutcome;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const STRIPE_MESSAGES = {
  genericDecline: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  incorrectNumber: 'Your card number is incorrect.',
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  invalidCvc: "Your card's security code is invalid.",
  authenticationFailure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

const declined = (
  code: string,
  declineCode: string,
  message: string,
  param?: string,
): CardOutcome => ({ kind: 'declined', code, declineCode, message, ...(param ? { param } : {}) });

export const TEST_CARDS: readonly TestCard[] = [
  {
    id: 'visa',
    number: '4242424242424242',
    brand: 'visa',
    paymentMethod: 'pm_card_visa',
    outcome: { kind: 'succeeded' },
  },
  {
    id: 'visa_debit',
    number: '4000056655665556',
    brand: 'visa',
    paymentMethod: 'pm_card_visa_debit',
    outcome: { kind: 'succeeded' },
  },
  {
    id: 'mastercard',
    number: '5555555555554444',
    brand: 'mastercard',
    paymentMethod: 'pm_card_mastercard',
    outcome: { kind: 'succeeded' },
  },
  {
    id: 'amex',
    number: '378282246310005',
    brand: 'amex',
    paymentMethod: 'pm_card_amex',
    outcome: { kind: 'succeeded' },
  },
  {
    id: 'discover',
    number: '6011111111111117',
    brand: 'discover',
    paymentMethod: 'pm_card_discover',
    outcome: { kind: 'succeeded' },
  },
  {
    id: 'chargeDeclined',
    number: '4000000000000002',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclined',
    outcome: declined('card_declined', 'generic_decline', STRIPE_MESSAGES.genericDecline),
  },
  {
    id: 'chargeDeclinedInsufficientFunds',
    number: '4000000000009995',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: declined('card_declined', 'insufficient_funds', STRIPE_MESSAGES.insufficientFunds),
  },
  {
    // Stripe does not tell the payer that a card was reported lost: the message is the generic one.
    id: 'chargeDeclinedLostCard',
    number: '4000000000009987',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedLostCard',
    outcome: declined('card_declined', 'lost_card', STRIPE_MESSAGES.genericDecline),
  },
  {
    id: 'chargeDeclinedExpiredCard',
    number: '4000000000000069',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    outcome: declined('expired_card', 'expired_card', STRIPE_MESSAGES.expiredCard, 'exp_month'),
  },
  {
    id: 'chargeDeclinedIncorrectCvc',
    number: '4000000000000127',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    outcome: declined('incorrect_cvc', 'incorrect_cvc', STRIPE_MESSAGES.incorrectCvc, 'cvc'),
  },
  {
    id: 'chargeDeclinedProcessingError',
    number: '4000000000000119',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedProcessingError',
    outcome: declined('processing_error', 'processing_error', STRIPE_MESSAGES.processingError),
  },
  {
    id: 'threeDSecureInPage',
    number: '4000002500003155',
    brand: 'visa',
    outcome: { kind: 'requires3ds', nextAction: 'use_stripe_sdk' },
  },
  {
    // Stripe's "3D Secure authentication must be completed" card; here its challenge is a
    // full-page redirect to the emulator's bank page (threeDSecureRedirect.ts).
    id: 'threeDSecureRequired',
    number: '4000000000003063',
    brand: 'visa',
    paymentMethod: 'pm_card_threeDSecureRequired',
    outcome: { kind: 'requires3ds', nextAction: 'redirect_to_url' },
  },
  {
    id: 'createDispute',
    number: '4000000000000259',
    brand: 'visa',
    paymentMethod: 'pm_card_createDispute',
    outcome: { kind: 'succeeded', disputed: true },
  },
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));
const BY_ID = new Map(TEST_CARDS.map((card) => [card.id, card]));
const BY_PAYMENT_METHOD = new Map(
  TEST_CARDS.flatMap((card) => (card.paymentMethod ? [[card.paymentMethod, card] as const] : [])),
);

export function findTestCard(number: string): TestCard | undefined {
  return BY_NUMBER.get(number);
}

export function findTestPaymentMethod(id: string): TestCard | undefined {
  return BY_PAYMENT_METHOD.get(id);
}

/**
 * What confirming a PaymentIntent with the test card `id` does (a PaymentMethod keeps the id). An
 * id no card has (none is ever stored) is declined as a real card in test mode.
 */
export function outcomeOf(id: string): CardOutcome {
  return BY_ID.get(id)?.outcome ?? LIVE_CARD_DECLINE;
}

/** Stripe's test mode refusing a card that is no test card: a real one. */
export const LIVE_CARD_DECLINE = declined(
  'card_declined',
  'test_mode_live_card',
  STRIPE_MESSAGES.liveCardInTestMode,
) as Extract<CardOutcome, { kind: 'declined' }>;

export function isLuhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}
