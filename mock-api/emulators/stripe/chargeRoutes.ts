// /v1/payment_methods, /v1/charges and /v1/refunds.
import { requireSecret } from './auth';
import { invalidRequest } from './errors';
import type { Fields } from './fields';
import type { RouteContext } from './http';
import { createPaymentMethod } from './paymentMethods';
import { findCharge, own, type StripeState } from './state';
import { chargeOfPaymentIntent, refundCharge, refundableAmount } from './refunds';

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
    const charge = findCharge(state, chargeToRefund(state, fields));
    const remaining = refundableAmount(charge);
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

function chargeToRefund(state: StripeState, fields: Fields): string {
  if (typeof fields.charge === 'string' && fields.charge !== '') return fields.charge;
  if (typeof fields.payment_intent === 'string' && fields.payment_intent !== '') {
    return chargeOfPaymentIntent(state, fields.payment_intent);
  }
  throw invalidRequest(
    'You must provide either a charge or a payment_intent to create a refund.',
    undefined,
    'parameter_missing',
  );
}
