// The Stripe settings the mock API refuses to start with, and the client it builds for its own
// emulator.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkStripeEnv, createStripeClient } from './stripeClient';
import { createMockApi } from './server';

describe('checkStripeEnv', () => {
  it('takes the emulator (no key) and a test key with its webhook secret', () => {
    expect(() => checkStripeEnv({})).not.toThrow();
    expect(() =>
      checkStripeEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).not.toThrow();
  });

  it('refuses a real key without STRIPE_WEBHOOK_SECRET, saying what to set', () => {
    for (const webhookSecret of [undefined, '', '  ']) {
      expect(() =>
        checkStripeEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: webhookSecret }),
      ).toThrow(/STRIPE_WEBHOOK_SECRET is not: set it to the whsec_\.\.\. signing secret/);
    }
  });

  it('refuses a live key', () => {
    expect(() =>
      checkStripeEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }),
    ).toThrow(/test-mode key/);
  });
});

it('a mock API with a real key and no webhook secret refuses to start', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-stripe-env-'));
  const saved = { ...process.env };
  process.env.STRIPE_SECRET_KEY = 'sk_test_real_key_here';
  delete process.env.STRIPE_WEBHOOK_SECRET;
  try {
    await expect(createMockApi({ dataDir })).rejects.toThrow(/STRIPE_WEBHOOK_SECRET/);
  } finally {
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('needs the emulator and its key when no real key is set', () => {
  expect(() => createStripeClient({})).toThrow(/emulator and its key/);
  expect(() =>
    createStripeClient({}, { origin: 'ftp://127.0.0.1:1', secretKey: 'sk_test_emu_x' }),
  ).toThrow(/http\(s\)/);
});
