// For payment tests that restart the mock API or move its clock: the mock API over a data folder
// the test keeps (so a second one can open it), and the calls a guest's browser makes.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@jest/globals';
import type { Envelope } from '../../../src/api/contract/types';
import { DEFAULT_GUEST_TOKEN } from '../../env';
import { EMULATOR_PUBLISHABLE_KEY } from '../../emulators/stripe';
import { TESTER_HEADER } from '../../sharedDemo/testers';
import { type MockApiOptions, createMockApi } from '../../server';
import { SEED_MEDIA_DIR, type Store } from '../../db/store';
import {
  cardTipFields,
  confirmWithCard,
  guestReviewFields,
  intentIdOf,
  jsonPost,
  profileOf,
} from '../../testing';
import { captchaToken, cardTipBody, donationBody, multipartForm } from '../../testingSends';

export const PROFILE = 'ava-martinez';

export interface OpenMockApi {
  origin: string;
  store: Store;
  /** fetch() under /api with the guest token and this run's tester name. */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** Stops answering: the data folder stays for the next one. */
  close(): Promise<void>;
}

/** The mock API over `dataDir` (made from the seed when empty), as a test's tester. */
export async function openMockApi(
  dataDir: string,
  tester: string,
  options: Omit<MockApiOptions, 'dataDir'> = {},
): Promise<OpenMockApi> {
  const { app, store, stop } = await createMockApi({ ...options, dataDir });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    store,
    request: (pathAndQuery, init = {}) =>
      fetch(`${origin}/api/${pathAndQuery.replace(/^\//, '')}`, {
        ...init,
        headers: {
          Authorization: `Bearer ${DEFAULT_GUEST_TOKEN}`,
          [TESTER_HEADER]: tester,
          ...(init.headers as Record<string, string>),
        },
      }),
    close: async () => {
      await stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.flush();
    },
  };
}

/** A guest made as the details step makes one. */
export async function createGuest(api: OpenMockApi, fullName: string): Promise<string> {
  const email = `${fullName.split(' ')[0]!.toLowerCase()}@example.com`;
  const answer = await api.request('user/v2/createWebUser', jsonPost({ fullName, email }));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { userId: string } }).data.userId;
}

/** Sends a review with a $15 tip to PROFILE, as the review form does; its client secret. */
export async function sendReviewWithTip(
  api: OpenMockApi,
  guestId: string,
  sayThanks: string,
): Promise<string> {
  const fields = guestReviewFields(guestId, {
    gratitudeType: 'BOTH',
    icon: 'APPRECIATION',
    title: 'Jamie Guest appreciated ava.martinez',
    sayThanks,
    getThanksUserId: PROFILE,
    ...cardTipFields(1500, await captchaToken(api)),
  });
  const answer = await api.request('payment/payment-intent-for-both', {
    method: 'POST',
    body: multipartForm(fields),
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { paymentIntent: string } }).data.paymentIntent;
}

export { confirmWithCard, intentIdOf };

/** The intent as the browser reads it back (Stripe.js's retrievePaymentIntent). */
export async function browserIntent(
  api: OpenMockApi,
  clientSecret: string,
): Promise<Record<string, unknown>> {
  const query = new URLSearchParams({ key: EMULATOR_PUBLISHABLE_KEY, client_secret: clientSecret });
  const answer = await fetch(
    `${api.origin}/v1/payment_intents/${intentIdOf(clientSecret)}?${query.toString()}`,
  );
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

/** The profile's feed texts, as a profile lookup answers them. */
export async function feedTexts(api: OpenMockApi): Promise<string[]> {
  return (await profileOf(api, PROFILE)).userFeed.map((item) => item.sayThanks);
}

/** Waits (up to 10 s) for `check` to hold, polling without a lookup. */
export async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A webhook delivery as its tester's /api/__webhooks lists it. */
export interface DeliveryRow {
  id: string;
  type: string;
  intentId: string | null;
  status: string;
  fault: string | null;
  attempts: { at: string; status: number | null }[];
}

/** This intent's webhook deliveries, as its tester sees them. */
export async function deliveriesOf(
  api: Pick<OpenMockApi, 'request'>,
  intentId: string,
): Promise<DeliveryRow[]> {
  const answer = await api.request('__webhooks');
  expect(answer.status).toBe(200);
  const rows = ((await answer.json()) as Envelope<DeliveryRow[]>).data.data;
  return rows.filter((d) => d.intentId === intentId);
}

/** Waits (up to `timeoutMs`) until this intent's `type` delivery is `done`. */
export async function deliveryWhen(
  api: Pick<OpenMockApi, 'request'>,
  intentId: string,
  type: string,
  done: (row: DeliveryRow) => boolean,
  timeoutMs: number,
): Promise<DeliveryRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = (await deliveriesOf(api, intentId)).find((d) => d.type === type);
    if (row && done(row)) return row;
    if (Date.now() > deadline) throw new Error(`${type} for ${intentId} never delivered`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type AppCall =
  | 'gratitude/create-gratitude'
  | 'gratitude/image-gratitude'
  | 'payment/payment-intent-for-both'
  | 'payment/create-payment-intent'
  | 'payment/create-donation-intent';

const JPEG = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-feed-01.jpg'));

/** `call` as the app makes it from `guestId` under `key`, its review saying `text`; a payment call
 * pays `amount` cents (default 1500) with `token` (default: a fresh captcha token). */
export async function sendAsApp(
  api: Pick<OpenMockApi, 'origin' | 'request'>,
  guestId: string,
  call: AppCall,
  sent: { key: string; text: string; token?: string; amount?: number; tester?: string },
): Promise<Response> {
  const { key, text, amount = 1500 } = sent;
  const headers: Record<string, string> = { 'Idempotency-Key': key };
  if (sent.tester) headers[TESTER_HEADER] = sent.tester;
  const review = guestReviewFields(guestId, { sayThanks: text });
  const token = call.startsWith('payment/') ? (sent.token ?? (await captchaToken(api))) : '';
  let body: FormData | string;
  if (call === 'gratitude/create-gratitude') body = multipartForm(review);
  else if (call === 'gratitude/image-gratitude') body = multipartForm(review, [JPEG]);
  else if (call === 'payment/payment-intent-for-both') {
    body = multipartForm({ ...review, ...cardTipFields(amount, token), gratitudeType: 'BOTH' });
  } else {
    const json =
      call === 'payment/create-payment-intent'
        ? cardTipBody(amount, token)
        : donationBody(guestId, amount, token);
    body = JSON.stringify(json);
    headers['Content-Type'] = 'application/json';
  }
  return api.request(call, { method: 'POST', body, headers });
}
