import { beforeEach, describe, expect, it, jest } from '@jest/globals';

// The adapter's failure texts are the spec's (section 8); Stripe.js itself is mocked here.
const loadStripe = jest.fn<(key: string) => Promise<unknown>>();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
jest.mock('../../../config/env', () => ({
  getAppConfig: () => ({ stripePublishableKey: 'pk_test_emulator' }),
}));

type Adapter = typeof import('./stripe');

/** A fresh adapter (its memo forgotten) for each test. */
function freshAdapter(): Adapter {
  let adapter: Adapter | undefined;
  jest.isolateModules(() => {
    adapter = jest.requireActual<Adapter>('./stripe');
  });
  return adapter as Adapter;
}

beforeEach(() => {
  loadStripe.mockReset();
});

describe('getStripe', () => {
  it('says "Stripe.js not available" when loadStripe resolves null', async () => {
    loadStripe.mockResolvedValue(null);
    await expect(freshAdapter().getStripe()).rejects.toThrow(/^Stripe\.js not available$/);
  });

  it('says "Failed to load Stripe.js" when the script cannot load', async () => {
    loadStripe.mockRejectedValue(new Error('network down'));
    await expect(freshAdapter().getStripe()).rejects.toThrow(/^Failed to load Stripe\.js$/);
  });

  it('loads once with the configured key, and tries again after a failure', async () => {
    const stripe = { confirmCardPayment: jest.fn() };
    loadStripe.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(stripe);
    const { getStripe } = freshAdapter();
    await expect(getStripe()).rejects.toThrow('Failed to load Stripe.js');
    await expect(getStripe()).resolves.toBe(stripe);
    await expect(getStripe()).resolves.toBe(stripe);
    expect(loadStripe).toHaveBeenCalledTimes(2);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_emulator');
  });
});

describe('confirmCard', () => {
  it('gives Stripe’s own message for a failed confirmation and the status otherwise', async () => {
    const confirmCardPayment = jest.fn<(...args: unknown[]) => Promise<unknown>>();
    loadStripe.mockResolvedValue({ confirmCardPayment });
    const { confirmCard } = freshAdapter();
    const card = {} as Parameters<Adapter['confirmCard']>[1];

    confirmCardPayment.mockResolvedValueOnce({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    await expect(confirmCard('pi_1_secret_2', card, 'http://x/user_profile/a')).resolves.toEqual({
      outcome: 'failed',
      message: 'Your card has insufficient funds.',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', {
      payment_method: { card },
      return_url: 'http://x/user_profile/a',
    });

    confirmCardPayment.mockResolvedValueOnce({
      paymentIntent: { id: 'pi_1', status: 'processing' },
    });
    await expect(confirmCard('pi_1_secret_2', card, '/')).resolves.toEqual({
      outcome: 'incomplete',
      paymentIntentId: 'pi_1',
      status: 'processing',
    });

    confirmCardPayment.mockResolvedValueOnce({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    await expect(confirmCard('pi_1_secret_2', card, '/')).resolves.toEqual({
      outcome: 'succeeded',
      paymentIntentId: 'pi_1',
    });
  });
});
