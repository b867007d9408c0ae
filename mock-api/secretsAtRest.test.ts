// db.json holds neither the Stripe emulator's secret key nor card numbers; a file an older version
// wrote with them is rewritten at the start, its answers still replayed.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stableStringify } from '../src/api/contract/canonicalJson';
import { createStripeClient } from './stripeClient';
import { EMULATORS_KEY } from './db/store';
import { readEmulatorSecretKey } from './sharedDemo/keyFiles';
import { type OpenMockApi, openMockApi } from './routes/payments/testing';

let dataDir: string;
let api: OpenMockApi | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-at-rest-'));
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const dataFile = () => readFile(path.join(dataDir, 'db.json'), 'utf8');

const sdk = (origin: string) =>
  createStripeClient({}, { origin, secretKey: readEmulatorSecretKey(dataDir) });

const tipIntent = (origin: string, idempotencyKey: string) =>
  sdk(origin).paymentIntents.create(
    { amount: 1500, currency: 'usd', allowed_payment_method_types: ['card'] },
    { idempotencyKey },
  );

it('never writes the emulator secret key into db.json', async () => {
  api = await openMockApi(dataDir, 'jest-at-rest');
  const intent = await tipIntent(api.origin, 'tip-at-rest');
  const text = await dataFile();
  // The intent is saved (its answer is kept for a retry), the key that made it is not.
  expect(text).toContain(intent.id);
  expect(text).toContain('tip-at-rest');
  expect(text).not.toContain(readEmulatorSecretKey(dataDir));
});

it('rewrites the records an older version saved with the key, at the start', async () => {
  api = await openMockApi(dataDir, 'jest-at-rest');
  const intent = await tipIntent(api.origin, 'tip-before-upgrade');
  await api.close();
  api = undefined;
  // As an older version wrote it: the record named by the secret key itself.
  const secretKey = readEmulatorSecretKey(dataDir);
  const saved = JSON.parse(await dataFile()) as {
    [EMULATORS_KEY]: { stripe: { idempotency: Record<string, unknown> } };
  };
  const records = saved[EMULATORS_KEY].stripe.idempotency;
  for (const [storeKey, answer] of Object.entries(records)) {
    delete records[storeKey];
    records[`${secretKey}${storeKey.slice(storeKey.indexOf('\u0000'))}`] = answer;
  }
  await writeFile(path.join(dataDir, 'db.json'), JSON.stringify(saved));
  expect(await dataFile()).toContain(secretKey);

  api = await openMockApi(dataDir, 'jest-at-rest');
  expect(await dataFile()).not.toContain(secretKey);
  // The same retry gets the same intent, not a second one.
  expect((await tipIntent(api.origin, 'tip-before-upgrade')).id).toBe(intent.id);
  expect(await dataFile()).not.toContain(secretKey);
});

it('rewrites the card numbers an older version saved, at the start; its retries still replay', async () => {
  api = await openMockApi(dataDir, 'jest-at-rest');
  const card = { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' };
  const makeCard = (origin: string) =>
    sdk(origin).paymentMethods.create(
      { type: 'card', card },
      { idempotencyKey: 'card-before-upgrade' },
    );
  const made = await makeCard(api.origin);
  await api.close();
  api = undefined;
  expect(await dataFile()).not.toContain(card.number);

  // As an older version wrote it: the number beside each card (a real one it declined too), and
  // the parameters of a kept answer as they were sent.
  const saved = JSON.parse(await dataFile()) as {
    [EMULATORS_KEY]: {
      stripe: {
        paymentMethods: Record<string, Record<string, unknown>>;
        idempotency: Record<string, { scope: string; fingerprint: string }>;
      };
    };
  };
  const { paymentMethods, idempotency } = saved[EMULATORS_KEY].stripe;
  const method = paymentMethods[made.id]!.method as { card: Record<string, unknown> };
  paymentMethods[made.id] = { method, number: card.number };
  const real = { ...method, id: 'pm_real', card: { ...method.card, last4: '1486' } };
  paymentMethods.pm_real = { method: real, number: '4539578763621486' };
  const sent = { type: 'card', card: { ...card, exp_month: '12', exp_year: '2040' } };
  for (const answer of Object.values(idempotency)) {
    if (answer.scope === 'POST /v1/payment_methods') answer.fingerprint = stableStringify(sent);
  }
  await writeFile(path.join(dataDir, 'db.json'), JSON.stringify(saved));
  expect(await dataFile()).toContain('4539578763621486');

  api = await openMockApi(dataDir, 'jest-at-rest');
  const text = await dataFile();
  for (const gone of [card.number, '4539578763621486', 'pm_real', '"number"']) {
    expect(text).not.toContain(gone);
  }
  // The same retry gets the same PaymentMethod, not an idempotency_error.
  const again = await makeCard(api.origin);
  expect(again.id).toBe(made.id);
});
