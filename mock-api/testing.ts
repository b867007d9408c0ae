// Starts the real mock API in-process on a free port with a temporary data folder.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { platformFeeCents } from '../src/api/contract/fees';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { expect } from '@jest/globals';
import { createMockApi, inFrontOf, type MockApiOptions } from './server';
import { TESTER_HEADER } from './sharedDemo/testers';
import { OPERATOR_HEADER } from './sharedDemo/operator';
import { DATA_FILE_NAME, type Store, UPLOADS_DIR_NAME } from './db/store';
import { DEFAULT_GUEST_TOKEN } from './env';
import type { Guest } from '../src/api/contract/guest';
import type { Envelope, FindUserResult } from '../src/api/contract/types';
import type { PaymentRecord } from './db/types';
import { reviewFormFields, reviewTitle } from '../src/api/contract/reviewForm';
import { EMULATOR_PUBLISHABLE_KEY } from './emulators/stripe';

/** The demo on one origin, composed as `npm run preview` composes it. */
export { demoOnOneOrigin } from './server';

export interface RunningMockApi {
  origin: string;
  apiBaseUrl: string;
  guestToken: string;
  dataDir: string;
  store: Store;
  /** The server's Stripe emulator secret key (its data folder's). */
  emulatorSecretKey: string;
  /** Headers that make a `request` the operator's (everyone's rows with `?all=true`). */
  asOperator: Record<string, string>;
  /** This test file's tester name: `request` sends it (X-Grati-Tester), so its scenarios hold. */
  tester: string;
  /** fetch() against the API with the guest token and the tester (pass `headers` to replace them). */
  request(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** A guest made through createWebUser, as the details step makes one; its email is from the name. */
  createGuest(fullName: string, email?: string): Promise<Guest>;
  close(): Promise<void>;
}

export async function startMockApi(
  options: Pick<
    MockApiOptions,
    'allowedOrigins' | 'reconcileAfterMs' | 'logger' | 'logTo' | 'trustProxy'
  > = {},
): Promise<RunningMockApi> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-mock-api-'));
  const guestToken = DEFAULT_GUEST_TOKEN;
  const { app, store, stop, operatorSecret, emulatorSecretKey } = await createMockApi({
    ...options,
    dataDir,
    guestToken,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const apiBaseUrl = `${origin}/api`;
  const tester = `jest-${randomUUID()}`;
  const request: RunningMockApi['request'] = (pathAndQuery, init = {}) =>
    fetch(`${apiBaseUrl}/${pathAndQuery.replace(/^\//, '')}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${guestToken}`,
        [TESTER_HEADER]: tester,
        ...(init.headers as Record<string, string>),
      },
    });
  return {
    origin,
    apiBaseUrl,
    guestToken,
    dataDir,
    store,
    emulatorSecretKey,
    asOperator: { [OPERATOR_HEADER]: operatorSecret },
    tester,
    request,
    createGuest: async (fullName, email) => {
      const address = email ?? `${fullName.split(' ')[0]?.toLowerCase() ?? 'guest'}@example.com`;
      const answer = await request('user/v2/createWebUser', jsonPost({ fullName, email: address }));
      if (!answer.ok) throw new Error(`createWebUser answered ${answer.status}`);
      const { userId } = ((await answer.json()) as { data: { userId: string } }).data;
      return { userId, fullName, email: address };
    },
    close: async () => {
      await stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.flush();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The data file and the uploads as they are on disk: a refused call changes neither. */
export async function onDisk(api: RunningMockApi): Promise<{ data: string; uploads: string[] }> {
  await api.store.flush();
  return {
    data: await readFile(path.join(api.dataDir, DATA_FILE_NAME), 'utf8'),
    uploads: (await readdir(path.join(api.dataDir, UPLOADS_DIR_NAME))).sort(),
  };
}

type Requester = Pick<RunningMockApi, 'request'>;

/** A profile (Ava's unless `id` says otherwise) as a lookup answers it. */
export async function profileOf(api: Requester, id = 'ava-martinez'): Promise<FindUserResult> {
  const answer = await api.request('gratitude/findUser', jsonPost({ _id: id }));
  expect(answer.status).toBe(200);
  return ((await answer.json()) as Envelope<FindUserResult>).data.data;
}

/** The payments the caller's tester sees (GET /api/__payments). */
export async function paymentRows(
  api: Requester,
): Promise<(PaymentRecord & { published?: boolean })[]> {
  const answer = await api.request('__payments');
  if (answer.status !== 200) throw new Error(`__payments answered ${answer.status}`);
  return ((await answer.json()) as Envelope<(PaymentRecord & { published?: boolean })[]>).data.data;
}

/** The client secret a payment call answers (a 200 in the API's envelope). */
export async function clientSecretOf(answer: Response): Promise<string> {
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { status: number; data: { paymentIntent: string } };
  expect(body.status).toBe(200);
  expect(body.data.paymentIntent).toMatch(/^pi_.+_secret_.+$/);
  return body.data.paymentIntent;
}

/** The mock API (temporary data folder) not listening: `inFront` mounts it ahead of another app
 * on one port, as `npm run preview` does. `uploadsDir` is served at /media/uploads. */
export async function mockApiInFront(): Promise<{
  inFront: RequestHandler;
  uploadsDir: string;
  close(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-mock-api-'));
  const { app, store, stop } = await createMockApi({ dataDir, guestToken: DEFAULT_GUEST_TOKEN });
  return {
    inFront: inFrontOf(app),
    uploadsDir: store.uploadsDir,
    close: async () => {
      await stop();
      await store.flush();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tester's grati_tester cookie for jsdom (which keeps none): every fetch to this mock API names
 * `api.tester`, so scenarios set with `api.request` act on the app's calls too. Returns the undo. */
export function browseAsTester(api: RunningMockApi): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(`${api.origin}/`)) return original(input, init);
    const headers = new Headers(input instanceof Request ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
    headers.set(TESTER_HEADER, api.tester);
    return input instanceof Request
      ? original(new Request(input, { ...init, headers }))
      : original(input, { ...init, headers });
  };
  return () => {
    globalThis.fetch = original;
  };
}

export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** The review form's fields as Jamie Guest (`guestId`) sends them to Ava, with `overrides`. */
export function guestReviewFields(
  guestId: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    ...reviewFormFields({
      gratitudeType: 'REVIEW',
      icon: 'RECOGNITION',
      title: reviewTitle('Jamie Guest', 'RECOGNITION', 'ava.martinez'),
      sayThanks: 'Thank you for the great service!',
      guestName: 'Jamie Guest',
      email: 'jamie@example.com',
      profileId: 'ava-martinez',
      userId: guestId,
      isNonProfit: false,
    }),
    ...overrides,
  };
}

/** The id part of a PaymentIntent's client secret (`pi_..._secret_...`). */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/** Confirms an intent with a card as Stripe.js does: a form post, publishable key, client secret. */
export async function confirmWithCard(
  server: { origin: string },
  clientSecret: string,
  number = '4242424242424242',
): Promise<{ status: number; body: { status?: string; error?: { code?: string } } }> {
  const answer = await fetch(
    `${server.origin}/v1/payment_intents/${intentIdOf(clientSecret)}/confirm`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: EMULATOR_PUBLISHABLE_KEY,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': number,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 1),
        'payment_method_data[card][cvc]': '123',
      }).toString(),
    },
  );
  return { status: answer.status, body: (await answer.json()) as { status?: string } };
}

/** The card tip fields of a review + tip form (payment-intent-for-both): `amount` cents to Ava. */
export function cardTipFields(amount: number, captchaToken: string): Record<string, string> {
  const fee = platformFeeCents(amount, 'card');
  return {
    piDescription: 'cardToWallet',
    metadata: JSON.stringify({
      getThanksUserID: 'ava-martinez',
      title: 'Tip to Ava Martinez',
      guestName: 'Jamie Guest',
      userName: 'ava.martinez',
      email: 'jamie@example.com',
      amountAfterFee: amount + fee,
    }),
    platformFeeForWallet: String(fee),
    amount: String(amount),
    paymentMethodType: 'card',
    userName: 'ava.martinez',
    captchaToken,
  };
}
