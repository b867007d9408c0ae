// /v1/payment_intents: create, list, retrieve, confirm, cancel, and the emulator's own answer
// to a 3-D Secure challenge.
import type { Request } from 'express';
import { outcomeOf } from './testCards';
import { authorizeIntent, requireSecret, viewIntent } from './auth';
import { OUTCOME_PARAM, RETURN_URL_PARAM, pendingAuthentication } from './challenges';
import { invalidRequest } from './errors';
import { asFields, checkParams, param, rule, type Fields } from './fields';
import { originOf, type RouteContext } from './http';
import { newPaymentIntent } from './paymentIntentParams';
import { createPaymentMethod, paymentMethodFor } from './paymentMethods';
import {
  addPaymentIntent,
  findPaymentIntent,
  paymentIntentsOf,
  type StoredPaymentMethod,
  type StripeState,
} from './state';
import {
  CANCELLATION_REASONS,
  applyCardOutcome,
  assertCancelable,
  assertConfirmable,
  cancelPaymentIntent,
  finishAuthentication,
} from './transitions';

const NO_CONFIRM = param().test(
  rule(
    undefined,
    'The emulator confirms PaymentIntents through /v1/payment_intents/:id/confirm only.',
    (confirm) => confirm !== 'true',
  ),
);
const REASONS: readonly string[] = CANCELLATION_REASONS;
const REASON = param<string>().test(
  rule(
    'parameter_invalid_empty',
    `Invalid cancellation_reason: must be one of ${REASONS.join(', ')}`,
    (reason) => reason === undefined || (typeof reason === 'string' && REASONS.includes(reason)),
  ),
);

export function paymentIntentRoutes(context: RouteContext): void {
  createAndRetrieveRoutes(context);
  confirmAndCancelRoutes(context);
}

function createAndRetrieveRoutes({ state, emitFor, post, get }: RouteContext): void {
  post('/payment_intents', (req, fields, auth) => {
    requireSecret(auth);
    checkParams(fields, { confirm: NO_CONFIRM });
    const intent = newPaymentIntent(fields);
    addPaymentIntent(state, intent, emitFor(req));
    return { body: viewIntent(intent, auth) };
  });

  get('/payment_intents', (_req, _fields, auth) => {
    requireSecret(auth);
    const data = paymentIntentsOf(state)
      .reverse()
      .map((intent) => viewIntent(intent, auth));
    return { object: 'list', data, has_more: false, url: '/v1/payment_intents' };
  });

  get('/payment_intents/:id', (req, fields, auth) => {
    const intent = findPaymentIntent(state, String(req.params.id));
    authorizeIntent(auth, intent, fields);
    return viewIntent(intent, auth);
  });
}

function confirmAndCancelRoutes({
  state,
  emitFor,
  post,
  confirmationDelayMs,
  siteOrigins,
}: RouteContext): void {
  // A confirmation's answer may be kept waiting (its effects are stored and told at once).
  const confirmation = {
    answerDelayMs: (req: Request) => confirmationDelayMs(String(req.params.id)),
  };
  post(
    '/payment_intents/:id/confirm',
    (req, fields, auth) => {
      const intent = findPaymentIntent(state, String(req.params.id));
      authorizeIntent(auth, intent, fields);
      assertConfirmable(intent);
      // Before any PaymentMethod is made of the call: a refused one leaves nothing.
      const { return_url: returnUrl } = checkParams(fields, { return_url: RETURN_URL_PARAM });
      const stored = paymentMethodToConfirm(state, fields);
      const outcome = outcomeOf(stored.testCard);
      const urls = { origin: originOf(req), siteOrigins, returnUrl };
      const failure = applyCardOutcome(state, intent, stored.method, outcome, urls, emitFor(req));
      if (failure) throw failure;
      return { body: viewIntent(intent, auth) };
    },
    confirmation,
  );

  // Emulator-only: the 3-D Secure challenge's answer (Stripe's is a page on the issuer's site).
  post(
    '/payment_intents/:id/authenticate',
    (req, fields, auth) => {
      const intent = findPaymentIntent(state, String(req.params.id));
      authorizeIntent(auth, intent, fields);
      const paymentMethodId = pendingAuthentication(intent);
      const { outcome } = checkParams(fields, { outcome: OUTCOME_PARAM });
      finishAuthentication(state, intent, paymentMethodId, outcome, emitFor(req));
      return { body: viewIntent(intent, auth) };
    },
    confirmation,
  );

  post('/payment_intents/:id/cancel', (req, fields, auth) => {
    requireSecret(auth);
    const intent = findPaymentIntent(state, String(req.params.id));
    assertCancelable(intent);
    const reason = checkParams(fields, { cancellation_reason: REASON }).cancellation_reason;
    cancelPaymentIntent(intent, reason ?? null, emitFor(req));
    return { body: viewIntent(intent, auth) };
  });
}

/** The confirm's `payment_method` (an id), else a new one from its `payment_method_data`. */
function paymentMethodToConfirm(state: StripeState, fields: Fields): StoredPaymentMethod {
  if (typeof fields.payment_method === 'string' && fields.payment_method !== '') {
    return paymentMethodFor(state, fields.payment_method);
  }
  const data = asFields(fields.payment_method_data);
  if (data) return createPaymentMethod(state, data, 'payment_method_data[card]');
  throw invalidRequest(
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    undefined,
    'payment_intent_unexpected_state',
  );
}
