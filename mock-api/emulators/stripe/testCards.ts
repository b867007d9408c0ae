// Stripe's documented test cards (https://docs.stripe.com/testing) and what each one does when a
// PaymentIntent is confirmed with it, with the codes and messages the Stripe API returns.
//
// Numbers not in this table: a number that fails the Luhn check (or has a bad length) is refused
// when the PaymentMethod is created, as Stripe does (402 card_error incorrect_number, 'Your card
// number is incorrect.'). A well-formed number that is not a Stripe test card is declined at
// confirmation the way Stripe's test mode declines a real card number (card_declined /
// test_mode_live_card), so a tester who mistypes a card sees a decline, never a success.

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
    number: '4242424242424242',
    brand: 'visa',
    paymentMethod: 'pm_card_visa',
    outcome: { kind: 'succeeded' },
  },
  {
    number: '4000056655665556',
    brand: 'visa',
    paymentMethod: 'pm_card_visa_debit',
    outcome: { kind: 'succeeded' },
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    paymentMethod: 'pm_card_mastercard',
    outcome: { kind: 'succeeded' },
  },
  {
    number: '378282246310005',
    brand: 'amex',
    paymentMethod: 'pm_card_amex',
    outcome: { kind: 'succeeded' },
  },
  {
    number: '6011111111111117',
    brand: 'discover',
    paymentMethod: 'pm_card_discover',
    outcome: { kind: 'succeeded' },
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclined',
    outcome: declined('card_declined', 'generic_decline', STRIPE_MESSAGES.genericDecline),
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: declined('card_declined', 'insufficient_funds', STRIPE_MESSAGES.insufficientFunds),
  },
  {
    // Stripe does not tell the payer that a card was reported lost: the message is the generic one.
    number: '4000000000009987',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedLostCard',
    outcome: declined('card_declined', 'lost_card', STRIPE_MESSAGES.genericDecline),
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedExpiredCard',
    outcome: declined('expired_card', 'expired_card', STRIPE_MESSAGES.expiredCard, 'exp_month'),
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedIncorrectCvc',
    outcome: declined('incorrect_cvc', 'incorrect_cvc', STRIPE_MESSAGES.incorrectCvc, 'cvc'),
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    paymentMethod: 'pm_card_chargeDeclinedProcessingError',
    outcome: declined('processing_error', 'processing_error', STRIPE_MESSAGES.processingError),
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    outcome: { kind: 'requires3ds', nextAction: 'use_stripe_sdk' },
  },
  {
    // Stripe's "3D Secure authentication must be completed" card; here its challenge is a
    // full-page redirect to the emulator's bank page (threeDSecureRedirect.ts).
    number: '4000000000003063',
    brand: 'visa',
    paymentMethod: 'pm_card_threeDSecureRequired',
    outcome: { kind: 'requires3ds', nextAction: 'redirect_to_url' },
  },
  {
    number: '4000000000000259',
    brand: 'visa',
    paymentMethod: 'pm_card_createDispute',
    outcome: { kind: 'succeeded', disputed: true },
  },
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card]));
const BY_PAYMENT_METHOD = new Map(
  TEST_CARDS.flatMap((card) => (card.paymentMethod ? [[card.paymentMethod, card] as const] : [])),
);

export function findTestCard(number: string): TestCard | undefined {
  return BY_NUMBER.get(number);
}

export function findTestPaymentMethod(id: string): TestCard | undefined {
  return BY_PAYMENT_METHOD.get(id);
}

/** What confirming a PaymentIntent with this (Luhn-valid) number does. */
export function outcomeFor(number: string): CardOutcome {
  return (
    findTestCard(number)?.outcome ??
    declined('card_declined', 'test_mode_live_card', STRIPE_MESSAGES.liveCardInTestMode)
  );
}

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
