// /v1/payment_methods, /v1/charges and /v1/refunds.
import { requireSecret } from './auth';
import { invalidRequest } from './errors';
import { checkParams, isText, param, rule, type Fields } from './fields';
import type { RouteContext } from './http';
import { createPaymentMethod } from './paymentMethods';
import { findCharge, own } from './state';
import { chargeOfPaymentIntent, refundCharge, refundableAmount } from './refunds';

/** The charge to refund, by itself or by its PaymentIntent (text, else none). */
const text = () =>
  param<string>()
    .default('')
    .transform((raw: unknown) => (isText(raw) ? raw : ''));
const REFUNDED = {
  charge: text(),
  payment_intent: text().test(
    rule<string>(
      'parameter_missing',
      'You must provide either a charge or a payment_intent to create a refund.',
      (intent, { parent }) => intent !== '' || isText((parent as Fields).charge),
      { param: null },
    ),
  ),
};

export function paymentMethodRoutes({ state, post, get }: RouteContext): void {
  post('/payment_methods', (_req, fields) => ({ body: createPaymentMethod(state, fields).method }));

  get('/payment_methods/:id', (req) => {
    const stored = own(state.paymentMethods, String(req.params.id));
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
}

export function chargeRoutes({ state, emitFor, post, get }: RouteContext): void {
  get('/charges/:id', (req, _fields, auth) => {
    requireSecret(auth);
    return structuredClone(findCharge(state, String(req.params.id)));
  });

  /** Refunds a charge (by itself or by its PaymentIntent), in full unless `amount` says less. */
  post('/refunds', (req, fields, auth) => {
    requireSecret(auth);
    const { charge: id, payment_intent } = checkParams(fields, REFUNDED);
    const charge = findCharge(state, id || chargeOfPaymentIntent(state, payment_intent));
    const remaining = refundableAmount(charge);
    // Not a schema: what may be refunded is the charge's state (what is left of it).
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
    return { body: refundCharge(state, charge, amount, emitFor(req)) };
  });
}
