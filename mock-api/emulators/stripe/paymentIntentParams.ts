// POST /v1/payment_intents: its parameters checked in Stripe's words, and the new PaymentIntent.
import { invalidRequest, missingParam } from './errors';
import { asFields, integerField, type Fields } from './fields';
import { newId, nowSeconds, randomToken } from './ids';
import { SUPPORTED_PAYMENT_METHOD_TYPES, type PaymentIntent } from './types';

const MIN_AMOUNT_USD = 50;
const MAX_AMOUNT = 99_999_999;
const METADATA_KEY_MAX = 40;
const METADATA_VALUE_MAX = 500;
const METADATA_KEYS_MAX = 50;

/** A PaymentIntent awaiting its payment method, or the first parameter Stripe would refuse. */
export function newPaymentIntent(fields: Fields): PaymentIntent {
  const { amount, currency } = amountOf(fields);
  // API 2026-10-28 (stripe-node 23) sends allowed_payment_method_types; older ones
  // payment_method_types. Both are accepted, not together.
  const allowed = fields.allowed_payment_method_types;
  if (allowed !== undefined && fields.payment_method_types !== undefined) {
    throw invalidRequest(
      'You may only specify one of these parameters: allowed_payment_method_types, payment_method_types.',
      'allowed_payment_method_types',
      'parameters_exclusive',
    );
  }
  const typesParam =
    allowed !== undefined ? 'allowed_payment_method_types' : 'payment_method_types';
  const types = paymentMethodTypes(fields[typesParam], typesParam);
  const metadata = metadataOf(fields.metadata);
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

function amountOf(fields: Fields): { amount: number; currency: string } {
  if (fields.amount === undefined || fields.amount === '') throw missingParam('amount');
  const amount = integerField(fields.amount);
  if (amount === undefined || amount < 0) {
    throw invalidRequest(
      'Invalid integer: ' + String(fields.amount),
      'amount',
      'parameter_invalid_integer',
    );
  }
  if (fields.currency === undefined || fields.currency === '') throw missingParam('currency');
  const currency = String(fields.currency).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalidRequest(
      `Invalid currency: ${String(fields.currency)}. Stripe currently supports these currencies: usd, eur, gbp, ...`,
      'currency',
      'parameter_invalid_empty',
    );
  }
  if (currency === 'usd' && amount < MIN_AMOUNT_USD) {
    throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
  }
  if (amount > MAX_AMOUNT) {
    throw invalidRequest('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
  }
  return { amount, currency };
}

function paymentMethodTypes(value: unknown, param: string): string[] {
  if (value === undefined || value === '') return ['card'];
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? Object.values(value)
      : [value];
  const types = list.map(String);
  for (const type of types) {
    if (!(SUPPORTED_PAYMENT_METHOD_TYPES as readonly string[]).includes(type)) {
      throw invalidRequest(
        `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
        param,
        'payment_intent_invalid_parameter',
      );
    }
  }
  return types;
}

function metadataOf(value: unknown): Record<string, string> {
  if (value === undefined || value === '') return {};
  const fields = asFields(value);
  if (!fields) {
    throw invalidRequest(
      'Invalid object: metadata must be a hash.',
      'metadata',
      'parameter_invalid_empty',
    );
  }
  const entries = Object.entries(fields);
  if (entries.length > METADATA_KEYS_MAX) {
    throw invalidRequest(
      `You can have at most ${METADATA_KEYS_MAX} metadata keys.`,
      'metadata',
      'parameter_invalid_empty',
    );
  }
  const metadata: Record<string, string> = {};
  for (const [key, raw] of entries) {
    checkMetadataEntry(key, raw);
    if (raw !== '') metadata[key] = raw;
  }
  return metadata;
}

function checkMetadataEntry(key: string, raw: unknown): asserts raw is string {
  if (typeof raw !== 'string') {
    throw invalidRequest(
      `Invalid value for metadata[${key}]: must be a string.`,
      `metadata[${key}]`,
    );
  }
  if (key.length > METADATA_KEY_MAX) {
    throw invalidRequest(
      `Metadata keys can have at most ${METADATA_KEY_MAX} characters.`,
      `metadata[${key}]`,
    );
  }
  if (raw.length > METADATA_VALUE_MAX) {
    throw invalidRequest(
      `Metadata values can have at most ${METADATA_VALUE_MAX} characters.`,
      `metadata[${key}]`,
    );
  }
}
