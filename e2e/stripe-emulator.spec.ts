import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';

// The Stripe.js emulator in Chromium, driven as the app's adapter drives Stripe.js: no page takes
// payments yet, so these load Stripe.js's URL as loadStripe does and call
// `window.Stripe('pk_test_emulator')` from page.evaluate. The page shell of this emulator build
// sends that URL to the mock API; Stripe's real hosts are blocked so a leak fails the test.
const STRIPE_HOSTS = /^https:\/\/([a-z-]+\.)?stripe\.(com|network)\//;
const SECRET = { Authorization: 'Bearer sk_test_emulator' };

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
    headers: SECRET,
    form: { amount, currency: 'usd', 'payment_method_types[]': 'card' },
  });
  expect(response.status()).toBe(200);
  const intent = (await response.json()) as { client_secret: string };
  return intent.client_secret;
}

interface ConfirmResult {
  paymentIntent?: { id: string; status: string };
  error?: {
    type: string;
    code?: string;
    decline_code?: string;
    message: string;
    payment_intent?: { status: string };
  };
}

type Win = {
  Stripe: ((key: string) => unknown) & { emulated?: boolean };
  stripe: {
    elements(): { create(type: 'card'): CardLike };
    confirmCardPayment(secret: string, data: unknown): Promise<ConfirmResult>;
    paymentRequest(options: unknown): WalletLike;
  };
  card: CardLike;
  cardEvents: unknown[];
  pending: Promise<ConfirmResult>;
  wallet: WalletLike;
  walletEvents: { type: string; walletName?: string; paymentMethod?: string }[];
};
interface CardLike {
  mount(target: string): void;
  on(event: string, cb: (e: unknown) => void): void;
  clear(): void;
}
interface WalletLike {
  canMakePayment(): Promise<Record<string, boolean> | null>;
  show(): void;
  on(event: string, cb: (e: Record<string, unknown>) => void): void;
}

/** Mounts the card element into a div in <main>; change events land in window.cardEvents. */
async function mountCard(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Win;
    const host = document.createElement('div');
    host.id = 'card-host';
    host.style.maxWidth = '480px';
    document.querySelector('main')?.prepend(host);
    w.stripe = w.Stripe('pk_test_emulator') as Win['stripe'];
    w.card = w.stripe.elements().create('card');
    w.cardEvents = [];
    w.card.on('change', (event) => w.cardEvents.push(event));
    w.card.mount('#card-host');
  });
}

async function typeCard(page: Page, number: string, cvc = '123'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('CVC').fill(cvc);
  await page.getByLabel('ZIP').fill('94107');
}

/** Starts confirmCardPayment with the mounted card; await `settle(page)` for its result. */
async function startConfirm(page: Page, clientSecret: string): Promise<void> {
  await page.evaluate((secret) => {
    const w = window as unknown as Win;
    w.pending = w.stripe.confirmCardPayment(secret, {
      payment_method: { card: w.card, billing_details: { name: 'Jenny Rosen' } },
    });
  }, clientSecret);
}

const settle = (page: Page) =>
  page.evaluate(() => (window as unknown as Win).pending) as Promise<ConfirmResult>;

async function payWith(page: Page, clientSecret: string, number: string): Promise<ConfirmResult> {
  await page.evaluate(() => (window as unknown as Win).card.clear());
  await typeCard(page, number);
  await startConfirm(page, clientSecret);
  return settle(page);
}

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

test('the card element has labelled inputs, formats what is typed and reports changes', async ({
  page,
  expectAccessible,
  saveScreenshot,
}) => {
  await mountCard(page);
  const number = page.getByLabel('Card number');
  await expect(number).toBeVisible();
  await expect(page.getByLabel('Expiration date')).toHaveAttribute('placeholder', 'MM / YY');
  await expect(page.getByLabel('CVC')).toBeVisible();
  await expect(page.getByLabel('ZIP')).toBeVisible();
  await expectAccessible();

  // Keyboard only: Tab moves through the four inputs in order.
  await number.focus();
  await page.keyboard.type('4242424242424242');
  await expect(number).toHaveValue('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await expect(page.getByLabel('Expiration date')).toHaveValue('12 / 34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('94107');
  await expect(page.getByLabel('ZIP')).toBeFocused();

  const last = (await page.evaluate(() => (window as unknown as Win).cardEvents.at(-1))) as Record<
    string,
    unknown
  >;
  expect(last).toMatchObject({ complete: true, empty: false, brand: 'visa', error: undefined });
  await expectAccessible();
  await saveScreenshot('stripe-emulator-card');

  // A full-length number that fails the Luhn check is reported at once, as Stripe does.
  await number.fill('4242424242424241');
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  const invalid = (await page.evaluate(() =>
    (window as unknown as Win).cardEvents.at(-1),
  )) as Record<string, unknown>;
  expect(invalid).toMatchObject({
    complete: false,
    error: { code: 'invalid_number', message: 'Your card number is invalid.' },
  });
});

test('Stripe’s test cards succeed or fail with Stripe’s codes and messages', async ({
  page,
  request,
}) => {
  await mountCard(page);

  const success = await payWith(page, await createIntent(request), '4242 4242 4242 4242');
  expect(success.error).toBeUndefined();
  expect(success.paymentIntent?.status).toBe('succeeded');

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

  // An incomplete card never reaches the API: Stripe.js's own validation error.
  await page.evaluate(() => (window as unknown as Win).card.clear());
  await page.getByLabel('Card number').fill('4242');
  await startConfirm(page, await createIntent(request));
  expect((await settle(page)).error).toMatchObject({
    type: 'validation_error',
    code: 'incomplete_number',
    message: 'Your card number is incomplete.',
  });
});

test('the 3-D Secure card asks in a dialog: completing succeeds, failing fails', async ({
  page,
  request,
  expectAccessible,
  saveScreenshot,
}) => {
  await mountCard(page);
  await typeCard(page, '4000002500003155');
  await startConfirm(page, await createIntent(request));

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

  await startConfirm(page, await createIntent(request));
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

/** A payment request for $20; its events land in window.walletEvents. */
async function openWallet(page: Page, disableWallets: string[] = []): Promise<unknown> {
  return page.evaluate(async (disabled) => {
    const w = window as unknown as Win;
    w.stripe = w.Stripe('pk_test_emulator') as Win['stripe'];
    w.walletEvents = [];
    w.wallet = w.stripe.paymentRequest({
      country: 'US',
      currency: 'usd',
      total: { label: 'Tip to Ava Martinez', amount: 2000 },
      requestPayerName: true,
      disableWallets: disabled,
    });
    w.wallet.on('paymentmethod', (event) => {
      const method = event.paymentMethod as { id: string };
      w.walletEvents.push({
        type: 'paymentmethod',
        walletName: event.walletName as string,
        paymentMethod: method.id,
      });
      (event.complete as (status: string) => void)('success');
    });
    w.wallet.on('cancel', () => w.walletEvents.push({ type: 'cancel' }));
    return w.wallet.canMakePayment();
  }, disableWallets);
}

const walletEvents = (page: Page) => page.evaluate(() => (window as unknown as Win).walletEvents);

test('the wallet sheet is a dialog named for the wallet; Pay gives a PaymentMethod', async ({
  page,
  expectAccessible,
  saveScreenshot,
}) => {
  expect(await openWallet(page)).toEqual({ applePay: true, googlePay: true, link: false });
  await page.evaluate(() => (window as unknown as Win).wallet.show());
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Tip to Ava Martinez');
  await expect(sheet).toContainText('$20.00');
  await expectAccessible();
  await saveScreenshot('stripe-emulator-google-pay');

  await sheet.getByRole('button', { name: 'Pay' }).click();
  await expect(sheet).toBeHidden();
  const [event] = await walletEvents(page);
  expect(event).toMatchObject({ type: 'paymentmethod', walletName: 'googlePay' });
  expect(event?.paymentMethod).toMatch(/^pm_/);

  // Apple Pay only (Stripe's disableWallets): the sheet is Apple Pay's; Escape cancels it.
  expect(await openWallet(page, ['googlePay'])).toEqual({
    applePay: true,
    googlePay: false,
    link: false,
  });
  await page.evaluate(() => (window as unknown as Win).wallet.show());
  const apple = page.getByRole('dialog', { name: 'Apple Pay' });
  await expect(apple.getByRole('button', { name: 'Pay' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(apple).toBeHidden();
  expect(await walletEvents(page)).toEqual([{ type: 'cancel' }]);
});

test('Cancel closes the sheet with a cancel event', async ({ page }) => {
  await openWallet(page);
  await page.evaluate(() => (window as unknown as Win).wallet.show());
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  expect(await walletEvents(page)).toEqual([{ type: 'cancel' }]);
});

test('wallets unsupported (the scenario’s config): canMakePayment is null and show throws', async ({
  page,
}) => {
  await page.route('**/__stripe/config', (route) =>
    route.fulfill({ json: { walletsSupported: false } }),
  );
  expect(await openWallet(page)).toBeNull();
  const thrown = await page.evaluate(() => {
    try {
      (window as unknown as Win).wallet.show();
      return null;
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(thrown).toBe('IntegrationError');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
