// Card PaymentMethods: made from card fields checked as Stripe checks them (402 card_errors), or
// from Stripe's ready-made test ids such as pm_card_visa.
import { STRIPE_MESSAGES, cardBrand, findTestPaymentMethod, isLuhnValid } from './testCards';
import { invalidRequest } from './errors';
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
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      funding: 'credit',
      country: 'US',
      fingerprint: fingerprintOf(card.number),
      checks: { address_postal_code_check: null, cvc_check: card.cvc ? 'unchecked' : null },
    },
    metadata: {},
  };
  const stored = { method, number: card.number };
  addPaymentMethod(state, stored);
  return stored;
}

/** A stored PaymentMethod, or a new one for Stripe's test ids (pm_card_visa, ...). */
export function paymentMethodFor(state: StripeState, id: string): StoredPaymentMethod {
  const stored = own(state.paymentMethods, id);
  if (stored) return stored;
  const testCard = findTestPaymentMethod(id);
  if (testCard) {
    const year = new Date().getUTCFullYear() + 5;
    const { method } = createPaymentMethod(state, {
      type: 'card',
      card: { number: testCard.number, exp_month: '12', exp_year: String(year) },
    });
    return { method, number: testCard.number };
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

function fingerprintOf(number: string): string {
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36).padStart(16, '0').slice(-16);
}
