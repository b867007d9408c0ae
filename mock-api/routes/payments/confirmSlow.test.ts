// The confirm-slow scenario: Stripe confirms a tester's payments at once and answers `delayMs`
// later (a 3-D Secure /authenticate too); the payment's tester is what counts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { DATA_FILE_NAME, EMULATORS_KEY } from '../../db/store';
import { EMULATOR_PUBLISHABLE_KEY } from '../../emulators/stripe';
import { TESTER_HEADER } from '../../sharedDemo/testers';
import {
  type RunningMockApi,
  confirmWithCard,
  intentIdOf,
  jsonPost,
  paymentRows,
  startMockApi,
} from '../../testing';
import { deliveriesOf } from './testing';
import { captchaToken, cardTipBody } from '../../testingSends';

const DELAY_MS = 1500;

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

afterEach(() => api.request('__scenarios', jsonPost({ name: null })));

/** A $15 tip intent made by `tester` (this file's unless named); its client secret. */
async function tipIntent(tester = api.tester): Promise<string> {
  const answer = await api.request('payment/create-payment-intent', {
    method: 'POST',
    body: JSON.stringify(cardTipBody(1500, await captchaToken(api))),
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
      [TESTER_HEADER]: tester,
    },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { paymentIntent: string } }).data.paymentIntent;
}

/** A promise that says whether it has settled yet, and when it did (ms since `started`). */
function watched<T>(promise: Promise<T>) {
  const started = Date.now();
  const state = { settled: false, tookMs: -1, promise };
  void promise.finally(() => {
    state.settled = true;
    state.tookMs = Date.now() - started;
  });
  return state;
}

/** What the server has done with the intent so far, without asking Stripe to confirm anything. */
async function seenSucceeded(clientSecret: string): Promise<boolean> {
  const id = intentIdOf(clientSecret);
  const saved = JSON.parse(await readFile(path.join(api.dataDir, DATA_FILE_NAME), 'utf8')) as {
    [EMULATORS_KEY]: { stripe: { paymentIntents: Record<string, { status: string }> } };
  };
  const rows = await paymentRows(api);
  const webhooks = await deliveriesOf(api, id);
  return (
    saved[EMULATORS_KEY].stripe.paymentIntents[id]?.status === 'succeeded' &&
    rows.some((row) => row.intentId === id && row.status === 'succeeded') &&
    webhooks.some((d) => d.type === 'payment_intent.succeeded' && d.status === 'delivered')
  );
}

it('confirms at once, stores it and sends its webhook, and answers delayMs later', async () => {
  const secret = await tipIntent();
  await api.request('__scenarios', jsonPost({ name: 'confirm-slow', delayMs: DELAY_MS }));
  const confirm = watched(confirmWithCard(api, secret));

  await waitUntil(() => seenSucceeded(secret));
  expect(confirm.settled).toBe(false);
  expect(await confirm.promise).toMatchObject({ status: 200, body: { status: 'succeeded' } });
  expect(confirm.tookMs).toBeGreaterThanOrEqual(DELAY_MS - 5);
});

it('keeps the answer of a 3-D Secure challenge (/authenticate) waiting too', async () => {
  const secret = await tipIntent();
  await api.request('__scenarios', jsonPost({ name: 'confirm-slow', delayMs: DELAY_MS }));
  const confirmed = watched(confirmWithCard(api, secret, '4000002500003155'));
  expect(await confirmed.promise).toMatchObject({ body: { status: 'requires_action' } });
  expect(confirmed.tookMs).toBeGreaterThanOrEqual(DELAY_MS - 5);

  const authenticate = watched(
    fetch(`${api.origin}/v1/payment_intents/${intentIdOf(secret)}/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: EMULATOR_PUBLISHABLE_KEY,
        client_secret: secret,
        outcome: 'complete',
      }).toString(),
    }),
  );
  await waitUntil(() => seenSucceeded(secret));
  expect(authenticate.settled).toBe(false);
  const answer = await authenticate.promise;
  expect(await answer.json()).toMatchObject({ status: 'succeeded' });
  expect(authenticate.tookMs).toBeGreaterThanOrEqual(DELAY_MS - 5);
});

it("leaves others' payments alone: another tester's is answered at once", async () => {
  // A delay no machine's slowness comes near, so "not delayed" cannot depend on speed.
  const longDelayMs = 60_000;
  await api.request('__scenarios', jsonPost({ name: 'confirm-slow', delayMs: longDelayMs }));
  const someoneElses = await tipIntent('someone-else');
  const confirm = watched(confirmWithCard(api, someoneElses));
  expect(await confirm.promise).toMatchObject({ body: { status: 'succeeded' } });
  expect(confirm.tookMs).toBeLessThan(longDelayMs / 2);
});

/** Polls an async check (up to 10 s). */
async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the confirmation was never stored and told');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
