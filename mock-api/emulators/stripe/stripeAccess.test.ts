// The Stripe emulator's doors: API keys (the secret one from a browser too), idempotency keys,
// what a publishable key may retrieve, and Stripe's 404 for an unknown URL.
import type Stripe from 'stripe';
import { startMockApi, type RunningMockApi } from '../../testing';
import { createStripeClient } from '../../stripeClient';
import { readEmulatorSecretKey } from '../../sharedDemo/keyFiles';
import { EMULATOR_PUBLISHABLE_KEY } from './index';
import { emulatorCalls } from './testing';

let api: RunningMockApi;
let stripe: Stripe;

beforeAll(async () => {
  api = await startMockApi();
  stripe = createStripeClient({}, { origin: api.origin, secretKey: api.emulatorSecretKey });
});

afterAll(() => api.close());

const { browserGet, createIntent, statusOf } = emulatorCalls(() => ({ api, stripe }));

describe('the secret key, from a browser', () => {
  const secretCall = (init: RequestInit, query = '') =>
    fetch(`${api.origin}/v1/payment_intents${query}`, init);

  it('is refused when a page sends it, with an Origin or as a same-origin fetch', async () => {
    const intent = await createIntent();
    const browsers: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'same-origin' },
    ];
    for (const headers of browsers) {
      const listed = await secretCall(
        { headers },
        `?${new URLSearchParams({ key: api.emulatorSecretKey }).toString()}`,
      );
      expect(listed.status).toBe(403);
      expect((await listed.json()).error.code).toBe('secret_key_in_browser');
      const cancel = await fetch(`${api.origin}/v1/payment_intents/${intent.id}/cancel`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: api.emulatorSecretKey }).toString(),
      });
      expect(cancel.status).toBe(403);
    }
    // Nothing changed: the server's SDK still sees the intent waiting for its payment method.
    expect(await statusOf(intent.id)).toBe('requires_payment_method');
  });

  it('cannot be sent in an Authorization header across origins (the preflight refuses it)', async () => {
    const preflight = await fetch(`${api.origin}/v1/payment_intents`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Content-Type');
  });
});

it('replays the same intent for an idempotency key and its parameters, and refuses other parameters', async () => {
  const idempotencyKey = `tip-${Date.now()}`;
  const first = await createIntent();
  const create = (amount: number) =>
    stripe.paymentIntents.create(
      { amount, currency: 'usd', metadata: { n: '1' } },
      { idempotencyKey },
    );
  const a = await create(1500);
  expect((await create(1500)).id).toBe(a.id);
  expect(a.id).not.toBe(first.id);
  await expect(create(2000)).rejects.toMatchObject({
    type: 'StripeIdempotencyError',
    statusCode: 400,
    message: expect.stringContaining(
      'Keys for idempotent requests can only be used with the same parameters',
    ),
  });
});

describe('retrieving with the publishable key', () => {
  it('works with the client secret and hides the metadata', async () => {
    const intent = await createIntent({ email: 'ava@example.com' });
    const answer = await browserGet(`/payment_intents/${intent.id}`, {
      client_secret: intent.client_secret ?? '',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: intent.id, amount: 1500, metadata: {} });
  });

  it('is refused without the client secret or with another one', async () => {
    const intent = await createIntent();
    const missing = await browserGet(`/payment_intents/${intent.id}`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.param).toBe('client_secret');
    const wrong = await browserGet(`/payment_intents/${intent.id}`, {
      client_secret: `${intent.id}_secret_wrong`,
    });
    expect(wrong.status).toBe(400);
  });

  it('answers 404 for an unknown intent', async () => {
    await expect(stripe.paymentIntents.retrieve('pi_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

describe('API keys', () => {
  it('401 without a key, with a wrong key and with a publishable key where a secret one is needed', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${api.origin}/v1/payment_intents`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: 'amount=1500&currency=usd',
      });
    const none = await post({});
    expect(none.status).toBe(401);
    expect((await none.json()).error.message).toMatch(/^You did not provide an API key/);
    const wrong = await post({ Authorization: 'Bearer sk_test_not_the_emulator_key' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error.message).toBe(
      'Invalid API Key provided: sk_test_****************_key',
    );
    const publishable = await post({ Authorization: `Bearer ${EMULATOR_PUBLISHABLE_KEY}` });
    expect(publishable.status).toBe(401);
    const ok = await post({ Authorization: `Bearer ${api.emulatorSecretKey}` });
    expect(ok.status).toBe(200);
  });

  it('refuses the once documented sk_test_emulator as Stripe refuses an unknown key, changing nothing', async () => {
    const intent = await createIntent();
    const documented = { Authorization: 'Bearer sk_test_emulator' };
    const listed = await fetch(`${api.origin}/v1/payment_intents`, { headers: documented });
    expect(listed.status).toBe(401);
    const body = await listed.json();
    expect(body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: 'Invalid API Key provided: sk_test_****ator',
    });
    expect(JSON.stringify(body)).not.toContain(intent.id);
    const cancel = await fetch(`${api.origin}/v1/payment_intents/${intent.id}/cancel`, {
      method: 'POST',
      headers: { ...documented, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(cancel.status).toBe(401);
    expect(await statusOf(intent.id)).toBe('requires_payment_method');
  });

  it("is this data folder's own key, kept there for the next start", () => {
    expect(api.emulatorSecretKey).toMatch(/^sk_test_emu_[0-9a-f]{48}$/);
    expect(readEmulatorSecretKey(api.dataDir)).toBe(api.emulatorSecretKey);
  });
});

it('answers an unknown /v1 path with Stripe 404 body', async () => {
  const response = await fetch(`${api.origin}/v1/charges`, {
    headers: { Authorization: `Bearer ${api.emulatorSecretKey}` },
  });
  expect(response.status).toBe(404);
  expect((await response.json()).error).toMatchObject({ type: 'invalid_request_error' });
});
