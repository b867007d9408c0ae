/** @jest-environment jest-fixed-jsdom */
// The Stripe.js emulator's served script in jsdom against the real mock API: Elements, the Payment
// and Express Checkout Elements, confirmPayment. e2e/stripe-emulator.spec.ts drives it in Chromium.
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import '@testing-library/jest-dom';
import { browseAsTester, jsonPost, startMockApi, type RunningMockApi } from '../testing';
import { runEmulatorScript } from '../../src/testing/emulatedPage';

type Handler = (event: Record<string, unknown>) => void;
interface ElementLike {
  mount(target: string | HTMLElement): void;
  on(event: string, handler: Handler): ElementLike;
  destroy(): void;
}
interface ElementsLike {
  create(type: string, options?: unknown): ElementLike;
  update(options: unknown): Promise<void>;
  submit(): Promise<{ error?: { code: string; message: string }; selectedPaymentMethod?: string }>;
}
interface Result {
  paymentIntent?: { id: string; status: string; amount: number };
  error?: { type: string; code?: string; message: string };
}
interface StripeLike {
  elements(options?: unknown): ElementsLike;
  confirmPayment(options: unknown): Promise<Result>;
  retrievePaymentIntent(clientSecret: string): Promise<Result>;
}
type StripeFactory = (key: string) => StripeLike;

let api: RunningMockApi;
let Stripe: StripeFactory;

let stopBrowsing: () => void;

beforeAll(async () => {
  // The page's origin: where the bank's page may send the browser back to (its return_url).
  api = await startMockApi({ allowedOrigins: ['https://grati.example'] });
  // The script's calls carry this file's tester, as a tester's browser carries its cookie.
  stopBrowsing = browseAsTester(api);
  await runEmulatorScript(api, '/__stripe/stripe.js');
  Stripe = (window as unknown as { Stripe: StripeFactory }).Stripe;
});

afterEach(async () => {
  document.body.innerHTML = '';
  jest.useRealTimers();
  await api.request('__scenarios', jsonPost({ name: null }));
});

afterAll(() => {
  stopBrowsing();
  return api.close();
});

async function clientSecret(amount = 2000): Promise<string> {
  const response = await fetch(`${api.origin}/v1/payment_intents`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${api.emulatorSecretKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: `amount=${amount}&currency=usd&payment_method_types[]=card`,
  });
  return ((await response.json()) as { client_secret: string }).client_secret;
}

function host(): HTMLElement {
  const node = document.createElement('div');
  document.body.appendChild(node);
  return node;
}

const GROUP = { mode: 'payment', amount: 2000, currency: 'usd', paymentMethodTypes: ['card'] };

function type(label: string, value: string): void {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** A Payment Element of the app's deferred-intent group, mounted and filled with `card`. */
function filledPaymentElement(card = '4242424242424242') {
  const stripe = Stripe('pk_test_emulator');
  const elements = stripe.elements(GROUP);
  elements.create('payment').mount(host());
  type('Card number', card);
  type('Expiration date', '1234');
  type('Security code', '123');
  type('ZIP code', '94107');
  return { stripe, elements };
}

describe('the Payment Element', () => {
  it('has Stripe’s labels, formats the card and submits only a complete one', async () => {
    const elements = Stripe('pk_test_emulator').elements(GROUP);
    const payment = elements.create('payment');
    const changes: Record<string, unknown>[] = [];
    payment.on('change', (event) => changes.push(event));
    const ready = new Promise((resolve) => payment.on('ready', resolve));
    payment.mount(host());
    expect(await ready).toEqual({ elementType: 'payment' });
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('ZIP code')).toBeVisible();

    type('Card number', '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(await elements.submit()).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_expiry',
        message: "Your card's expiration date is incomplete.",
      },
    });
    expect(screen.getByLabelText('Expiration date')).toHaveAccessibleDescription(
      "Your card's expiration date is incomplete.",
    );
    type('Expiration date', '1234');
    expect(screen.getByLabelText('Expiration date')).toHaveValue('12 / 34');
    type('Security code', '123');
    type('ZIP code', '94107');
    expect(await elements.submit()).toEqual({ selectedPaymentMethod: 'card' });
    expect(changes.at(-1)).toEqual({
      elementType: 'payment',
      empty: false,
      complete: true,
      collapsed: false,
      value: { type: 'card' },
    });

    // No postal code outside the countries that have one.
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'FR' } });
    expect(screen.queryByLabelText('ZIP code')).not.toBeVisible();
  });

  it('pays with confirmPayment after submit, and needs a new submit for each confirmation', async () => {
    const { stripe, elements } = filledPaymentElement();
    await elements.submit();
    const secret = await clientSecret();
    const confirm = () =>
      stripe.confirmPayment({
        elements,
        clientSecret: secret,
        confirmParams: { return_url: 'https://example.com/done' },
        redirect: 'if_required',
      });
    const result = await confirm();
    expect(result.paymentIntent).toMatchObject({ status: 'succeeded', amount: 2000 });
    await expect(confirm()).rejects.toThrow(/^elements\.submit\(\) must be called before/);
  });
});

describe('the Express Checkout Element', () => {
  // Real phones' user agents (Playwright's iPhone 15 and Pixel 7): each has its own wallet.
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  const PIXEL =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Mobile Safari/537.36';
  /** The page's browser from now on: jsdom's own user agent names no platform with a wallet. */
  let userAgent: jest.SpyInstance<string, []>;
  const browseWith = (platform: string) => userAgent.mockReturnValue(platform);

  beforeEach(() => {
    userAgent = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(PIXEL);
  });
  afterEach(() => userAgent.mockRestore());

  async function mountExpress(options: unknown = {}) {
    const stripe = Stripe('pk_test_emulator');
    const elements = stripe.elements(GROUP);
    const express = elements.create('expressCheckout', options);
    const ready = new Promise<Record<string, unknown>>((resolve) => express.on('ready', resolve));
    express.mount(host());
    return { stripe, elements, express, ready: await ready };
  }

  it('offers the wallet of the browser’s platform, worded by buttonType, unless the scenario says none', async () => {
    const android = await mountExpress({ buttonType: { applePay: 'tip', googlePay: 'pay' } });
    expect(android.ready).toEqual({
      elementType: 'expressCheckout',
      availablePaymentMethods: {
        applePay: false,
        googlePay: true,
        link: false,
        amazonPay: false,
        paypal: false,
        klarna: false,
      },
    });
    expect(screen.getByRole('button', { name: 'Google Pay' })).toHaveTextContent(
      'Pay with Google Pay',
    );
    expect(screen.queryByRole('button', { name: 'Apple Pay' })).toBeNull();
    android.express.destroy();

    browseWith(IPHONE);
    const iphone = await mountExpress({ buttonType: { applePay: 'tip', googlePay: 'pay' } });
    expect(iphone.ready.availablePaymentMethods).toMatchObject({
      applePay: true,
      googlePay: false,
    });
    expect(screen.getByRole('button', { name: 'Apple Pay' })).toHaveTextContent(
      'Tip with Apple Pay',
    );
    expect(screen.queryByRole('button', { name: 'Google Pay' })).toBeNull();
    iphone.express.destroy();

    await api.request('__scenarios', jsonPost({ name: 'wallet-unsupported' }));
    const none = await mountExpress();
    expect(none.ready).toEqual({
      elementType: 'expressCheckout',
      availablePaymentMethods: undefined,
    });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('click → resolve opens the sheet with the updated total; Pay → confirm → confirmPayment', async () => {
    const { stripe, elements, express } = await mountExpress();
    const events: string[] = [];
    express.on('click', (event) => {
      events.push(`click ${String(event.expressPaymentType)}`);
      void elements.update({ amount: 2090 });
      (event.resolve as () => void)();
    });
    const confirmed = new Promise<Result>((resolve) => {
      express.on('confirm', (event) => {
        events.push(`confirm ${String(event.expressPaymentType)}`);
        expect(event.billingDetails).toMatchObject({ name: 'Jenny Rosen' });
        void (async () => {
          expect(await elements.submit()).toEqual({ selectedPaymentMethod: 'google_pay' });
          resolve(
            await stripe.confirmPayment({
              elements,
              clientSecret: await clientSecret(2090),
              confirmParams: { return_url: 'https://example.com/done' },
              redirect: 'if_required',
            }),
          );
        })();
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Google Pay' }));
    const sheet = screen.getByRole('dialog', { name: 'Google Pay' });
    expect(sheet).toHaveTextContent('$20.90');
    expect(within(sheet).getByRole('button', { name: 'Pay' })).toHaveFocus();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pay' }));
    expect((await confirmed).paymentIntent).toMatchObject({ status: 'succeeded', amount: 2090 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(events).toEqual(['click google_pay', 'confirm google_pay']);
  });

  it('paymentFailed shows the failure, then the sheet closes; Escape cancels', async () => {
    browseWith(IPHONE);
    const { express } = await mountExpress();
    const cancels: unknown[] = [];
    express.on('cancel', (event) => cancels.push(event));
    express.on('confirm', (event) => (event.paymentFailed as () => void)());
    fireEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    let sheet = screen.getByRole('dialog', { name: 'Apple Pay' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pay' }));
    expect(within(sheet).getByRole('status')).toHaveTextContent('Payment failed.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(cancels).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    sheet = screen.getByRole('dialog', { name: 'Apple Pay' });
    fireEvent.keyDown(within(sheet).getByRole('button', { name: 'Pay' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancels).toEqual([{ elementType: 'expressCheckout', expressPaymentType: 'apple_pay' }]);
  });

  it('a resolve() later than 1 second warns, opens nothing and throws Stripe’s IntegrationError', async () => {
    browseWith(IPHONE);
    const { express } = await mountExpress();
    let late: (() => void) | undefined;
    express.on('click', (event) => {
      late = event.resolve as () => void;
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    jest.advanceTimersByTime(999);
    expect(warn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    const message =
      'Timed out waiting for a call to resolve(). If you listen to the "click" event, then you ' +
      'must call event.resolve in the "click" handler within 1 second.';
    expect(warn).toHaveBeenCalledWith(`[Stripe.js] ${message}`);
    expect(() => late?.()).toThrow(message);
    expect(() => late?.()).toThrow(expect.objectContaining({ name: 'IntegrationError' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    warn.mockRestore();
  });
});

it('has the legacy methods react-stripe-js looks for only as stubs that throw', () => {
  const stripe = Stripe('pk_test_emulator') as unknown as Record<string, () => unknown>;
  expect('paymentRequest' in stripe).toBe(false);
  for (const name of ['createToken', 'createPaymentMethod', 'confirmCardPayment']) {
    expect(() => stripe[name]?.()).toThrow(
      `The Stripe.js emulator does not emulate stripe.${name}(): use elements.submit() and stripe.confirmPayment() with the Payment Element.`,
    );
  }
});

describe('IntegrationErrors, in Stripe’s words', () => {
  interface Misuse {
    stripe: StripeLike;
    elements: ElementsLike;
  }
  /** confirmPayment as the app calls it, with `options` changed. */
  const pay = (stripe: StripeLike, options: Record<string, unknown>) =>
    stripe.confirmPayment({
      confirmParams: { return_url: 'https://grati.example/done' },
      redirect: 'if_required',
      ...options,
    });
  const SECRET = 'pi_123_secret_456';
  // Before elements.submit(): the Payment Element's test above. A bad amount, and a Payment
  // Element without mode: integrationErrors.test.ts. The app makes no legacy card Element.
  const cases: [string, (m: Misuse) => unknown, string][] = [
    [
      'confirmPayment without elements',
      ({ stripe }) => pay(stripe, { clientSecret: SECRET }),
      'Missing value for stripe.confirmPayment(): elements should be an Elements group.',
    ],
    [
      'confirmPayment without clientSecret (a deferred-intent group has none)',
      ({ stripe, elements }) => elements.submit().then(() => pay(stripe, { elements })),
      'You must pass in a clientSecret when calling stripe.confirmPayment().',
    ],
    [
      'confirmPayment without return_url when it may redirect',
      ({ stripe, elements }) =>
        elements.submit().then(() => stripe.confirmPayment({ elements, clientSecret: SECRET })),
      "stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
    ],
    [
      'confirmPayment with a group that has no mounted Payment or Express Checkout Element',
      ({ stripe }) =>
        pay(stripe, {
          elements: stripe.elements({ mode: 'payment', amount: 2000, currency: 'usd' }),
          clientSecret: SECRET,
        }),
      'Invalid value for stripe.confirmPayment(): elements should have a mounted Payment Element or Express Checkout Element.',
    ],
  ];

  it.each(cases)('%s', async (_title, misuse, message) => {
    // As a page would have it: a filled Payment Element in the app's deferred-intent group.
    const { stripe, elements } = filledPaymentElement();
    let thrown: unknown = 'nothing was thrown';
    try {
      await misuse({ stripe, elements });
    } catch (error) {
      thrown = { name: (error as Error).name, message: (error as Error).message };
    }
    expect(thrown).toEqual({ name: 'IntegrationError', message });
  });
});
