import { beforeEach, describe, expect, it, jest } from '@jest/globals';

// The adapter's failure texts are the spec's (section 8); Stripe.js itself is mocked here.
const loadStripe = jest.fn<(key: string) => Promise<unknown>>();
jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
jest.mock('@/config/env', () => ({
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
  it.each([
    ['loadStripe resolves null', null, /^Stripe\.js not available$/],
    ['the script cannot load', new Error('network down'), /^Failed to load Stripe\.js$/],
  ])('says why when %s', async (_when, outcome, message) => {
    if (outcome instanceof Error) loadStripe.mockRejectedValue(outcome);
    else loadStripe.mockResolvedValue(outcome);
    await expect(freshAdapter().getStripe()).rejects.toThrow(message);
  });

  it('loads once with the configured key, and tries again after a failure', async () => {
    const stripe = { confirmPayment: jest.fn() };
    loadStripe.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(stripe);
    const { getStripe } = freshAdapter();
    await expect(getStripe()).rejects.toThrow('Failed to load Stripe.js');
    await expect(getStripe()).resolves.toBe(stripe);
    await expect(getStripe()).resolves.toBe(stripe);
    expect(loadStripe).toHaveBeenCalledTimes(2);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_emulator');
  });
});

describe('payWithElements', () => {
  const confirmPayment = jest.fn<(...args: unknown[]) => Promise<unknown>>();
  const submit = jest.fn<() => Promise<unknown>>();
  const elements = { submit } as unknown as Parameters<Adapter['payWithElements']>[0]['elements'];
  const returnUrl = 'http://x/user_profile/a';
  const pay = (getClientSecret = async () => 'pi_1_secret_2') =>
    freshAdapter().payWithElements({ elements, getClientSecret, returnUrl });

  beforeEach(() => {
    confirmPayment.mockReset();
    submit.mockReset();
    loadStripe.mockResolvedValue({ confirmPayment });
  });

  it('submits, then takes the intent, then confirms in place: Stripe’s deferred-intent order', async () => {
    const order: string[] = [];
    submit.mockImplementation(async () => {
      order.push('submit');
      return {};
    });
    confirmPayment.mockImplementation(async () => {
      order.push('confirm');
      return { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
    });
    const result = await pay(async () => {
      order.push('intent');
      return 'pi_1_secret_2';
    });
    expect(result).toEqual({ outcome: 'succeeded', paymentIntentId: 'pi_1' });
    expect(order).toEqual(['submit', 'intent', 'confirm']);
    expect(confirmPayment).toHaveBeenCalledWith({
      elements,
      clientSecret: 'pi_1_secret_2',
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    });
  });

  it('makes no intent when the form does not submit, and says why in Stripe’s words', async () => {
    submit.mockResolvedValue({
      error: { type: 'validation_error', message: 'Your card number is incomplete.' },
    });
    const getClientSecret = jest.fn(async () => 'pi_1_secret_2');
    await expect(pay(getClientSecret)).resolves.toEqual({
      outcome: 'failed',
      message: 'Your card number is incomplete.',
      code: undefined,
      declineCode: undefined,
    });
    expect(getClientSecret).not.toHaveBeenCalled();
    expect(confirmPayment).not.toHaveBeenCalled();
  });

  it('gives Stripe’s own message for a decline and the status for an unfinished intent', async () => {
    submit.mockResolvedValue({});
    confirmPayment.mockResolvedValueOnce({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    await expect(pay()).resolves.toEqual({
      outcome: 'failed',
      message: 'Your card has insufficient funds.',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'processing' } });
    await expect(pay()).resolves.toEqual({
      outcome: 'incomplete',
      paymentIntentId: 'pi_1',
      status: 'processing',
    });
  });
});

describe('retrievePayment', () => {
  it('reads the intent’s status from Stripe, not from the address', async () => {
    const retrievePaymentIntent = jest.fn(async () => ({
      paymentIntent: { id: 'pi_9', status: 'requires_payment_method' },
    }));
    loadStripe.mockResolvedValue({ retrievePaymentIntent });
    await expect(freshAdapter().retrievePayment('pi_9_secret_x')).resolves.toEqual({
      outcome: 'incomplete',
      paymentIntentId: 'pi_9',
      status: 'requires_payment_method',
    });
    expect(retrievePaymentIntent).toHaveBeenCalledWith('pi_9_secret_x');
  });
});
