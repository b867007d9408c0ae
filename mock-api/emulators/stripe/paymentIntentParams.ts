// POST /v1/payment_intents: its parameters checked in Stripe's words, and the new PaymentIntent.
import { invalidRequest } from './errors';
import type { Shape } from '../../validation';
import { asFields, checkParams, integerField, isGiven, param, required, rule } from './fields';
import type { Fields } from './fields';
import { newId, nowSeconds, randomToken } from './ids';
import { SUPPORTED_PAYMENT_METHOD_TYPES, type PaymentIntent } from './types';

const MIN_AMOUNT_USD = 50;
const MAX_AMOUNT = 99_999_999;
const METADATA_KEY_MAX = 40;
const METADATA_VALUE_MAX = 500;
const METADATA_KEYS_MAX = 50;
const EXCLUSIVE =
  'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.';
const SUPPORTED: readonly string[] = SUPPORTED_PAYMENT_METHOD_TYPES;
const invalidType = (type: string) =>
  `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`;

/** The list as sent (a list, a hash `a[0]=x`, or one), as text; ['card'] when there is none. */
const typeList = (value: unknown): string[] => {
  if (!isGiven(value)) return ['card'];
  const list = Array.isArray(value) ? value : (asFields(value) ?? [value]);
  return Object.values(list).map(String);
};
const paymentMethodTypes = param<string[]>()
  .default(() => ['card'])
  .transform(typeList)
  .test(
    rule<string[]>(
      'payment_intent_invalid_parameter',
      (raw) => invalidType(typeList(raw).find((type) => !SUPPORTED.includes(type)) ?? ''),
      (types) => types.every((type) => SUPPORTED.includes(type)),
    ),
  );

/** The parameters in the order Stripe checks them (the amount's limits come after the currency). */
const INTENT_PARAMS = {
  amount: param<number>()
    .transform((raw: unknown) => integerField(raw) ?? raw)
    .test(required())
    .test(
      rule(
        'parameter_invalid_integer',
        (raw) => `Invalid integer: ${String(raw)}`,
        (amount) => typeof amount === 'number' && amount >= 0,
      ),
    ),
  currency: param<string>()
    .test(required())
    .transform((raw: unknown) => String(raw).toLowerCase())
    .test(
      rule<string>(
        'parameter_invalid_empty',
        (raw) =>
          `Invalid currency: ${String(raw)}. Stripe currently supports these currencies: usd, eur, gbp, ...`,
        (currency) => /^[a-z]{3}$/.test(currency),
      ),
    ),
};

/** After the types: the metadata, a hash of at most 50 keys, and then each of its entries. */
const METADATA = param<Record<string, unknown>>()
  .default(() => ({}))
  .transform((raw: unknown) => (isGiven(raw) ? raw : {}))
  .test(
    rule('parameter_invalid_empty', 'Invalid object: metadata must be a hash.', (hash) => {
      return asFields(hash) !== undefined;
    }),
  )
  .test(
    rule<object>(
      'parameter_invalid_empty',
      `You can have at most ${METADATA_KEYS_MAX} metadata keys.`,
      (hash) => Object.keys(hash).length <= METADATA_KEYS_MAX,
    ),
  );
/** One metadata entry: its value text, its key and value not too long. */
const metadataEntry = (key: string) => {
  const at = { param: `metadata[${key}]` };
  const message = `Invalid value for metadata[${key}]: must be a string.`;
  return param()
    .test(rule(undefined, message, (value) => typeof value === 'string', at))
    .test(rule(undefined, keysMessage, () => key.length <= METADATA_KEY_MAX, at))
    .test(
      rule<string>(undefined, valuesMessage, (value) => value.length <= METADATA_VALUE_MAX, at),
    );
};
const keysMessage = `Metadata keys can have at most ${METADATA_KEY_MAX} characters.`;
const valuesMessage = `Metadata values can have at most ${METADATA_VALUE_MAX} characters.`;

/** A PaymentIntent awaiting its payment method, or the first parameter Stripe would refuse. */
export function newPaymentIntent(fields: Fields): PaymentIntent {
  const { amount, currency } = checkParams(fields, INTENT_PARAMS);
  if (currency === 'usd' && amount < MIN_AMOUNT_USD) {
    throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
  }
  if (amount > MAX_AMOUNT) {
    throw invalidRequest('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
  }
  // API 2026-10-28 (stripe-node 23) sends allowed_payment_method_types; older ones
  // payment_method_types. Both are accepted, not together.
  const allowed = fields.allowed_payment_method_types;
  if (allowed !== undefined && fields.payment_method_types !== undefined) {
    throw invalidRequest(EXCLUSIVE, 'allowed_payment_method_types', 'parameters_exclusive');
  }
  const typesParam =
    allowed !== undefined ? 'allowed_payment_method_types' : 'payment_method_types';
  const types = checkParams(fields, { [typesParam]: paymentMethodTypes })[typesParam] as string[];
  const hash = checkParams(fields, { metadata: METADATA }).metadata as Record<string, string>;
  const entries = Object.keys(hash).map((key) => [key, metadataEntry(key)]);
  checkParams(hash, Object.fromEntries(entries) as Shape);
  const metadata = Object.fromEntries(Object.entries(hash).filter(([, value]) => value !== ''));
  const description = fields.description;
  const created = nowSeconds();
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    allowed_payment_method_types: allowed !== undefined ? types : null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created,
    currency,
    description: typeof description === 'string' && description !== '' ? description : null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: types,
    receipt_email: typeof fields.receipt_email === 'string' ? fields.receipt_email : null,
    status: 'requires_payment_method',
  };
}
