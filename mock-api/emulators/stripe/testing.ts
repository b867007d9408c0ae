// For the emulator's HTTP tests: how its two clients call it, the `stripe` SDK (secret key) and a
// browser script (publishable key + client secret, form posts like Stripe.js).
import { expect } from '@jest/globals';
import type Stripe from 'stripe';
import type { RunningMockApi } from '../../testing';
import { EMULATOR_PUBLISHABLE_KEY } from './index';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The calls, against the mock API and SDK client the test file started (read when called). */
export function emulatorCalls(running: () => { api: RunningMockApi; stripe: Stripe }) {
  const nextYear = String(new Date().getUTCFullYear() + 1);

  /** A form post from the browser: publishable key in the body, no custom headers (no preflight). */
  async function browserPost(path: string, fields: Record<string, string>): Promise<Answer> {
    const response = await fetch(`${running().api.origin}/v1${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost:4100',
      },
      body: new URLSearchParams({ key: EMULATOR_PUBLISHABLE_KEY, ...fields }).toString(),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    return { status: response.status, body: await response.json() };
  }

  async function browserGet(path: string, query: Record<string, string>): Promise<Answer> {
    const params = new URLSearchParams({ key: EMULATOR_PUBLISHABLE_KEY, ...query });
    const response = await fetch(`${running().api.origin}/v1${path}?${params.toString()}`);
    return { status: response.status, body: await response.json() };
  }

  const createIntent = (metadata: Record<string, string> = {}) =>
    running().stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
      description: 'cardToWallet',
      metadata: { title: 'Tip to', ...metadata },
    });

  const createCard = (number: string, extra: Record<string, string> = {}) =>
    browserPost('/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': nextYear,
      'card[cvc]': '123',
      ...extra,
    });

  const confirmIntent = (intent: Stripe.PaymentIntent, fields: Record<string, string>) =>
    browserPost(`/payment_intents/${intent.id}/confirm`, {
      client_secret: intent.client_secret ?? '',
      ...fields,
    });

  const statusOf = async (intentId: string) =>
    (await running().stripe.paymentIntents.retrieve(intentId)).status;

  async function payWithCard(number: string) {
    const intent = await createIntent();
    const method = await createCard(number);
    expect(method.status).toBe(200);
    const confirmation = await confirmIntent(intent, { payment_method: method.body.id });
    const after = await running().stripe.paymentIntents.retrieve(intent.id);
    return { intent, method: method.body, confirmation, after };
  }

  return {
    browserPost,
    browserGet,
    createIntent,
    createCard,
    confirmIntent,
    statusOf,
    payWithCard,
  };
}
