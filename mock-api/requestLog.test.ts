// What the demo's console shows of its requests: each call's method, address, status and time,
// never a payment's client secret (the Stripe.js emulator's retrieve carries it in the query).
import type Stripe from 'stripe';
import { startMockApi, type RunningMockApi } from './testing';
import { createStripeClient } from './stripeClient';
import { emulatorCalls } from './emulators/stripe/testing';
import { REDACTED } from '../src/api/contract/redact';

let api: RunningMockApi;
let stripe: Stripe;
let logged: string[] = [];

beforeAll(async () => {
  api = await startMockApi({ logger: true, logTo: (line) => void logged.push(line) });
  stripe = createStripeClient({}, { origin: api.origin, secretKey: api.emulatorSecretKey });
});

afterAll(() => api.close());

beforeEach(() => {
  logged = [];
});

const { browserGet, payWithCard } = emulatorCalls(() => ({ api, stripe }));

/** The log line of the request whose address starts with `path` (the log is written on answer). */
async function lineFor(path: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const line = logged.find((l) => l.includes(` ${path}`));
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no log line for ${path} in:\n${logged.join('')}`);
}

// Issue 34's "Must show 3" (formerly e2e/secrets.spec.ts).
it('logs a whole card payment, its retrieve and the return by Stripe (the rest of its query as asked), without any client secret', async () => {
  const { intent, confirmation, after } = await payWithCard('4242424242424242');
  expect(confirmation.status).toBe(200);
  expect(after.status).toBe('succeeded');
  const clientSecret = intent.client_secret!;
  expect(clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
  const retrieved = await browserGet(`/payment_intents/${intent.id}`, {
    client_secret: clientSecret,
  });
  expect(retrieved.status).toBe(200);
  await api.request(
    `__nothing?payment_intent=${intent.id}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
  );

  expect(await lineFor(`/v1/payment_intents/${intent.id}/confirm`)).toMatch(
    new RegExp(`^POST /v1/payment_intents/${intent.id}/confirm 200 `),
  );
  expect(await lineFor(`/v1/payment_intents/${intent.id}?`)).toMatch(
    new RegExp(
      // The key too (a `key` may be the secret key: redact.ts names it a secret).
      `^GET /v1/payment_intents/${intent.id}\\?key=\\[REDACTED\\]&client_secret=\\[REDACTED\\] 200 [\\d.]+ ms`,
    ),
  );
  expect(await lineFor('/api/__nothing')).toContain(
    `GET /api/__nothing?payment_intent=${intent.id}&payment_intent_client_secret=${REDACTED}&redirect_status=succeeded 404`,
  );
  const printed = logged.join('');
  expect(printed).not.toContain(clientSecret);
  expect(printed).not.toContain('_secret_');
  expect(printed).not.toMatch(/pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/);
  const clientSecretValues = [...printed.matchAll(/client_secret=([^&\s"]*)/g)].map((m) => m[1]);
  expect(clientSecretValues.length).toBeGreaterThan(0);
  expect(clientSecretValues.filter((value) => value !== REDACTED)).toEqual([]);
});
