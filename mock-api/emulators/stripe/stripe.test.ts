// The Stripe emulator's PaymentIntents as the `stripe` SDK and a browser script use them.
// Keys, idempotency and unknown URLs: stripeAccess.test.ts.
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Stripe from 'stripe';
import { startMockApi, type RunningMockApi } from '../../testing';
import { createStripeClient } from '../../stripeClient';
import { EMULATOR_PUBLISHABLE_KEY, STRIPE_MESSAGES, type StripeState } from './index';
import { type Answer, emulatorCalls } from './testing';

let api: RunningMockApi;
let stripe: Stripe;

/** The app's origin, apart from the mock API's (as `npm run mock-api` beside `npm start`). */
const APP_ORIGIN = 'http://localhost:4100';

beforeAll(async () => {
  api = await startMockApi({ allowedOrigins: [APP_ORIGIN] });
  stripe = createStripeClient({}, { origin: api.origin, secretKey: api.emulatorSecretKey });
});

afterAll(() => api.close());

const { browserPost, createIntent, createCard, confirmIntent, statusOf, payWithCard } =
  emulatorCalls(() => ({ api, stripe }));
const state = () => api.store.savedEmulatorState('stripe') as StripeState;
const LIVE_CARD = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'test_mode_live_card',
  message: STRIPE_MESSAGES.liveCardInTestMode,
};

describe('a PaymentIntent created with the stripe SDK', () => {
  it('is a test-mode intent awaiting a payment method, with its client secret and metadata', async () => {
    const intent = await createIntent({ guestName: 'Ava' });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 1500,
      currency: 'usd',
      status: 'requires_payment_method',
      livemode: false,
      payment_method_types: ['card'],
      allowed_payment_method_types: ['card'],
      description: 'cardToWallet',
      metadata: { title: 'Tip to', guestName: 'Ava' },
    });
    expect(intent.id).toMatch(/^pi_\w+$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
  });

  it('refuses an amount below Stripe minimum and a wallet name as a payment method type', async () => {
    await expect(
      stripe.paymentIntents.create({ amount: 49, currency: 'usd' }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_small',
      param: 'amount',
      message: 'Amount must be at least $0.50 usd',
    });
    await expect(
      stripe.paymentIntents.create({
        amount: 1500,
        currency: 'usd',
        allowed_payment_method_types: ['card', 'apple_pay'],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
  });
});

describe('confirming with Stripe test cards, as the browser does', () => {
  it('4242 4242 4242 4242 succeeds', async () => {
    const { method, confirmation, after } = await payWithCard('4242424242424242');
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toMatchObject({ status: 'succeeded', payment_method: method.id });
    expect(after).toMatchObject({ status: 'succeeded', amount_received: 1500 });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', STRIPE_MESSAGES.genericDecline],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    ['4000000000009987', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
    [
      '4000000000000127',
      'incorrect_cvc',
      'incorrect_cvc',
      "Your card's security code is incorrect.",
    ],
    [
      '4000000000000119',
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('%s fails with %s / %s', async (number, code, declineCode, message) => {
    const { intent, confirmation, after } = await payWithCard(number);
    const error = { type: 'card_error', code, decline_code: declineCode, message };
    expect(confirmation.status).toBe(402);
    expect(confirmation.body.error).toMatchObject({
      ...error,
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject(error);
  });

  it('a well-formed number that is not a test card is refused as a live card', async () => {
    const refused = await createCard('4111111111111111');
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual({
      ...LIVE_CARD,
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    });
  });

  it('a succeeded intent cannot be confirmed again', async () => {
    const { intent } = await payWithCard('4242424242424242');
    const again = await confirmIntent(intent, { payment_method: 'pm_card_visa' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
    });
  });
});

describe('the redirect 3-D Secure card 4000 0000 0000 3063', () => {
  const RETURN_URL = 'http://localhost:4100/user_profile/ava-martinez?tip=1';

  async function confirmRedirectCard(fields: Record<string, string> = { return_url: RETURN_URL }) {
    const intent = await createIntent();
    const method = await createCard('4000000000003063');
    const confirmation = await confirmIntent(intent, { payment_method: method.body.id, ...fields });
    return { intent, confirmation };
  }
  const bankPage = (intentId: string, query: string) =>
    fetch(`${api.origin}/v1/payment_intents/${intentId}/3ds-redirect${query}`);

  /** What the bank's page's form sends when the payer chooses a button. */
  const answerPage = (intentId: string, fields: Record<string, string>) =>
    fetch(`${api.origin}/v1/payment_intents/${intentId}/3ds-redirect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.origin },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  const eventsOf = (intentId: string) =>
    state()
      .events.filter((event) => (event.data.object as { id?: string }).id === intentId)
      .map((event) => event.type);

  async function redirected() {
    const { intent, confirmation } = await confirmRedirectCard();
    expect(confirmation.status).toBe(200);
    const url = `${api.origin}/v1/payment_intents/${intent.id}/3ds-redirect?client_secret=${intent.client_secret}`;
    expect(confirmation.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: RETURN_URL } },
    });
    return { intent, url, secret: intent.client_secret ?? '' };
  }

  it('sends the browser to the bank’s page: HTML, no script, its form allowed to go back', async () => {
    const { url } = await redirected();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
    expect(policy).toContain("form-action 'self' http://localhost:4100;");
    const html = await page.text();
    expect(html).toContain('<h1>3D Secure authentication</h1>');
    expect(html).toContain('Your bank asks you to confirm a payment of $15.00.');
    expect(html).toContain('<form method="post" action="3ds-redirect">');
    expect(html).not.toContain('<script');
  });

  it('Complete authentication: 303 to return_url with Stripe’s three parameters; succeeds once', async () => {
    const { intent, secret } = await redirected();
    const answer = await answerPage(intent.id, { client_secret: secret, outcome: 'complete' });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(
      'http://localhost:4100/user_profile/ava-martinez',
    );
    expect(Object.fromEntries(back.searchParams)).toEqual({
      tip: '1',
      payment_intent: intent.id,
      payment_intent_client_secret: secret,
      redirect_status: 'succeeded',
    });
    expect(eventsOf(intent.id)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);

    // A second answer (a resubmitted form, the page again) finds nothing to authenticate.
    const again = await answerPage(intent.id, { client_secret: secret, outcome: 'fail' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(
      '<p role="alert">This PaymentIntent has a status of succeeded; only one in requires_action can be authenticated.</p>',
    );
    expect((await bankPage(intent.id, `?client_secret=${secret}`)).status).toBe(400);
    expect(await statusOf(intent.id)).toBe('succeeded');
    expect(eventsOf(intent.id)).toHaveLength(3);
  });

  it('the bank’s page opens only with the intent’s client secret and a known outcome', async () => {
    const { intent, secret } = await redirected();
    const other = await bankPage(intent.id, `?client_secret=${intent.id}_secret_other`);
    expect(other.status).toBe(400);
    expect(await other.text()).toContain(
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
    );
    expect((await bankPage(intent.id, '')).status).toBe(400);
    expect((await answerPage(intent.id, { outcome: 'complete' })).status).toBe(400);
    const unknown = await answerPage(intent.id, { client_secret: secret, outcome: 'maybe' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('outcome must be complete or fail.');
    expect(await statusOf(intent.id)).toBe('requires_action');
  });

  const untouched = async (intentId: string) =>
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
    });

  it('sends the browser back only to the site: the host it serves, or the app’s origin', async () => {
    const own = await confirmRedirectCard({
      return_url: `${api.origin}/user_profile/ava-martinez`,
    });
    expect(own.confirmation.status).toBe(200);
    for (const elsewhere of [
      'https://evil.example/collect',
      `${APP_ORIGIN}@evil.example/`,
      'http://localhost:4101/user_profile/ava-martinez',
      'javascript:alert(document.cookie)',
      'grati://paid',
    ]) {
      const { intent, confirmation } = await confirmRedirectCard({ return_url: elsewhere });
      expect(confirmation.status).toBe(400);
      expect(confirmation.body.error).toMatchObject({
        type: 'invalid_request_error',
        code: 'url_invalid',
        param: 'return_url',
        message: `Not a valid URL: return_url must be on this site (${api.origin}, ${APP_ORIGIN}): the bank's page sends the browser and the payment's client secret there.`,
      });
      await untouched(intent.id);
    }
  });

  it('takes a return_url of at most 2048 characters, from any card; a longer one leaves nothing', async () => {
    const base = `${APP_ORIGIN}/user_profile/ava-martinez?from=`;
    const ofLength = (length: number) => `${base}${'a'.repeat(length - base.length)}`;
    const longest = await confirmRedirectCard({ return_url: ofLength(2048) });
    expect(longest.confirmation.status).toBe(200);
    const methods = Object.keys(state().paymentMethods).length;
    for (const [card, length] of [
      ['4000000000003063', 2049],
      ['4242424242424242', 2049],
      ['4000000000003063', 90 * 1024],
    ] as const) {
      const intent = await createIntent();
      const confirmation = await confirmIntent(intent, {
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': card,
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': '2040',
        return_url: ofLength(length),
      });
      expect(confirmation.status).toBe(400);
      expect(confirmation.body.error).toEqual({
        type: 'invalid_request_error',
        code: 'url_invalid',
        param: 'return_url',
        message: 'Invalid URL: return_url must be at most 2048 characters.',
      });
      await untouched(intent.id);
    }
    expect(Object.keys(state().paymentMethods)).toHaveLength(methods);
  });

  /** A confirmation sent straight to the server naming another Host (as no browser can). */
  async function confirmAsHost(host: string, intentId: string, fields: Record<string, string>) {
    const sent = httpRequest({
      host: '127.0.0.1',
      port: new URL(api.origin).port,
      method: 'POST',
      path: `/v1/payment_intents/${intentId}/confirm`,
      headers: { Host: host, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    sent.end(new URLSearchParams({ key: EMULATOR_PUBLISHABLE_KEY, ...fields }).toString());
    const [answer] = (await once(sent, 'response')) as [IncomingMessage];
    let text = '';
    for await (const chunk of answer) text += String(chunk);
    return { status: answer.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] };
  }

  it('the bank’s page refuses a return_url kept for another host, before it authenticates', async () => {
    const intent = await createIntent();
    const secret = intent.client_secret ?? '';
    const forged = await confirmAsHost('evil.example', intent.id, {
      client_secret: secret,
      payment_method: 'pm_card_threeDSecureRequired',
      return_url: 'http://evil.example/collect',
    });
    // Its own host, as far as that call said: kept, as one an older version kept would be.
    expect(forged.status).toBe(200);
    expect(forged.body.next_action.redirect_to_url.return_url).toBe('http://evil.example/collect');

    // The payer's browser reaches the page by the site's host: no page, no redirect, no charge.
    const page = await bankPage(intent.id, `?client_secret=${secret}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('return_url must be on this site');
    const answer = await answerPage(intent.id, { client_secret: secret, outcome: 'complete' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(await statusOf(intent.id)).toBe('requires_action');
  });

  it('is refused without return_url', async () => {
    const { intent, confirmation } = await confirmRedirectCard({});
    expect(confirmation.status).toBe(400);
    expect(confirmation.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_redirect_confirmation_without_return_url',
      param: 'return_url',
    });
    await untouched(intent.id);
  });
});

describe('charges, refunds and disputes, through the stripe SDK', () => {
  const chargeOf = async (intentId: string) => {
    const intent = await stripe.paymentIntents.retrieve(intentId);
    return stripe.charges.retrieve(String(intent.latest_charge));
  };

  // Refunds in full, as the tester views do (routes/payments/testerViews.ts): no `amount`.
  it('refunds a succeeded intent’s charge in full, then no more', async () => {
    const { intent } = await payWithCard('4242424242424242');
    expect(await chargeOf(intent.id)).toMatchObject({
      object: 'charge',
      amount: 1500,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      payment_intent: intent.id,
    });
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ object: 'refund', amount: 1500, status: 'succeeded' });
    expect(await chargeOf(intent.id)).toMatchObject({ amount_refunded: 1500, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
    });
  });

  it('4000 0000 0000 0259 succeeds, then its charge is disputed and cannot be refunded', async () => {
    const { intent, after } = await payWithCard('4000000000000259');
    expect(after.status).toBe('succeeded');
    expect(await chargeOf(intent.id)).toMatchObject({ disputed: true, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_disputed',
    });
  });
});

describe('what is kept of a card', () => {
  const dataFile = async () => {
    await api.store.flush();
    return readFile(path.join(api.dataDir, 'db.json'), 'utf8');
  };
  /** A real-looking Visa (Luhn-valid, no test card) and its expiry, as a probe found stored. */
  const REAL = '4539578763621486';

  it('a test card: its brand, last4, expiry and fingerprint, and its test card, never its number', async () => {
    const first = await createCard('4242 4242 4242 4242');
    const second = await createCard('4242424242424242', { 'card[exp_month]': '7' });
    expect(first.body.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12 });
    expect(second.body.card.exp_month).toBe(7);
    // One card, one fingerprint; nothing of the number in it.
    expect(second.body.card.fingerprint).toBe(first.body.card.fingerprint);
    expect(first.body.card.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(state().paymentMethods[first.body.id]).toEqual({ method: first.body, testCard: 'visa' });

    const paid = await payWithCard('4000000000000259');
    expect(paid.after.status).toBe('succeeded');

    const text = await dataFile();
    for (const number of ['4242424242424242', '4000000000000259']) {
      expect(text).not.toContain(number);
    }
    expect(text).not.toMatch(/"number"/);
  });

  it('a card that is no test card: refused as Stripe’s test mode refuses it, nothing kept', async () => {
    const intent = await createIntent();
    const methods = Object.keys(state().paymentMethods).length;
    const answers = Object.keys(state().idempotency).length;
    const events = state().events.length;

    const created = await createCard(REAL, { 'card[exp_month]': '4', 'card[exp_year]': '2031' });
    expect(created.status).toBe(402);
    expect(created.body.error).toMatchObject(LIVE_CARD);
    const confirmed = await confirmIntent(intent, {
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': REAL,
      'payment_method_data[card][exp_month]': '4',
      'payment_method_data[card][exp_year]': '2031',
    });
    expect(confirmed.status).toBe(402);
    expect(confirmed.body.error).toMatchObject(LIVE_CARD);
    // The SDK sends an Idempotency-Key: not even the answer to it is kept.
    await expect(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: REAL, exp_month: 4, exp_year: 2031, cvc: '123' },
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', decline_code: 'test_mode_live_card' });

    expect(Object.keys(state().paymentMethods)).toHaveLength(methods);
    expect(Object.keys(state().idempotency)).toHaveLength(answers);
    expect(state().events).toHaveLength(events);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: null,
    });
    const text = await dataFile();
    expect(text).not.toContain(REAL);
    expect(text).not.toContain('"1486"');
  });
});

describe('payment methods', () => {
  it.each([
    [{ 'card[number]': '4242424242424241' }, 'incorrect_number', STRIPE_MESSAGES.incorrectNumber],
    [{ 'card[exp_month]': '13' }, 'invalid_expiry_month', STRIPE_MESSAGES.invalidExpiryMonth],
    [{ 'card[exp_year]': '2001' }, 'invalid_expiry_year', STRIPE_MESSAGES.invalidExpiryYear],
    [{ 'card[cvc]': '12' }, 'invalid_cvc', STRIPE_MESSAGES.invalidCvc],
  ])('refuses %j with %s', async (fields, code, message) => {
    const answer = await createCard('4242424242424242', fields);
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({ type: 'card_error', code, message });
  });

  it('needs a card number', async () => {
    const answer = await browserPost('/payment_methods', { type: 'card' });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'parameter_missing', param: 'card' });
  });
});
