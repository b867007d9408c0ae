// An in-memory subset of the Stripe API (v1), enough for the official `stripe` Node SDK on the
// server and a Stripe.js stand-in in the browser: PaymentIntents (create, retrieve, confirm,
// cancel), card PaymentMethods, idempotency keys, and Stripe's error bodies and status codes.
// The HTTP contract is described in README.md next to this file.
import { randomBytes } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import {
  STRIPE_MESSAGES,
  cardBrand,
  findTestPaymentMethod,
  isLuhnValid,
  outcomeFor,
  type CardBrand,
  type CardOutcome,
} from './testCards';
import { allowAnyOrigin } from '../crossOrigin';

/** The keys the emulator accepts unless others are given (the app's demo default is pk_test_emulator). */
export const EMULATOR_SECRET_KEY = 'sk_test_emulator';
export const EMULATOR_PUBLISHABLE_KEY = 'pk_test_emulator';

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  payment_method?: PaymentMethod;
  payment_intent?: PaymentIntent;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  livemode: false;
  billing_details: { address: { postal_code: string | null }; email: null; name: null };
  card: {
    brand: CardBrand;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
    fingerprint: string;
    checks: { address_postal_code_check: null; cvc_check: 'unchecked' | null };
  };
  metadata: Record<string, string>;
}

export type NextAction = {
  type: 'use_stripe_sdk';
  use_stripe_sdk: {
    type: 'three_d_secure_redirect';
    /** Emulator-only: POST here with outcome=complete|fail (and the client secret). */
    stripe_js: string;
    source: string;
  };
};

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  /** The current API's name for the requested types (older versions: payment_method_types). */
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: NextAction | null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
}

/** The charge a succeeded PaymentIntent made (the fields the mock API reads). */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  disputed: boolean;
  paid: true;
  payment_intent: string;
  payment_method: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

/** A Stripe event, as Stripe sends it to a webhook endpoint. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StripeEmulatorOptions {
  secretKey?: string;
  publishableKey?: string;
  /**
   * Told every event Stripe would send a webhook for (payment_intent.created, .succeeded,
   * .payment_failed, .canceled, charge.refunded, charge.dispute.created), with the API request
   * that caused it.
   */
  onEvent?: (event: StripeEvent, cause: Request) => void;
}

export const API_VERSION = '2026-10-28.endive';

/** Payment method types the emulator accepts on a PaymentIntent (wallets are `card` at Stripe). */
export const SUPPORTED_PAYMENT_METHOD_TYPES = ['card', 'link', 'us_bank_account'] as const;

const MIN_AMOUNT_USD = 50;
const MAX_AMOUNT = 99_999_999;
const METADATA_KEY_MAX = 40;
const METADATA_VALUE_MAX = 500;
const METADATA_KEYS_MAX = 50;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalidRequest = (
  message: string,
  param?: string,
  code?: string,
  status = 400,
): StripeError =>
  new StripeError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

const cardError = (code: string, message: string, param?: string) =>
  new StripeError(402, { type: 'card_error', code, message, ...(param ? { param } : {}) });

type Fields = Record<string, unknown>;
type Auth = { kind: 'secret' | 'publishable'; key: string };

interface IdempotentResult {
  scope: string;
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface StripeEmulatorState {
  router: Router;
  list(): PaymentIntent[];
  reset(): void;
}

export function stripeEmulator(options: StripeEmulatorOptions = {}): StripeEmulatorState {
  const secretKey = options.secretKey ?? EMULATOR_SECRET_KEY;
  const publishableKey = options.publishableKey ?? EMULATOR_PUBLISHABLE_KEY;
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();

  function emit(cause: Request, type: string, object: unknown): void {
    options.onEvent?.(
      {
        id: newId('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      cause,
    );
  }

  /** The intent succeeded: its charge is recorded (and, for the dispute card, disputed). */
  function charge(
    cause: Request,
    intent: PaymentIntent,
    paymentMethodId: string,
    disputed = false,
  ): void {
    succeed(intent, paymentMethodId);
    const id = intent.latest_charge ?? newId('ch');
    charges.set(id, {
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
    });
    emit(cause, 'payment_intent.succeeded', intent);
    if (disputed) {
      emit(cause, 'charge.dispute.created', {
        id: newId('dp'),
        object: 'dispute',
        amount: intent.amount,
        charge: id,
        currency: intent.currency,
        payment_intent: intent.id,
        reason: 'fraudulent',
        status: 'needs_response',
      });
    }
  }

  function findCharge(id: string): Charge {
    const found = charges.get(id);
    if (!found) throw invalidRequest(`No such charge: '${id}'`, 'charge', 'resource_missing', 404);
    return found;
  }
  const paymentMethods = new Map<string, { method: PaymentMethod; number: string }>();
  const idempotency = new Map<string, IdempotentResult>();

  function authenticate(req: Request, fields: Fields): Auth {
    const header = req.get('authorization');
    let key: string | undefined;
    if (header) {
      const bearer = /^Bearer\s+(\S+)$/i.exec(header);
      const basic = /^Basic\s+(\S+)$/i.exec(header);
      if (bearer) key = bearer[1];
      else if (basic)
        key = Buffer.from(basic[1] ?? '', 'base64')
          .toString('utf8')
          .split(':')[0];
    } else if (typeof fields.key === 'string') {
      // Stripe.js sends its publishable key as a `key` parameter (a CORS "simple" request).
      key = fields.key;
    }
    if (!key) {
      throw invalidRequest(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        undefined,
        undefined,
        401,
      );
    }
    if (key === secretKey) {
      // A browser marks what it sends (Origin on cross-origin and POST requests, Sec-Fetch-Site
      // on all): the secret key is for servers, so a page holding it learns nothing.
      if (req.get('origin') !== undefined || req.get('sec-fetch-site') !== undefined) {
        throw invalidRequest(
          'Secret API keys cannot be used from a browser. Use your publishable key with Stripe.js, and your secret key only on your server.',
          undefined,
          'secret_key_in_browser',
          403,
        );
      }
      return { kind: 'secret', key };
    }
    if (key === publishableKey) return { kind: 'publishable', key };
    throw invalidRequest(
      `Invalid API Key provided: ${maskKey(key)}`,
      undefined,
      'api_key_invalid',
      401,
    );
  }

  function requireSecret(auth: Auth): void {
    if (auth.kind !== 'secret') {
      throw invalidRequest(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        undefined,
        'secret_key_required',
        401,
      );
    }
  }

  function findIntent(id: string): PaymentIntent {
    const intent = intents.get(id);
    if (!intent) {
      throw invalidRequest(`No such payment_intent: '${id}'`, 'intent', 'resource_missing', 404);
    }
    return intent;
  }

  /** A publishable key reaches a PaymentIntent only with its client secret, as with Stripe.js. */
  function authorizeIntent(auth: Auth, intent: PaymentIntent, fields: Fields): void {
    if (auth.kind === 'secret') return;
    const clientSecret = fields.client_secret;
    if (typeof clientSecret !== 'string' || clientSecret === '') {
      throw missingParam('client_secret');
    }
    if (clientSecret !== intent.client_secret) {
      throw invalidRequest(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
        'payment_intent_invalid_parameter',
      );
    }
  }

  function view(intent: PaymentIntent, auth: Auth): PaymentIntent {
    const copy = structuredClone(intent);
    // A publishable key sees the PaymentIntent without its metadata, as Stripe.js does.
    if (auth.kind === 'publishable') copy.metadata = {};
    return copy;
  }

  function createPaymentMethod(fields: Fields, param = 'card'): PaymentMethod {
    const type = fields.type;
    if (type === undefined) throw missingParam('type');
    if (type !== 'card') {
      throw invalidRequest(
        `Invalid payment_method type: must be card (the emulator supports cards only).`,
        'type',
        'parameter_invalid_empty',
      );
    }
    const card = asFields(fields.card);
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
    const brand = cardBrand(number);
    const cvc = card.cvc;
    if (cvc !== undefined && cvc !== '') {
      const length = brand === 'amex' ? 4 : 3;
      if (typeof cvc !== 'string' || !new RegExp(`^\\d{${length}}$`).test(cvc)) {
        throw cardError('invalid_cvc', STRIPE_MESSAGES.invalidCvc, 'cvc');
      }
    }
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
        brand,
        last4: number.slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
        funding: 'credit',
        country: 'US',
        fingerprint: fingerprintOf(number),
        checks: { address_postal_code_check: null, cvc_check: cvc ? 'unchecked' : null },
      },
      metadata: {},
    };
    paymentMethods.set(method.id, { method, number });
    return method;
  }

  function paymentMethodFor(id: string): { method: PaymentMethod; number: string } {
    const stored = paymentMethods.get(id);
    if (stored) return stored;
    const testCard = findTestPaymentMethod(id);
    if (testCard) {
      const year = new Date().getUTCFullYear() + 5;
      const method = createPaymentMethod({
        type: 'card',
        card: { number: testCard.number, exp_month: '12', exp_year: String(year) },
      });
      return { method, number: testCard.number };
    }
    throw invalidRequest(
      `No such PaymentMethod: '${id}'`,
      'payment_method',
      'resource_missing',
      400,
    );
  }

  function applyOutcome(
    cause: Request,
    intent: PaymentIntent,
    method: PaymentMethod,
    outcome: CardOutcome,
    origin: string,
  ): StripeError | undefined {
    intent.last_payment_error = null;
    intent.next_action = null;
    if (outcome.kind === 'succeeded') {
      charge(cause, intent, method.id, outcome.disputed === true);
      return undefined;
    }
    if (outcome.kind === 'requires3ds') {
      intent.status = 'requires_action';
      intent.payment_method = method.id;
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          stripe_js: `${origin}/v1/payment_intents/${intent.id}/authenticate`,
          source: newId('src'),
        },
      };
      return undefined;
    }
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
    emit(cause, 'payment_intent.payment_failed', intent);
    return new StripeError(402, { ...error, payment_intent: structuredClone(intent) });
  }

  const router = Router();
  // Stripe.js's calls are CORS simple requests (a form body, the publishable key as a field): no
  // browser may send an Authorization header here, so none can present the secret key that way.
  router.use(allowAnyOrigin(['Content-Type']));
  router.use(express.urlencoded({ extended: true, limit: '100kb', parameterLimit: 1000 }));
  router.use((_req, res, next) => {
    res.setHeader('Request-Id', newId('req'));
    res.setHeader('Stripe-Version', API_VERSION);
    next();
  });

  /** Runs a POST once per Idempotency-Key (per API key), replaying the first answer after. */
  function post(
    path: string,
    handler: (req: Request, fields: Fields, auth: Auth) => { status?: number; body: unknown },
  ): void {
    router.post(path, (req, res) => {
      const fields = formFields(req);
      try {
        const auth = authenticate(req, fields);
        const idempotencyKey = req.get('idempotency-key');
        const scope = `${req.method} ${req.baseUrl}${req.path}`;
        const fingerprint = canonical(withoutKey(fields));
        const storeKey = idempotencyKey ? `${auth.key}\u0000${idempotencyKey}` : undefined;
        if (storeKey && idempotencyKey) {
          const previous = idempotency.get(storeKey);
          if (previous) {
            if (previous.scope !== scope) {
              throw new StripeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.scope.split(' ')[1]}' vs '${scope.split(' ')[1]}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              });
            }
            if (previous.fingerprint !== fingerprint) {
              throw new StripeError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              });
            }
            res.setHeader('Idempotent-Replayed', 'true');
            res.setHeader('Idempotency-Key', idempotencyKey);
            res.status(previous.status).json(previous.body);
            return;
          }
        }
        let status = 200;
        let body: unknown;
        try {
          const result = handler(req, fields, auth);
          status = result.status ?? 200;
          body = result.body;
        } catch (error) {
          // Stripe saves the result of a request that reached the endpoint, failures included,
          // but not one refused before it (authentication, a malformed request).
          if (!(error instanceof StripeError) || error.status !== 402) throw error;
          status = error.status;
          body = { error: error.body };
        }
        if (storeKey && idempotencyKey) {
          idempotency.set(storeKey, { scope, fingerprint, status, body });
          res.setHeader('Idempotency-Key', idempotencyKey);
        }
        res.status(status).json(body);
      } catch (error) {
        sendError(res, error);
      }
    });
  }

  function get(path: string, handler: (req: Request, fields: Fields, auth: Auth) => unknown) {
    router.get(path, (req, res) => {
      const fields = asFields(req.query) ?? {};
      try {
        const auth = authenticate(req, fields);
        res.json(handler(req, fields, auth));
      } catch (error) {
        sendError(res, error);
      }
    });
  }

  post('/payment_intents', (_req, fields, auth) => {
    requireSecret(auth);
    if (fields.confirm === 'true') {
      throw invalidRequest(
        'The emulator confirms PaymentIntents through /v1/payment_intents/:id/confirm only.',
        'confirm',
      );
    }
    const intent = newPaymentIntent(fields);
    intents.set(intent.id, intent);
    emit(_req, 'payment_intent.created', intent);
    return { body: view(intent, auth) };
  });

  get('/payment_intents', (_req, _fields, auth) => {
    requireSecret(auth);
    const data = [...intents.values()].reverse().map((intent) => view(intent, auth));
    return { object: 'list', data, has_more: false, url: '/v1/payment_intents' };
  });

  get('/payment_intents/:id', (req, fields, auth) => {
    const intent = findIntent(String(req.params.id));
    authorizeIntent(auth, intent, fields);
    return view(intent, auth);
  });

  post('/payment_intents/:id/confirm', (req, fields, auth) => {
    const intent = findIntent(String(req.params.id));
    authorizeIntent(auth, intent, fields);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw invalidRequest(
        intent.status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    let stored: { method: PaymentMethod; number: string };
    if (typeof fields.payment_method === 'string' && fields.payment_method !== '') {
      stored = paymentMethodFor(fields.payment_method);
    } else if (asFields(fields.payment_method_data)) {
      const method = createPaymentMethod(
        asFields(fields.payment_method_data) ?? {},
        'payment_method_data[card]',
      );
      stored = paymentMethods.get(method.id) ?? { method, number: '' };
    } else {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const failure = applyOutcome(
      req,
      intent,
      stored.method,
      outcomeFor(stored.number),
      originOf(req),
    );
    if (failure) throw failure;
    return { body: view(intent, auth) };
  });

  // Emulator-only: the 3-D Secure challenge's answer (Stripe's is a page on the issuer's site).
  post('/payment_intents/:id/authenticate', (req, fields, auth) => {
    const intent = findIntent(String(req.params.id));
    authorizeIntent(auth, intent, fields);
    if (intent.status !== 'requires_action' || !intent.payment_method) {
      throw invalidRequest(
        `This PaymentIntent has a status of ${intent.status}; only one in requires_action can be authenticated.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const outcome = fields.outcome;
    if (outcome !== 'complete' && outcome !== 'fail') {
      throw invalidRequest('outcome must be complete or fail.', 'outcome', 'parameter_invalid');
    }
    intent.next_action = null;
    if (outcome === 'complete') {
      charge(req, intent, intent.payment_method);
    } else {
      const stored = paymentMethods.get(intent.payment_method);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: STRIPE_MESSAGES.authenticationFailure,
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
        ...(stored ? { payment_method: stored.method } : {}),
      };
      intent.payment_method = null;
      emit(req, 'payment_intent.payment_failed', intent);
    }
    return { body: view(intent, auth) };
  });

  post('/payment_intents/:id/cancel', (req, fields, auth) => {
    requireSecret(auth);
    const intent = findIntent(String(req.params.id));
    const cancelable: PaymentIntentStatus[] = [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ];
    if (!cancelable.includes(intent.status)) {
      throw invalidRequest(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancelable.join(', ')}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
    const reason = fields.cancellation_reason;
    if (reason !== undefined && (typeof reason !== 'string' || !reasons.includes(reason))) {
      throw invalidRequest(
        `Invalid cancellation_reason: must be one of ${reasons.join(', ')}`,
        'cancellation_reason',
        'parameter_invalid_empty',
      );
    }
    intent.status = 'canceled';
    emit(req, 'payment_intent.canceled', intent);
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = typeof reason === 'string' ? reason : null;
    intent.next_action = null;
    return { body: view(intent, auth) };
  });

  post('/payment_methods', (_req, fields) => ({ body: createPaymentMethod(fields) }));

  get('/payment_methods/:id', (req) => {
    const stored = paymentMethods.get(String(req.params.id));
    if (!stored) {
      throw invalidRequest(
        `No such PaymentMethod: '${String(req.params.id)}'`,
        'payment_method',
        'resource_missing',
        404,
      );
    }
    return stored.method;
  });

  get('/charges/:id', (req, _fields, auth) => {
    requireSecret(auth);
    return structuredClone(findCharge(String(req.params.id)));
  });

  /** Refunds a charge (by itself or by its PaymentIntent), in full unless `amount` says less. */
  post('/refunds', (_req, fields, auth) => {
    requireSecret(auth);
    let chargeId: string;
    if (typeof fields.charge === 'string' && fields.charge !== '') {
      chargeId = fields.charge;
    } else if (typeof fields.payment_intent === 'string' && fields.payment_intent !== '') {
      const intent = findIntent(fields.payment_intent);
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'payment_intent',
        );
      }
      chargeId = intent.latest_charge;
    } else {
      throw invalidRequest(
        'You must provide either a charge or a payment_intent to create a refund.',
        undefined,
        'parameter_missing',
      );
    }
    const refunded = findCharge(chargeId);
    if (refunded.disputed) {
      throw invalidRequest(
        `Charge ${refunded.id} has been charged back; cannot issue a refund.`,
        undefined,
        'charge_disputed',
      );
    }
    const remaining = refunded.amount - refunded.amount_refunded;
    if (remaining === 0) {
      throw invalidRequest(
        `Charge ${refunded.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    let amount = remaining;
    if (fields.amount !== undefined) {
      amount = Number(fields.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > remaining) {
        throw invalidRequest(
          `Refund amount (${String(fields.amount)}) is greater than unrefunded amount on charge (${remaining})`,
          'amount',
          'amount_too_large',
        );
      }
    }
    refunded.amount_refunded += amount;
    refunded.refunded = refunded.amount_refunded === refunded.amount;
    emit(_req, 'charge.refunded', refunded);
    const refund: Refund = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: refunded.id,
      created: nowSeconds(),
      currency: refunded.currency,
      payment_intent: refunded.payment_intent,
      status: 'succeeded',
    };
    return { body: refund };
  });

  router.use((req, res) => {
    sendError(
      res,
      invalidRequest(
        `Unrecognized request URL (${req.method}: ${req.originalUrl.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        undefined,
        undefined,
        404,
      ),
    );
  });

  return {
    router,
    list: () => [...intents.values()].map((intent) => structuredClone(intent)),
    reset: () => {
      intents.clear();
      charges.clear();
      paymentMethods.clear();
      idempotency.clear();
    },
  };
}

function newPaymentIntent(fields: Fields): PaymentIntent {
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

function succeed(intent: PaymentIntent, paymentMethodId: string): void {
  intent.status = 'succeeded';
  intent.payment_method = paymentMethodId;
  intent.amount_received = intent.amount;
  intent.latest_charge = newId('ch');
  intent.last_payment_error = null;
  intent.next_action = null;
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
    if (raw !== '') metadata[key] = raw;
  }
  return metadata;
}

function sendError(res: Response, error: unknown): void {
  if (error instanceof StripeError) {
    res.status(error.status).json({ error: error.body });
    return;
  }
  res.status(500).json({
    error: { type: 'api_error', message: 'An unexpected error occurred in the Stripe emulator.' },
  });
}

function formFields(req: Request): Fields {
  return asFields(req.body) ?? {};
}

function asFields(value: unknown): Fields | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Fields)
    : undefined;
}

function withoutKey(fields: Fields): Fields {
  const { key: _key, ...rest } = fields;
  return rest;
}

/** JSON with object keys sorted, so equal parameters compare equal whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Fields).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function integerField(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value);
  return undefined;
}

function originOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  if (key.length <= prefix.length + 4) return `${prefix}****`;
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return token;
}

function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

function fingerprintOf(number: string): string {
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash.toString(36).padStart(16, '0').slice(-16);
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
