import type { APIRequestContext, Page } from '@playwright/test';
import { paymentElementsOptions } from '../src/features/payments/stripe/stripe';
import { test, expect } from './fixtures';
import { emulatorSecretAuth, fillCard, setScenario } from './payment-helpers';
import { PAYS } from './testCards';

// The Stripe.js emulator in Chromium, driven as Stripe documents its current integration, its
// script loaded from Stripe's URL as loadStripe does; Stripe's hosts are blocked (a leak fails).
const STRIPE_HOSTS = /^https:\/\/([a-z-]+\.)?stripe\.(com|network)\//;

async function blockStripe(page: Page): Promise<string[]> {
  const leaked: string[] = [];
  await page.route(STRIPE_HOSTS, async (route) => {
    leaked.push(route.request().url());
    await route.abort();
  });
  return leaked;
}

/** A PaymentIntent made with the secret key, on a connection of its own (as payment-helpers'). */
async function createIntent(request: APIRequestContext, amount = 2000): Promise<string> {
  const response = await request.post('/v1/payment_intents', {
    headers: { ...emulatorSecretAuth(), Connection: 'close' },
    form: { amount, currency: 'usd', 'payment_method_types[]': 'card' },
  });
  expect(response.status()).toBe(200);
  const intent = (await response.json()) as { client_secret: string };
  return intent.client_secret;
}

interface ConfirmResult {
  paymentIntent?: { id: string; status: string; amount: number };
  error?: unknown;
}
type Handler = (event: Record<string, unknown>) => void;
interface ElementLike {
  mount(target: string): void;
  on(event: string, handler: Handler): ElementLike;
  destroy(): void;
}
interface ElementsLike {
  create(type: string, options?: unknown): ElementLike;
  update(options: unknown): Promise<void>;
  submit(): Promise<{ error?: unknown; selectedPaymentMethod?: string }>;
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
 * A $20 deferred-intent group (the app's options) and one Element of `type` in place of the last
 * one, at the top of <main>; its events land in window.events as `{ event, ...payload }`.
 */
async function mountElement(page: Page, type: string, options: unknown = {}): Promise<void> {
  await page.evaluate(
    ({ type, options, group }) => {
      const w = window as unknown as Win;
      const last = document.getElementById('element-host');
      if (last) {
        w.element.destroy();
        last.remove();
      }
      const host = document.createElement('div');
      host.id = 'element-host';
      host.style.maxWidth = '480px';
      document.querySelector('main')?.prepend(host);
      w.stripe = w.Stripe('pk_test_emulator');
      w.elements = w.stripe.elements(group);
      w.element = w.elements.create(type, options);
      w.events = [];
      for (const event of ['ready', 'change', 'focus', 'blur', 'click', 'confirm', 'cancel']) {
        w.element.on(event, (payload) => w.events.push({ event, ...payload }));
      }
      w.element.mount('#element-host');
    },
    { type, options, group: paymentElementsOptions(2000) },
  );
}

const eventsOf = (page: Page, ...names: string[]) =>
  page.evaluate(
    (names) => (window as unknown as Win).events.filter((e) => names.includes(String(e.event))),
    names,
  );

const settle = (page: Page) => page.evaluate(() => (window as unknown as Win).pending);

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

// What needs no real browser (events, wallets, errors): emulators/stripeJsBrowser.test.ts.
test('the Stripe.js emulator in Chromium: Payment Element, Express Checkout, return_url', async ({
  page,
  request,
  expectAccessible,
  saveScreenshot,
}) => {
  test.slow();
  await test.step('the Payment Element has Stripe’s labelled inputs, formats what is typed and reports changes', async () => {
    await mountElement(page, 'payment');
    const number = page.getByLabel('Card number');
    await expect(number).toBeVisible();
    await expect(page.getByLabel('Expiration date')).toHaveAttribute('placeholder', 'MM / YY');
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await expect(page.getByLabel('Country').locator('option:checked')).toHaveText('United States');
    await expectAccessible();

    // Keyboard only: Tab moves through the inputs in order.
    await number.focus();
    await page.keyboard.type(PAYS.replaceAll(' ', ''));
    await expect(number).toHaveValue(PAYS);
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
    expect((await eventsOf(page, 'change')).at(-1)).toEqual({
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
  });

  await test.step('elements.submit() of an empty card: Stripe’s validation error, its input focused', async () => {
    await mountElement(page, 'payment');
    expect(await page.evaluate(() => (window as unknown as Win).elements.submit())).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    await expect(page.getByLabel('Card number')).toBeFocused();
  });

  await test.step('Express Checkout: Stripe’s buttons, click → sheet with the total, Pay → confirm → confirmPayment', async () => {
    await mountExpress(page);
    const apple = page.getByRole('button', { name: 'Apple Pay', exact: true });
    const google = page.getByRole('button', { name: 'Google Pay', exact: true });
    await expect(google).toHaveText('Pay with Google Pay');
    await expect(apple).toHaveCount(0);
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
    await expect(google).toBeFocused();
  });

  await test.step('Express Checkout: Cancel and Escape close the sheet with cancel', async () => {
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
  });

  await test.step('without redirect: if_required, a confirmed payment goes to return_url as Stripe sends it (last: it leaves the page)', async () => {
    await mountElement(page, 'payment');
    await fillCard(page, PAYS);
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
});
