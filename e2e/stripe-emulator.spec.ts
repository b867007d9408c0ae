import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, pageClock } from './fixtures';
import { emulatorSecretAuth, setScenario } from './payment-helpers';

// The Stripe.js emulator in Chromium, driven directly as Stripe documents its current
// integration: a deferred-intent Elements group, the Payment Element, the Express Checkout
// Element and confirmPayment. These load Stripe.js's URL as loadStripe does and call
// `window.Stripe('pk_test_emulator')` from page.evaluate; the page shell of this emulator build
// sends that URL to the mock API. Stripe's real hosts are blocked so a leak fails the test.
const STRIPE_HOSTS = /^https:\/\/([a-z-]+\.)?stripe\.(com|network)\//;

async function blockStripe(page: Page): Promise<string[]> {
  const leaked: string[] = [];
  await page.route(STRIPE_HOSTS, async (route) => {
    leaked.push(route.request().url());
    await route.abort();
  });
  return leaked;
}

/** A PaymentIntent made with the secret key, as the mock API's payment routes make them. */
async function createIntent(request: APIRequestContext, amount = 2000): Promise<string> {
  const response = await request.post('/v1/payment_intents', {
    headers: emulatorSecretAuth(),
    form: { amount, currency: 'usd', 'payment_method_types[]': 'card' },
  });
  expect(response.status()).toBe(200);
  const intent = (await response.json()) as { client_secret: string };
  return intent.client_secret;
}

interface StripeErrorLike {
  type: string;
  code?: string;
  decline_code?: string;
  message: string;
  payment_intent?: { status: string };
}
interface ConfirmResult {
  paymentIntent?: { id: string; status: string; amount: number };
  error?: StripeErrorLike;
}
type Handler = (event: Record<string, unknown>) => void;
interface ElementLike {
  mount(target: string): void;
  on(event: string, handler: Handler): ElementLike;
  clear(): void;
}
interface ElementsLike {
  create(type: string, options?: unknown): ElementLike;
  update(options: unknown): Promise<void>;
  submit(): Promise<{ error?: StripeErrorLike; selectedPaymentMethod?: string }>;
}
interface StripeLike {
  elements(options?: unknown): ElementsLike;
  confirmPayment(options: unknown): Promise<ConfirmResult>;
}
/** What these tests keep on window between page.evaluate calls. */
type Win = {
  Stripe: ((key: string) => StripeLike) & { emulated?: boolean };
  stripe: StripeLike;
  elements: ElementsLike;
  element: ElementLike;
  events: Record<string, unknown>[];
  pending: Promise<ConfirmResult>;
};

/** What loadStripe does: a script tag for js.stripe.com's URL, then window.Stripe on load. */
async function loadStripeJs(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = 'https://js.stripe.com/endive/stripe.js';
        script.onload = () => resolve();
        script.onerror = () => reject(new Error(`could not load ${script.src}`));
        document.head.appendChild(script);
      }),
  );
}

test.beforeEach(async ({ page }) => {
  const leaked = await blockStripe(page);
  await page.goto('/');
  expect(await page.evaluate(() => 'Stripe' in window)).toBe(false);
  await loadStripeJs(page);
  expect(await page.evaluate(() => (window as unknown as Win).Stripe.emulated)).toBe(true);
  expect(leaked).toEqual([]);
});

/**
 * A $20 deferred-intent group (the app's options) and one Element of `type` mounted in a div at
 * the top of <main>; its events land in window.events as `{ event, ...payload }`.
 */
async function mountElement(page: Page, type: string, options: unknown = {}): Promise<void> {
  await page.evaluate(
    ({ type, options }) => {
      const w = window as unknown as Win;
      const host = document.createElement('div');
      host.id = 'element-host';
      host.style.maxWidth = '480px';
      document.querySelector('main')?.prepend(host);
      w.stripe = w.Stripe('pk_test_emulator');
      w.elements = w.stripe.elements({
        mode: 'payment',
        amount: 2000,
        currency: 'usd',
        paymentMethodTypes: ['card'],
      });
      w.element = w.elements.create(type, options);
      w.events = [];
      for (const event of ['ready', 'change', 'focus', 'blur', 'click', 'confirm', 'cancel']) {
        w.element.on(event, (payload) => w.events.push({ event, ...payload }));
      }
      w.element.mount('#element-host');
    },
    { type, options },
  );
}

const eventsOf = (page: Page, name: string) =>
  page.evaluate((name) => (window as unknown as Win).events.filter((e) => e.event === name), name);

async function typeCard(page: Page, number: string, cvc = '123'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill(cvc);
  await page.getByLabel('ZIP code').fill('94107');
}

/** Stripe's deferred-intent order: elements.submit(), then confirmPayment with the secret. */
async function startPayment(page: Page, clientSecret: string): Promise<void> {
  await page.evaluate((secret) => {
    const w = window as unknown as Win;
    w.pending = w.elements.submit().then(({ error }) =>
      error
        ? { error }
        : w.stripe.confirmPayment({
            elements: w.elements,
            clientSecret: secret,
            confirmParams: { return_url: 'https://grati.example/done' },
            redirect: 'if_required',
          }),
    );
  }, clientSecret);
}

const settle = (page: Page) => page.evaluate(() => (window as unknown as Win).pending);

async function payWith(page: Page, clientSecret: string, number: string): Promise<ConfirmResult> {
  await page.evaluate(() => (window as unknown as Win).element.clear());
  await typeCard(page, number);
  await startPayment(page, clientSecret);
  return settle(page);
}

test('the Payment Element has Stripe’s labelled inputs, formats what is typed and reports changes', async ({
  page,
  expectAccessible,
  saveScreenshot,
}) => {
  await mountElement(page, 'payment');
  const number = page.getByLabel('Card number');
  await expect(number).toBeVisible();
  await expect(page.getByLabel('Expiration date')).toHaveAttribute('placeholder', 'MM / YY');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Country').locator('option:checked')).toHaveText('United States');
  expect(await eventsOf(page, 'ready')).toEqual([{ event: 'ready', elementType: 'payment' }]);
  await expectAccessible();

  // Keyboard only: Tab moves through the inputs in order.
  await number.focus();
  await page.keyboard.type('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await expect(page.getByLabel('Expiration date')).toHaveValue('12 / 34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await expect(page.getByLabel('Security code')).toHaveValue('123');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Country')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('94107');
  await expect(page.getByLabel('ZIP code')).toBeFocused();

  const changes = await eventsOf(page, 'change');
  expect(changes.at(-1)).toEqual({
    event: 'change',
    elementType: 'payment',
    empty: false,
    complete: true,
    collapsed: false,
    value: { type: 'card' },
  });
  expect(await eventsOf(page, 'focus')).toEqual([{ event: 'focus', elementType: 'payment' }]);
  await expectAccessible();
  await saveScreenshot('stripe-emulator-payment-element');

  // A full-length number that fails the Luhn check is shown at once under the input.
  await number.fill('4242424242424241');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription('Your card number is invalid.');
  expect((await eventsOf(page, 'change')).at(-1)).toMatchObject({ complete: false });

  // No postal code for a country without one.
  await page.getByLabel('Country').selectOption('FR');
  await expect(page.getByLabel('ZIP code')).toBeHidden();
});

test('elements.submit() gives Stripe’s validation errors for an incomplete card', async ({
  page,
}) => {
  await mountElement(page, 'payment');
  const submit = () => page.evaluate(() => (window as unknown as Win).elements.submit());
  const incomplete = (code: string, message: string) => ({
    error: { type: 'validation_error', code, message },
  });
  expect(await submit()).toEqual(
    incomplete('incomplete_number', 'Your card number is incomplete.'),
  );
  await expect(page.getByLabel('Card number')).toBeFocused();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  expect(await submit()).toEqual(
    incomplete('incomplete_expiry', "Your card's expiration date is incomplete."),
  );
  await expect(page.getByLabel('Expiration date')).toHaveAccessibleDescription(
    "Your card's expiration date is incomplete.",
  );
  await page.getByLabel('Expiration date').fill('12 / 34');
  expect(await submit()).toEqual(
    incomplete('incomplete_cvc', "Your card's security code is incomplete."),
  );
  await page.getByLabel('Security code').fill('123');
  expect(await submit()).toEqual(incomplete('incomplete_zip', 'Your postal code is incomplete.'));
  await page.getByLabel('ZIP code').fill('94107');
  expect(await submit()).toEqual({ selectedPaymentMethod: 'card' });
});

test('Stripe’s test cards succeed or fail through confirmPayment with Stripe’s codes and messages', async ({
  page,
  request,
}) => {
  await mountElement(page, 'payment');

  const success = await payWith(page, await createIntent(request), '4242 4242 4242 4242');
  expect(success.error).toBeUndefined();
  expect(success.paymentIntent).toMatchObject({ status: 'succeeded', amount: 2000 });

  const declines: [string, Record<string, unknown>][] = [
    [
      '4000000000000002',
      {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    ],
    [
      '4000000000009995',
      {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    ],
    [
      '4000000000009987',
      { code: 'card_declined', decline_code: 'lost_card', message: 'Your card was declined.' },
    ],
    ['4000000000000069', { code: 'expired_card', message: 'Your card has expired.' }],
    [
      '4000000000000127',
      { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    ],
    [
      '4000000000000119',
      {
        code: 'processing_error',
        message: 'An error occurred while processing your card. Try again in a little bit.',
      },
    ],
  ];
  for (const [card, expected] of declines) {
    const result = await payWith(page, await createIntent(request), card);
    expect(result.paymentIntent, card).toBeUndefined();
    expect(result.error, card).toMatchObject({ type: 'card_error', ...expected });
  }
});

test('the 3-D Secure card asks in a dialog: completing succeeds, failing fails', async ({
  page,
  request,
  expectAccessible,
  saveScreenshot,
}) => {
  await mountElement(page, 'payment');
  await typeCard(page, '4000002500003155');
  await startPayment(page, await createIntent(request));

  const dialog = page.getByRole('dialog', { name: '3D Secure authentication' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('$20.00');
  const complete = dialog.getByRole('button', { name: 'Complete authentication' });
  await expect(complete).toBeFocused();
  await expectAccessible();
  await saveScreenshot('stripe-emulator-3ds');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await settle(page)).paymentIntent?.status).toBe('succeeded');

  await startPayment(page, await createIntent(request));
  await dialog.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(dialog).toBeHidden();
  const failed = await settle(page);
  expect(failed.paymentIntent).toBeUndefined();
  expect(failed.error).toMatchObject({
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message:
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    payment_intent: { status: 'requires_payment_method' },
  });
});

test('without redirect: if_required, a confirmed payment goes to return_url as Stripe sends it', async ({
  page,
  request,
}) => {
  await mountElement(page, 'payment');
  await typeCard(page, '4242424242424242');
  const secret = await createIntent(request);
  const returnUrl = new URL('/?from=stripe', page.url()).href;
  await page.evaluate(
    async ({ secret, returnUrl }) => {
      const w = window as unknown as Win;
      await w.elements.submit();
      void w.stripe.confirmPayment({
        elements: w.elements,
        clientSecret: secret,
        confirmParams: { return_url: returnUrl },
      });
    },
    { secret, returnUrl },
  );
  await page.waitForURL(/redirect_status=succeeded/);
  const landed = new URL(page.url());
  expect(landed.searchParams.get('from')).toBe('stripe');
  expect(landed.searchParams.get('payment_intent')).toBe(secret.split('_secret_')[0]);
  expect(landed.searchParams.get('payment_intent_client_secret')).toBe(secret);
});

/** Express Checkout with the app's options; a click sets the wallet's total, as the app does. */
async function mountExpress(page: Page): Promise<void> {
  await mountElement(page, 'expressCheckout', {
    buttonType: { applePay: 'tip', googlePay: 'pay' },
    paymentMethods: { applePay: 'always', googlePay: 'always', link: 'never' },
  });
  await page.evaluate(() => {
    const w = window as unknown as Win;
    w.element.on('click', (event) => {
      void w.elements.update({ amount: event.expressPaymentType === 'apple_pay' ? 2110 : 2090 });
      (event.resolve as () => void)();
    });
  });
}

/** What desktop Chrome (this Chromium) offers: Google Pay, its platform's wallet. */
const CHROME_WALLETS = {
  applePay: false,
  googlePay: true,
  link: false,
  amazonPay: false,
  paypal: false,
  klarna: false,
};

test('Express Checkout: Stripe’s buttons, click → sheet with the total, Pay → confirm → confirmPayment', async ({
  page,
  request,
  expectAccessible,
  saveScreenshot,
}) => {
  await mountExpress(page);
  const apple = page.getByRole('button', { name: 'Apple Pay', exact: true });
  const google = page.getByRole('button', { name: 'Google Pay', exact: true });
  await expect(google).toHaveText('Pay with Google Pay');
  // Never both on one device (Apple Pay's button: the tests below, forced by the tester).
  await expect(apple).toHaveCount(0);
  expect(await eventsOf(page, 'ready')).toEqual([
    { event: 'ready', elementType: 'expressCheckout', availablePaymentMethods: CHROME_WALLETS },
  ]);
  await expectAccessible();

  // The confirm handler Stripe documents: submit, make the intent, confirmPayment.
  const secret = await createIntent(request, 2090);
  await page.evaluate((secret) => {
    const w = window as unknown as Win;
    w.element.on('confirm', (event) => {
      w.pending = w.elements.submit().then(() =>
        w.stripe
          .confirmPayment({
            elements: w.elements,
            clientSecret: secret,
            confirmParams: { return_url: 'https://grati.example/done' },
            redirect: 'if_required',
          })
          .then((result) => {
            if (result.error) (event.paymentFailed as () => void)();
            return result;
          }),
      );
    });
  }, secret);

  await google.click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('$20.90');
  await expect(sheet.getByRole('button', { name: 'Pay' })).toBeFocused();
  await expectAccessible();
  await saveScreenshot('stripe-emulator-google-pay');
  await sheet.getByRole('button', { name: 'Pay' }).click();
  await expect(sheet).toBeHidden();
  expect((await settle(page)).paymentIntent).toMatchObject({ status: 'succeeded', amount: 2090 });

  const events = await page.evaluate(() =>
    (window as unknown as Win).events.filter((e) => e.event === 'click' || e.event === 'confirm'),
  );
  expect(events).toEqual([
    expect.objectContaining({
      event: 'click',
      elementType: 'expressCheckout',
      expressPaymentType: 'google_pay',
    }),
    expect.objectContaining({
      event: 'confirm',
      elementType: 'expressCheckout',
      expressPaymentType: 'google_pay',
      billingDetails: expect.objectContaining({ name: 'Jenny Rosen' }) as unknown,
    }),
  ]);
  await expect(google).toBeFocused();
});

test('Express Checkout: Cancel and Escape close the sheet with cancel; paymentFailed shows the failure', async ({
  page,
}) => {
  // Apple Pay in this desktop Chromium: the tester's scenario forces it.
  await setScenario(page, 'wallet-apple-pay');
  await mountExpress(page);
  const apple = page.getByRole('button', { name: 'Apple Pay', exact: true });
  const sheet = page.getByRole('dialog', { name: 'Apple Pay' });
  await expect(apple).toHaveText('Tip with Apple Pay');

  await apple.click();
  await expect(sheet).toContainText('$21.10');
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await apple.click();
  await expect(sheet.getByRole('button', { name: 'Pay' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  expect(await eventsOf(page, 'cancel')).toEqual([
    { event: 'cancel', elementType: 'expressCheckout', expressPaymentType: 'apple_pay' },
    { event: 'cancel', elementType: 'expressCheckout', expressPaymentType: 'apple_pay' },
  ]);

  await page.evaluate(() =>
    (window as unknown as Win).element.on('confirm', (event) =>
      (event.paymentFailed as () => void)(),
    ),
  );
  await apple.click();
  await sheet.getByRole('button', { name: 'Pay' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Payment failed.');
  await expect(sheet).toBeHidden();
  expect(await eventsOf(page, 'cancel')).toHaveLength(2);
});

test('wallets unsupported (the scenario’s config): no buttons, ready says none', async ({
  page,
}) => {
  await page.route('**/__stripe/config', (route) =>
    route.fulfill({ json: { walletsSupported: false } }),
  );
  await mountExpress(page);
  await expect
    .poll(() => eventsOf(page, 'ready'))
    .toEqual([
      { event: 'ready', elementType: 'expressCheckout', availablePaymentMethods: undefined },
    ]);
  await expect(page.locator('#element-host').getByRole('button')).toHaveCount(0);
});

// ------------------------------------------------------------ IntegrationErrors, in Stripe's words

/** Runs `misuse` in the page (after mounting a filled Payment Element) and returns what it threw. */
async function integrationError(
  page: Page,
  misuse: (w: Win) => unknown,
): Promise<{ name: string; message: string }> {
  return page.evaluate(async (source) => {
    const run = new Function('w', `return (${source})(w);`) as (w: Win) => unknown;
    try {
      await run(window as unknown as Win);
    } catch (error) {
      return { name: (error as Error).name, message: (error as Error).message };
    }
    return { name: 'none', message: 'nothing was thrown' };
  }, misuse.toString());
}

test.describe('IntegrationErrors', () => {
  test.beforeEach(async ({ page }) => {
    await mountElement(page, 'payment');
    await typeCard(page, '4242424242424242');
  });

  test('confirmPayment before elements.submit()', async ({ page, request }) => {
    const secret = await createIntent(request);
    await page.evaluate((secret) => Object.assign(window, { secret }), secret);
    expect(
      await integrationError(page, (w) =>
        w.stripe.confirmPayment({
          elements: w.elements,
          clientSecret: (window as unknown as { secret: string }).secret,
          confirmParams: { return_url: 'https://grati.example/done' },
          redirect: 'if_required',
        }),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message:
        'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() as soon as your customer presses pay, prior to any asynchronous work. Integration guide: https://stripe.com/docs/payments/accept-a-payment-deferred',
    });
  });

  test('confirmPayment without elements', async ({ page }) => {
    expect(
      await integrationError(page, (w) =>
        w.stripe.confirmPayment({
          clientSecret: 'pi_123_secret_456',
          confirmParams: { return_url: 'https://grati.example/done' },
          redirect: 'if_required',
        }),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message: 'Missing value for stripe.confirmPayment(): elements should be an Elements group.',
    });
  });

  test('confirmPayment without clientSecret (a deferred-intent group has none)', async ({
    page,
  }) => {
    expect(
      await integrationError(page, (w) =>
        w.elements.submit().then(() =>
          w.stripe.confirmPayment({
            elements: w.elements,
            confirmParams: { return_url: 'https://grati.example/done' },
            redirect: 'if_required',
          }),
        ),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message: 'You must pass in a clientSecret when calling stripe.confirmPayment().',
    });
  });

  test('confirmPayment without return_url when it may redirect', async ({ page }) => {
    expect(
      await integrationError(page, (w) =>
        w.elements
          .submit()
          .then(() =>
            w.stripe.confirmPayment({ elements: w.elements, clientSecret: 'pi_123_secret_456' }),
          ),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message:
        "stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
    });
  });

  test('confirmPayment with a group that has no mounted Payment or Express Checkout Element', async ({
    page,
  }) => {
    expect(
      await integrationError(page, (w) =>
        w.stripe.confirmPayment({
          elements: w.stripe.elements({ mode: 'payment', amount: 2000, currency: 'usd' }),
          clientSecret: 'pi_123_secret_456',
          redirect: 'if_required',
        }),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message:
        'Invalid value for stripe.confirmPayment(): elements should have a mounted Payment Element or Express Checkout Element.',
    });
  });

  test('a Payment Element in a group without mode or clientSecret', async ({ page }) => {
    expect(await integrationError(page, (w) => w.stripe.elements().create('payment'))).toEqual({
      name: 'IntegrationError',
      message:
        'In order to create a payment element, you must pass a clientSecret or mode when creating the Elements group.\n\ne.g. stripe.elements({clientSecret: "{{CLIENT_SECRET}}"})',
    });
  });

  test('a deferred-intent group with a bad amount or currency', async ({ page }) => {
    expect(
      await integrationError(page, (w) =>
        w.stripe.elements({ mode: 'payment', amount: 20.5, currency: 'usd' }),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message:
        'Invalid value for elements(): amount should be a non-negative integer. You specified: 20.5.',
    });
    expect(
      await integrationError(page, (w) =>
        w.stripe.elements({ mode: 'payment', amount: 2000, currency: 'USD' }),
      ),
    ).toEqual({
      name: 'IntegrationError',
      message:
        'Invalid value for elements(): currency should be one of the following strings: usd, eur, gbp, cad, aud. You specified: USD.',
    });
  });

  test('the legacy card Element is not emulated', async ({ page }) => {
    expect(await integrationError(page, (w) => w.elements.create('card'))).toEqual({
      name: 'IntegrationError',
      message:
        "The Stripe.js emulator supports only the 'payment' and 'expressCheckout' Elements, not 'card'.",
    });
  });

  test('an Express Checkout click resolved after 1 second', async ({ page }) => {
    await setScenario(page, 'wallet-apple-pay');
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.evaluate(() => {
      const w = window as unknown as Win;
      const host = document.createElement('div');
      host.id = 'express-host';
      document.querySelector('main')?.prepend(host);
      const express = w.elements.create('expressCheckout');
      express.on('click', (event) => Object.assign(window, { lateResolve: event.resolve }));
      express.mount('#express-host');
    });
    const message =
      'Timed out waiting for a call to resolve(). If you listen to the "click" event, then you must call event.resolve in the "click" handler within 1 second.';
    // The emulator's second is the page's time, which stands still from the click until the test
    // moves it: the warning comes at 1000 ms of it, however slow the machine.
    await page.clock.install();
    await pageClock.pause(page);
    await page.getByRole('button', { name: 'Apple Pay', exact: true }).click();
    await page.clock.runFor(999);
    // A round trip through the page: a warning logged by now has reached the test.
    await page.evaluate(() => undefined);
    expect(warnings).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => warnings).toEqual([`[Stripe.js] ${message}`]);
    expect(
      await integrationError(page, () =>
        (window as unknown as { lateResolve: () => void }).lateResolve(),
      ),
    ).toEqual({ name: 'IntegrationError', message });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
