// Card PaymentMethods: made from card fields checked as Stripe checks them (402 card_errors), or
// from Stripe's ready-made test ids such as pm_card_visa. Only a test card becomes one, and what
// is kept of it is what Stripe shows of a card (brand, last4, expiry, fingerprint) and the test
// card's id: never its number. A real card is refused, and nothing of it is kept.
import {
  LIVE_CARD_DECLINE,
  STRIPE_MESSAGES,
  cardBrand,
  findTestCard,
  findTestPaymentMethod,
  isLuhnValid,
} from './testCards';
import { StripeError, invalidRequest } from './errors';
import { cardFingerprint } from './storedCards';
import {
  asFields,
  checkParams,
  integerField,
  isGiven,
  isText,
  param,
  required,
  rule,
  type Fields,
} from './fields';
import { newId, nowSeconds } from './ids';
import { addPaymentMethod, own, type StoredPaymentMethod, type StripeState } from './state';
import type { PaymentMethod } from './types';

interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: unknown;
}

/** A PaymentMethod from `type=card&card[...]` (under `param` in Stripe's errors), stored. */
export function createPaymentMethod(
  state: StripeState,
  fields: Fields,
  prefix = 'card',
): StoredPaymentMethod {
  const { card: sent } = checkParams(fields, {
    type: param()
      .test(required(undefined, (type) => type !== undefined))
      .test(rule('parameter_invalid_empty', NOT_CARD, (type) => type === 'card')),
    card: param<Fields>().test(required(prefix, (card) => asFields(card) !== undefined)),
  });
  const card = checkParams(sent, cardShape(prefix)) as CardDetails;
  const testCard = findTestCard(card.number);
  if (!testCard) throw realCardRefused();
  const billing = asFields(asFields(fields.billing_details)?.address);
  const method: PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    created: nowSeconds(),
    livemode: false,
    billing_details: {
      address: {
        postal_code: typeof billing?.postal_code === 'string' ? billing.postal_code : null,
      },
      email: null,
      name: null,
    },
    card: {
      brand: testCard.brand,
      last4: testCard.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      funding: 'credit',
      country: 'US',
      fingerprint: cardFingerprint(testCard),
      checks: { address_postal_code_check: null, cvc_check: card.cvc ? 'unchecked' : null },
    },
    metadata: {},
  };
  const stored = { method, testCard: testCard.id };
  addPaymentMethod(state, stored);
  return stored;
}

/**
 * A well-formed number that is no test card: Stripe's test mode refuses a real card. Nothing is
 * made or kept of it, not even its request's answer for an Idempotency-Key retry.
 */
function realCardRefused(): StripeError {
  const { code, declineCode, message } = LIVE_CARD_DECLINE;
  const body = {
    type: 'card_error' as const,
    code,
    decline_code: declineCode,
    message,
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
  };
  return new StripeError(402, body, false);
}

/** A stored PaymentMethod, or a new one for Stripe's test ids (pm_card_visa, ...). */
export function paymentMethodFor(state: StripeState, id: string): StoredPaymentMethod {
  const stored = own(state.paymentMethods, id);
  if (stored) return stored;
  const testCard = findTestPaymentMethod(id);
  if (testCard) {
    const year = new Date().getUTCFullYear() + 5;
    return createPaymentMethod(state, {
      type: 'card',
      card: { number: testCard.number, exp_month: '12', exp_year: String(year) },
    });
  }
  throw invalidRequest(`No such PaymentMethod: '${id}'`, 'payment_method', 'resource_missing', 400);
}

const NOT_CARD = 'Invalid payment_method type: must be card (the emulator supports cards only).';
const refused = (code: string, message: string, param: string) => ({ code, message, param });
const WRONG = {
  number: refused('incorrect_number', STRIPE_MESSAGES.incorrectNumber, 'number'),
  month: refused('invalid_expiry_month', STRIPE_MESSAGES.invalidExpiryMonth, 'exp_month'),
  year: refused('invalid_expiry_year', STRIPE_MESSAGES.invalidExpiryYear, 'exp_year'),
  cvc: refused('invalid_cvc', STRIPE_MESSAGES.invalidCvc, 'cvc'),
};
/** A card_error (402) for the card field, unless `test` passes. */
const cardRule = <T>(
  { code, message, param: at }: (typeof WRONG)['cvc'],
  test: (value: T, context: { options: { context?: Partial<CardDetails> } }) => boolean,
) => rule<T>(code, message, test, { param: at, card: true });

/** The card's number, expiry and CVC (`prefix[number]`, ... when missing), as Stripe checks them. */
const cardShape = (prefix: string) => ({
  number: param<string>()
    .transform((raw: unknown) => (typeof raw === 'string' ? raw.replace(/[\s-]/g, '') : ''))
    .test(required(`${prefix}[number]`, (raw) => isText(raw) && raw.replace(/[\s-]/g, '') !== ''))
    .test(cardRule(WRONG.number, isLuhnValid)),
  exp_month: param<number>()
    .test(required(`${prefix}[exp_month]`, (raw) => raw !== undefined))
    .transform((raw: unknown) => integerField(raw) ?? NaN)
    .test(cardRule<number>(WRONG.month, (month) => month >= 1 && month <= 12)),
  exp_year: param<number>()
    .test(required(`${prefix}[exp_year]`, (raw) => raw !== undefined))
    .transform((raw: unknown) => {
      const year = integerField(raw) ?? NaN;
      return year < 100 ? year + 2000 : year;
    })
    .test(cardRule<number>(WRONG.year, (year) => year >= thisYear() && year <= thisYear() + 50))
    // An expiry this year is refused as its month when that month has passed.
    .test(
      cardRule<number>(WRONG.month, (year, { options }) => {
        const now = new Date();
        return year !== thisYear() || (options.context?.exp_month ?? 0) >= now.getUTCMonth() + 1;
      }),
    ),
  cvc: param().test(
    cardRule(WRONG.cvc, (cvc, { options }) => {
      const length = cardBrand(options.context?.number ?? '') === 'amex' ? 4 : 3;
      return !isGiven(cvc) || (typeof cvc === 'string' && new RegExp(`^\\d{${length}}$`).test(cvc));
    }),
  ),
});
const thisYear = () => new Date().getUTCFullYear();
