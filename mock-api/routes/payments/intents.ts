// Creating a PaymentIntent, shared by the payment calls: the captcha check before it, the Stripe
// call itself, the record kept of it (db.payments) and the answer the browser gets.
import type { Request } from 'express';
import type Stripe from 'stripe';
import { PI_DESCRIPTION } from '../../../src/api/contract/intentBody';
import { CAPTCHA_FIELD, INVALID_CAPTCHA_MESSAGE } from '../../../src/api/contract/messages';
import type { PaymentMethodKind } from '../../../src/api/contract/fees';
import type { CaptchaVerifier } from '../../captchaVerifier';
import type { Store } from '../../db/store';
import type { PaymentRecord } from '../../db/types';
import { HttpError } from '../../http';
import type { Scenarios } from '../../sharedDemo/scenarios';
import type { Endpoint, PaymentRequest } from './parse';

/** What the payment calls work with: the data, the testers' scenarios, the captcha, Stripe. */
export interface PaymentServices {
  store: Store;
  scenarios: Scenarios;
  captcha: CaptchaVerifier;
  /** The Stripe client (mock-api/server.ts: the emulator on this server's port). */
  stripe: (req: Request) => Stripe;
}

/** The captcha token, verified (single use); the wallet preparation call needs none. */
export async function checkCaptcha(
  { scenarios, captcha }: PaymentServices,
  req: Request,
  request: PaymentRequest,
): Promise<void> {
  if (request.walletPrepare) return;
  if (request.captchaToken === undefined) {
    throw new HttpError(400, 'captcha_missing', INVALID_CAPTCHA_MESSAGE, CAPTCHA_FIELD);
  }
  const verdict = scenarios.captchaFails(req)
    ? { ok: false }
    : await captcha.verify(request.captchaToken);
  if (!verdict.ok) {
    throw new HttpError(400, 'captcha_invalid', INVALID_CAPTCHA_MESSAGE, CAPTCHA_FIELD);
  }
}

/** Asks Stripe for the intent (the Idempotency-Key passed on); its refusal is a 502. */
export async function createIntent(
  { stripe }: PaymentServices,
  req: Request,
  request: PaymentRequest,
  key: string,
): Promise<Stripe.PaymentIntent> {
  const types = [...new Set(request.methods.map(stripeMethodType))];
  try {
    return await stripe(req).paymentIntents.create(
      {
        amount: request.totalCents,
        currency: 'usd',
        allowed_payment_method_types: types,
        description: PI_DESCRIPTION,
        metadata: { ...request.metadata },
      },
      { idempotencyKey: key },
    );
  } catch (error) {
    const message = (error as { message?: string }).message ?? 'unknown error';
    throw new HttpError(502, 'stripe_error', `Stripe refused the payment intent: ${message}`);
  }
}

/** What db.payments keeps of an intent (and of the review it pays for, if any). */
export function paymentRecord(
  { scenarios }: PaymentServices,
  req: Request,
  endpoint: Endpoint,
  request: PaymentRequest,
  intent: Stripe.PaymentIntent,
  key: string,
  gratitudeId?: string,
): PaymentRecord {
  return {
    id: intent.id,
    intentId: intent.id,
    endpoint,
    amountCents: request.amountCents,
    feeCents: request.feeCents,
    totalCents: request.totalCents,
    paymentMethodTypes: request.methods,
    metadata: { ...request.metadata },
    idempotencyKey: key,
    status: intent.status,
    walletPrepare: request.walletPrepare,
    tester: scenarios.testerOf(req),
    createdAt: new Date().toISOString(),
    ...(gratitudeId ? { gratitudeId } : {}),
  };
}

/** The answer of every payment call: the intent's client secret. */
export function intentAnswer(intent: Stripe.PaymentIntent): unknown {
  if (!intent.client_secret) {
    throw new HttpError(502, 'stripe_error', 'Stripe answered without a client secret.');
  }
  return { status: 200, data: { paymentIntent: intent.client_secret } };
}

export const now = () => new Date().toISOString();

/** Wallets are cards at Stripe; a bank payment is us_bank_account. */
function stripeMethodType(kind: PaymentMethodKind): 'card' | 'us_bank_account' {
  return kind === 'bank' ? 'us_bank_account' : 'card';
}
