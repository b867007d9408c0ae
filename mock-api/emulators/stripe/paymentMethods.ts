// Card PaymentMethods: made from card fields checked as Stripe checks them (402 card_errors), or
// from Stripe's ready-made test ids such as pm_card_visa.
import { STRIPE_MESSAGES, cardBrand, findTestPaymentMethod, isLuhnValid } from './testCards';
import { cardError, invalidRequest, missingParam } from './errors';
import { asFields, integerField, type Fields } from './fields';
import { newId, nowSeconds } from './ids';
import { addPaymentMethod, own, type StoredPaymentMethod, type StripeState } from './state';
import type { PaymentMethod } from './types';

interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: unknown;
}

/** A PaymentMethod from `type=card&card[...]` (under `param` in Stripe's errors), stored. */
export function createPaymentMethod(
  state: StripeState,
  fields: Fields,
  param = 'card',
): StoredPaymentMethod {
  const type = fields.type;
  if (type === undefined) throw missingParam('type');
  if (type !== 'card') {
    throw invalidRequest(
      `Invalid payment_method type: must be card (the emulator supports cards only).`,
      'type',
      'parameter_invalid_empty',
    );
  }
  const card = cardDetails(asFields(fields.card), param);
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
      exp_month: card.expMonth,
      exp_year: card.expYear,
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

/** The card's number, expiry and CVC, or the first one Stripe would refuse. */
function cardDetails(card: Fields | undefined, param: string): CardDetails {
  if (!card) throw missingParam(`${param}`);
  const number = typeof card.number === 'string' ? card.number.replace(/[\s-]/g, '') : '';
  if (!number) throw missingParam(`${param}[number]`);
  if (!isLuhnValid(number)) {
    throw cardError('incorrect_number', STRIPE_MESSAGES.incorrectNumber, 'number');
  }
  const expMonth = integerField(card.exp_month);
  if (card.exp_month === undefined) throw missingParam(`${param}[exp_month]`);
  if (expMonth === undefined || expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', STRIPE_MESSAGES.invalidExpiryMonth, 'exp_month');
  }
  if (card.exp_year === undefined) throw missingParam(`${param}[exp_year]`);
  let expYear = integerField(card.exp_year);
  if (expYear !== undefined && expYear < 100) expYear += 2000;
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  if (expYear === undefined || expYear < thisYear || expYear > thisYear + 50) {
    throw cardError('invalid_expiry_year', STRIPE_MESSAGES.invalidExpiryYear, 'exp_year');
  }
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', STRIPE_MESSAGES.invalidExpiryMonth, 'exp_month');
  }
  const cvc = card.cvc;
  if (cvc !== undefined && cvc !== '') {
    const length = cardBrand(number) === 'amex' ? 4 : 3;
    if (typeof cvc !== 'string' || !new RegExp(`^\\d{${length}}$`).test(cvc)) {
      throw cardError('invalid_cvc', STRIPE_MESSAGES.invalidCvc, 'cvc');
    }
  }
  return { number, expMonth, expYear, cvc };
}

function fingerprintOf(number: string): string {
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36).padStart(16, '0').slice(-16);
}
