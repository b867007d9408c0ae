// The payment calls as the app makes them (JSON tips and donations, the multipart review + tip),
// with emulated captcha tokens and card confirmation as the browser does it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  MAX_GIFT_CENTS,
  PAYMENT_METHOD_KINDS,
  platformFeeCents,
} from '../../src/api/contract/fees';
import { gpayTestBody, walletPrepareBody } from '../../src/api/contract/intentBody';
import {
  type RunningMockApi,
  cardTipFields,
  clientSecretOf,
  confirmWithCard,
  guestReviewFields,
  intentIdOf,
  jsonPost,
  paymentRows,
  profileOf,
  startMockApi,
} from '../testing';
import { SEED_MEDIA_DIR } from '../db/store';
import {
  cardTipBody,
  multipartForm,
  donationBody as sendsDonation,
  captchaToken as tokenFrom,
} from '../testingSends';
import { deliveriesOf, deliveryWhen, browserIntent as readIntent } from './payments/testing';

const JPEG = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-feed-01.jpg'));

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

afterEach(() => setScenario(null));

const captchaToken = () => tokenFrom(api);

async function setScenario(name: string | null, delayMs?: number): Promise<void> {
  const answer = await api.request('__scenarios', jsonPost({ name, delayMs }));
  expect(answer.status).toBe(200);
}

type Body = Record<string, unknown>;

/** A card tip to Ava as create-payment-intent's body, without its captcha token. */
function tipBody(amount = 1500, overrides: Body = {}): Body {
  const { captchaToken: _token, paymentMethodType: _type, ...body } = cardTipBody(amount, '');
  return { ...body, payment_method_types: ['card'], ...overrides };
}

/** A card donation to Green Earth Fund, with a captcha token of its own. */
const donationBody = async (amount = 2000) => sendsDonation(guestId, amount, await captchaToken());

async function post(
  endpoint: string,
  body: Body,
  options: { key?: string | null; captcha?: boolean } = {},
): Promise<Response> {
  const withCaptcha =
    options.captcha === false ? body : { captchaToken: await captchaToken(), ...body };
  const key = options.key === undefined ? randomUUID() : options.key;
  return api.request(`payment/${endpoint}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(key === null ? {} : { 'Idempotency-Key': key }),
    },
    body: JSON.stringify(withCaptcha),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (response: Response): Promise<any> => response.json();

/** An error answer: its status and (part of) its body. */
async function expectError(answer: Response, status: number, body: Body): Promise<void> {
  expect(answer.status).toBe(status);
  expect(await json(answer)).toMatchObject(body);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times the review with this text is in the feed, read from the data (no lookup). */
const inStoreFeed = (text: string) => api.store.db.feed.filter((i) => i.sayThanks === text).length;

/** Waits (up to 5 s) until the review is in the feed, without a lookup; ms it took. */
async function publishedInStore(text: string): Promise<number> {
  const started = Date.now();
  while (inStoreFeed(text) === 0) {
    if (Date.now() - started > 5000) throw new Error(`"${text}" was never published`);
    await sleep(20);
  }
  return Date.now() - started;
}

/** Waits (up to 5 s) until this intent's `type` event has been delivered `times` times. */
const delivered = (intentId: string, type: string, times = 1) =>
  deliveryWhen(
    api,
    intentId,
    type,
    (d) => d.status === 'delivered' && d.attempts.length >= times,
    5000,
  );

/** The intent as the browser sees it (publishable key + client secret); a 200. */
const browserIntent = (clientSecret: string) => readIntent(api, clientSecret);

const payments = () => paymentRows(api);
const paymentOf = async (secret: string) =>
  (await payments()).find((p) => p.intentId === intentIdOf(secret));

const profile = (id: string) => profileOf(api, id);

describe('create-payment-intent', () => {
  it('creates one intent for a tip to Ava and answers its client secret', async () => {
    const key = randomUUID();
    const secret = await clientSecretOf(await post('create-payment-intent', tipBody(), { key }));
    expect(await browserIntent(secret)).toMatchObject({
      amount: 1595,
      currency: 'usd',
      status: 'requires_payment_method',
      payment_method_types: ['card'],
    });
    expect(await paymentOf(secret)).toMatchObject({
      amountCents: 1500,
      feeCents: 95,
      totalCents: 1595,
      idempotencyKey: key,
      status: 'requires_payment_method',
      endpoint: 'payment/create-payment-intent',
      metadata: { getThanksUserID: 'ava-martinez', amountAfterFee: '1595' },
    });
  });

  it('takes only the placeholder in the preparation call (no other amount), storing nothing a caller writes', async () => {
    const body = walletPrepareBody() as unknown as Body;
    const before = (await payments()).length;
    for (const [other, metadata] of [
      [{ amount: 2000, platformFeeForWallet: 110 }, { amountAfterFee: 2110 }],
      [{}, { guestName: '<script>x</script>' }],
    ]) {
      const answer = await post(
        'create-payment-intent',
        { ...body, ...other, metadata: { ...(body.metadata as Body), ...metadata } },
        { captcha: false },
      );
      await expectError(answer, 400, { field: 'metadata.getThanksUserID' });
    }
    expect((await payments()).length).toBe(before);
    expect(JSON.stringify(await payments())).not.toContain('<script>');
  });

  it('accepts the wallet preparation call without a captcha, answering each with one placeholder', async () => {
    const body = walletPrepareBody() as unknown as Body;
    const secrets = await Promise.all(
      Array.from({ length: 30 }, async () =>
        clientSecretOf(await post('create-payment-intent', body, { captcha: false })),
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    expect((await payments()).filter((p) => p.walletPrepare)).toHaveLength(1);
    expect(await paymentOf(secrets[0]!)).toMatchObject({
      walletPrepare: true,
      feeCents: 80,
      totalCents: 1080,
    });
  });

  it('refuses an amount over the most a guest can give with a 400 that says so, before the captcha', async () => {
    const token = await captchaToken();
    const before = (await payments()).length;
    // The first dollar past the most, by every method.
    const amount = MAX_GIFT_CENTS + 100;
    for (const method of PAYMENT_METHOD_KINDS) {
      const fee = platformFeeCents(amount, method);
      const body = tipBody(amount, {
        payment_method_types: [method],
        platformFeeForWallet: fee,
        metadata: { ...(tipBody(amount).metadata as Body), amountAfterFee: amount + fee },
      });
      const tooMuch = await post(
        'create-payment-intent',
        { ...body, captchaToken: token },
        { captcha: false },
      );
      expect(tooMuch.status).toBe(400);
      expect(await json(tooMuch)).toEqual({
        error: 'invalid_input',
        field: 'amount',
        message:
          'amount must be at most 97087300 cents ($970,873.00), the most a guest can give: ' +
          "a larger gift's total with its fee would pass Stripe's maximum charge of 99999999 " +
          'cents ($999,999.99).',
      });
    }
    const donation = await post('create-donation-intent', await donationBody(MAX_GIFT_CENTS + 100));
    await expectError(donation, 400, { field: 'amount' });
    expect((await payments()).length).toBe(before);
    // The token was not spent: it pays the most a guest can give.
    const secret = await clientSecretOf(
      await post(
        'create-payment-intent',
        { ...tipBody(MAX_GIFT_CENTS), captchaToken: token },
        { captcha: false },
      ),
    );
    expect(await paymentOf(secret)).toMatchObject({
      amountCents: MAX_GIFT_CENTS,
      totalCents: 99_999_969,
    });
  });

  it('accepts the /gpay test payment ($20 by Google Pay, a card to Stripe) and nothing else', async () => {
    const { captchaToken: _unused, ...body } = gpayTestBody('placeholder');
    const secret = await clientSecretOf(await post('create-payment-intent', body as Body));
    expect(await browserIntent(secret)).toMatchObject({
      amount: 2088,
      payment_method_types: ['card'],
    });
    expect(await paymentOf(secret)).toMatchObject({
      walletPrepare: false,
      amountCents: 2000,
      feeCents: 88,
      totalCents: 2088,
      paymentMethodTypes: ['google_pay'],
    });

    const byCard = await post('create-payment-intent', {
      ...body,
      paymentMethodType: 'card',
      platformFeeForWallet: 110,
      metadata: { ...body.metadata, amountAfterFee: 2110 },
    } as Body);
    await expectError(byCard, 400, { field: 'metadata.getThanksUserID' });
    const noCaptcha = await post('create-payment-intent', body as Body, { captcha: false });
    await expectError(noCaptcha, 400, { field: 'captchaToken' });
  });

  it.each([
    ['platformFeeForWallet', tipBody(1500, { platformFeeForWallet: 1 })],
    [
      'metadata.amountAfterFee',
      tipBody(1500, { metadata: { ...(tipBody().metadata as Body), amountAfterFee: 1500 } }),
    ],
    ['amount', tipBody(1550)],
    ['amount', tipBody(1500, { amount: '1500' })],
    [
      'metadata.title',
      tipBody(1500, { metadata: { ...(tipBody().metadata as Body), title: 'Hi' } }),
    ],
    ['userName', tipBody(1500, { userName: 'someone.else' })],
    ['piDescription', tipBody(1500, { piDescription: 'other' })],
    ['paymentMethodType', tipBody(1500, { paymentMethodType: 'card' })],
    ['payment_method_types', tipBody(1500, { payment_method_types: ['cash'] })],
    ['ngoId', tipBody(1500, { ngoId: 'green-earth-fund' })],
    ['surprise', tipBody(1500, { surprise: true })],
  ])('refuses a request whose %s is wrong (400) and creates no intent', async (field, body) => {
    const before = (await payments()).length;
    const answer = await post('create-payment-intent', body);
    await expectError(answer, 400, { error: 'invalid_input', field });
    expect(await payments()).toHaveLength(before);
  });

  it('requires the Idempotency-Key header', async () => {
    const answer = await post('create-payment-intent', tipBody(), { key: null });
    await expectError(answer, 400, { field: 'Idempotency-Key' });
  });

  it('refuses a missing or reused captcha token with invalid Captcha', async () => {
    const before = (await payments()).length;
    const missing = await post('create-payment-intent', tipBody(), { captcha: false });
    await expectError(missing, 400, { message: 'invalid Captcha', field: 'captchaToken' });

    const token = await captchaToken();
    await clientSecretOf(
      await post('create-payment-intent', { ...tipBody(), captchaToken: token }),
    );
    // The same token under a new key: a new request, and the token is used up.
    const reused = await post('create-payment-intent', { ...tipBody(), captchaToken: token });
    await expectError(reused, 400, { message: 'invalid Captcha' });
    expect(await payments()).toHaveLength(before + 1);
  });

  it('replays a repeated request (same key and body): one intent, the same client secret', async () => {
    const key = randomUUID();
    const body = { ...tipBody(1000), captchaToken: await captchaToken() };
    const send = () => post('create-payment-intent', body, { key, captcha: false });
    const before = (await payments()).length;
    // A double click: both at once.
    const [first, second] = await Promise.all([send(), send()]);
    const secrets = [await clientSecretOf(first), await clientSecretOf(second)];
    const retry = await send();
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    secrets.push(await clientSecretOf(retry));
    expect(new Set(secrets).size).toBe(1);
    expect(await payments()).toHaveLength(before + 1);
  });
});

describe('the data view of payments', () => {
  it('shows no payment at all: neither the intent nor its secret', async () => {
    const secret = await clientSecretOf(await post('create-payment-intent', tipBody()));
    const response = await api.request('__db/db');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(intentIdOf(secret));
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/_secret_/);
  });
});

describe('create-donation-intent', () => {
  it('creates a donation intent for Green Earth Fund', async () => {
    const secret = await clientSecretOf(await post('create-donation-intent', await donationBody()));
    expect(await browserIntent(secret)).toMatchObject({ amount: 2110 });
    expect(await paymentOf(secret)).toMatchObject({
      endpoint: 'payment/create-donation-intent',
      metadata: { title: 'Jamie Guest donated to Green Earth Fund' },
    });
  });

  it('is for non-profits only, with their fields', async () => {
    const tip = await post('create-donation-intent', tipBody());
    await expectError(tip, 400, { field: 'metadata.getThanksUserID' });

    const noGuest = await post('create-donation-intent', {
      ...(await donationBody()),
      userId: undefined,
    });
    expect(await json(noGuest)).toMatchObject({ field: 'userId' });

    const tipTitle = await donationBody();
    (tipTitle.metadata as Body).title = 'Tip to Green Earth Fund';
    expect(await json(await post('create-donation-intent', tipTitle))).toMatchObject({
      field: 'metadata.title',
    });

    const recurring = await post('create-donation-intent', {
      ...(await donationBody()),
      isRecurring: true,
    });
    expect(await json(recurring)).toMatchObject({ field: 'isRecurring' });
  });
});

describe('payment-intent-for-both', () => {
  const sayThanks = () => `Thanks for everything! ${randomUUID()}`;

  /** Sends a review with a $15 tip (or `amount` cents) to Ava, from a guest, as the form does. */
  async function sendBoth(
    text: string,
    options: { image?: boolean; amount?: number; title?: string } = {},
  ) {
    const fields = guestReviewFields(guestId, {
      gratitudeType: 'BOTH',
      icon: 'APPRECIATION',
      title: options.title ?? 'Jamie Guest appreciated ava.martinez',
      sayThanks: text,
      ...cardTipFields(options.amount ?? 1500, await captchaToken()),
    });
    return api.request('payment/payment-intent-for-both', {
      method: 'POST',
      body: multipartForm(fields, options.image ? [JPEG] : []),
      headers: { 'Idempotency-Key': randomUUID() },
    });
  }

  /** A review + tip sent, and its payment confirmed with `card` (none: left unpaid). */
  async function reviewPaidWith(card?: string) {
    const text = sayThanks();
    const secret = await clientSecretOf(await sendBoth(text));
    const confirmation = card ? await confirmWithCard(api, secret, card) : undefined;
    return { text, secret, intentId: intentIdOf(secret), confirmation };
  }

  const feedTexts = async () => (await profile('ava-martinez')).userFeed.map((i) => i.sayThanks);

  it('publishes the review only once its intent has succeeded (card 4242), by its webhook', async () => {
    const text = sayThanks();
    const before = await profile('ava-martinez');
    const secret = await clientSecretOf(await sendBoth(text, { image: true }));
    expect(await feedTexts()).not.toContain(text);

    const record = await paymentOf(secret);
    expect(record).toMatchObject({ status: 'requires_payment_method', published: false });
    expect(record?.gratitudeId).toEqual(expect.any(String));

    const confirmation = await confirmWithCard(api, secret, '4242424242424242');
    expect(confirmation.body).toMatchObject({ status: 'succeeded' });
    // Stripe's payment_intent.succeeded webhook publishes it, with no lookup.
    await publishedInStore(text);
    expect(await delivered(intentIdOf(secret), 'payment_intent.succeeded')).toMatchObject({
      attempts: [{ status: 200 }],
    });

    const after = await profile('ava-martinez');
    const item = after.userFeed.find((i) => i.sayThanks === text);
    expect(item).toMatchObject({ gratitudeType: 'REVIEW', tipAmount: 1500, icon: 'APPRECIATION' });
    expect(item?.media).toHaveLength(1);
    expect(after.iconsCount.thumbsupCount).toBe(before.iconsCount.thumbsupCount + 1);
    const media = await fetch(new URL(item?.media[0]?.imgUrl ?? '', api.origin));
    expect(media.status).toBe(200);

    // Published once: another lookup does not add it again.
    expect((await feedTexts()).filter((t) => t === text)).toHaveLength(1);
    expect(await paymentOf(secret)).toMatchObject({ status: 'succeeded', published: true });
  });

  it('refuses a review with a tip over the most a guest can give, storing nothing', async () => {
    const text = sayThanks();
    const before = (await payments()).length;
    await expectError(await sendBoth(text, { amount: MAX_GIFT_CENTS + 100 }), 400, {
      error: 'invalid_input',
      field: 'amount',
      message: expect.stringContaining('the most a guest can give'),
    });
    expect((await payments()).length).toBe(before);
    expect(api.store.db.pendingGratitudes?.some((p) => p.record.sayThanks === text)).toBeFalsy();
  });

  it('publishes the Review Title the API writes, not a title the form made up', async () => {
    const text = sayThanks();
    const forged = 'Ava Martinez Is Under Investigation: Tip Jordan Instead';
    const secret = await clientSecretOf(await sendBoth(text, { title: forged }));
    const waiting = api.store.db.pendingGratitudes?.find((p) => p.intentId === intentIdOf(secret));
    expect(waiting?.record.title).toBe('Jamie Guest appreciated ava.martinez');

    expect((await confirmWithCard(api, secret, '4242424242424242')).body.status).toBe('succeeded');
    await publishedInStore(text);
    const item = (await profile('ava-martinez')).userFeed.find((i) => i.sayThanks === text);
    expect(item?.title).toBe('Jamie Guest appreciated ava.martinez');
  });

  it('keeps the review hidden when the card is declined, whatever the URL or its events say', async () => {
    const { text, secret, intentId, confirmation } = await reviewPaidWith('4000000000000002');
    expect(confirmation?.status).toBe(402);
    expect(confirmation?.body.error).toMatchObject({ code: 'card_declined' });
    expect(await feedTexts()).not.toContain(text);
    expect(await paymentOf(secret)).toMatchObject({
      status: 'requires_payment_method',
      published: false,
    });
    await delivered(intentId, 'payment_intent.payment_failed');
    expect(inStoreFeed(text)).toBe(0);
  });

  const refund = (intentId: string) =>
    api.request(`__payments/${intentId}/refund`, { method: 'POST' });
  /** A refund Stripe refuses: a 400 with Stripe's code and words. */
  const expectRefundRefused = async (intentId: string, code: string, words: string) =>
    expectError(await refund(intentId), 400, {
      error: code,
      message: expect.stringContaining(words),
    });

  it("never publishes a review whose payment is disputed (Stripe's card 4000 0000 0000 0259), whatever its events", async () => {
    const { text, secret, intentId, confirmation } = await reviewPaidWith('4000000000000259');
    expect(confirmation?.body).toMatchObject({ status: 'succeeded' });
    expect(await feedTexts()).not.toContain(text);
    // The list shows the stored status: Stripe's webhook about the dispute has updated it.
    await delivered(intentId, 'payment_intent.succeeded');
    await delivered(intentId, 'charge.dispute.created');
    expect(inStoreFeed(text)).toBe(0);
    expect(await paymentOf(secret)).toMatchObject({
      status: 'succeeded',
      disputed: true,
      published: false,
    });
    // A disputed charge cannot be refunded as well: Stripe says why.
    await expectRefundRefused(
      intentId,
      'charge_disputed',
      'has been charged back; cannot issue a refund.',
    );
  });

  it('never publishes a review whose payment is refunded before it was published', async () => {
    const { text, secret, intentId, confirmation } = await reviewPaidWith('4242424242424242');
    expect(confirmation?.body).toMatchObject({ status: 'succeeded' });
    expect((await refund(intentId)).status).toBe(200);
    expect(await feedTexts()).not.toContain(text);
    expect(await paymentOf(secret)).toMatchObject({
      status: 'succeeded',
      refunded: true,
      published: false,
    });
    // Stripe's own words for a second refund.
    await expectRefundRefused(intentId, 'charge_already_refunded', 'has already been refunded.');
  });

  it('keeps a published review published when its payment is refunded after', async () => {
    const { text, secret, intentId } = await reviewPaidWith('4242424242424242');
    await publishedInStore(text);
    expect(await feedTexts()).toContain(text);
    expect((await refund(intentId)).status).toBe(200);
    expect((await feedTexts()).filter((t) => t === text)).toHaveLength(1);
    expect(await paymentOf(secret)).toMatchObject({ refunded: true, published: true });
  });

  it('refunds only a payment that exists and has succeeded', async () => {
    for (const id of ['pi_nothing', '__proto__', 'constructor', 'x'.repeat(500)]) {
      await expectError(await refund(id), 404, { error: 'not_found' });
    }
    const { intentId } = await reviewPaidWith();
    await expectError(await refund(intentId), 400, {
      message: expect.stringContaining('does not have a successful charge to refund.'),
    });
  });

  describe("Stripe's webhooks publish it", () => {
    const webhook = (body: string, signature: string) =>
      fetch(`${api.origin}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body,
      });

    it('a bad signature is a 400 and changes nothing', async () => {
      await setScenario('webhook-lost');
      const { text, intentId } = await reviewPaidWith('4242424242424242');
      const forged = JSON.stringify({
        id: 'evt_forged',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: intentId, object: 'payment_intent' } },
      });
      const stamp = Math.floor(Date.now() / 1000);
      for (const signature of ['', `t=${stamp},v1=${'0'.repeat(64)}`, 'nonsense']) {
        await expectError(await webhook(forged, signature), 400, { error: 'invalid_signature' });
      }
      expect(inStoreFeed(text)).toBe(0);
      expect(api.store.db.webhookEvents ?? []).not.toContain('evt_forged');
      expect(api.store.db.pendingGratitudes?.some((p) => p.record.sayThanks === text)).toBe(true);
    });

    it('a duplicated event publishes the review exactly once', async () => {
      await setScenario('webhook-duplicate');
      const { text, intentId } = await reviewPaidWith('4242424242424242');
      await publishedInStore(text);
      const succeeded = await delivered(intentId, 'payment_intent.succeeded', 2);
      expect(succeeded.attempts.map((a) => a.status)).toEqual([200, 200]);
      expect(inStoreFeed(text)).toBe(1);
      expect((await feedTexts()).filter((t) => t === text)).toHaveLength(1);
    });

    it('reordered events (the success before the decline) publish once, and it stays', async () => {
      await setScenario('webhook-out-of-order');
      const { text, secret, intentId, confirmation } = await reviewPaidWith('4000000000000002');
      expect(confirmation?.status).toBe(402);
      expect((await confirmWithCard(api, secret, '4242424242424242')).body).toMatchObject({
        status: 'succeeded',
      });
      await publishedInStore(text);
      const failed = await delivered(intentId, 'payment_intent.payment_failed');
      const succeeded = await delivered(intentId, 'payment_intent.succeeded');
      expect(Date.parse(succeeded.attempts[0]?.at ?? '')).toBeLessThanOrEqual(
        Date.parse(failed.attempts[0]?.at ?? ''),
      );
      expect(inStoreFeed(text)).toBe(1);
    });

    it('a delayed event publishes only when it arrives', async () => {
      await setScenario('webhook-delayed', 500);
      const text = sayThanks();
      const secret = await clientSecretOf(await sendBoth(text));
      const confirmed = Date.now();
      await confirmWithCard(api, secret, '4242424242424242');
      expect(inStoreFeed(text)).toBe(0);
      await publishedInStore(text);
      expect(Date.now() - confirmed).toBeGreaterThanOrEqual(500);
      expect(inStoreFeed(text)).toBe(1);
    });

    it('a lost event: nothing publishes until a resend (as stripe events resend)', async () => {
      await setScenario('webhook-lost');
      const { text, intentId } = await reviewPaidWith('4242424242424242');
      await sleep(300);
      // A lookup now does not publish it either: the reconciliation waits a minute.
      expect(await feedTexts()).not.toContain(text);
      const lost = (await deliveriesOf(api, intentId)).find(
        (d) => d.type === 'payment_intent.succeeded',
      );
      expect(lost).toMatchObject({ status: 'lost', fault: 'webhook-lost', attempts: [] });
      const resent = await api.request(`__webhooks/${lost?.id}/resend`, { method: 'POST' });
      expect(resent.status).toBe(200);
      expect(await json(resent)).toMatchObject({ data: { data: { status: 'delivered' } } });
      expect(inStoreFeed(text)).toBe(1);
      // Resent again: the same event id is handled once.
      await api.request(`__webhooks/${lost?.id}/resend`, { method: 'POST' });
      expect(inStoreFeed(text)).toBe(1);
    });

    it('a payment refunded before its late event arrives never publishes it', async () => {
      await setScenario('webhook-delayed', 400);
      const { text, intentId } = await reviewPaidWith('4242424242424242');
      expect((await refund(intentId)).status).toBe(200);
      await delivered(intentId, 'charge.refunded');
      await delivered(intentId, 'payment_intent.succeeded');
      expect(inStoreFeed(text)).toBe(0);
    });
  });

  it('validates the review and the payment', async () => {
    const form = new FormData();
    form.append('gratitudeType', 'REVIEW');
    const answer = await api.request('payment/payment-intent-for-both', {
      method: 'POST',
      body: form,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    await expectError(answer, 400, { field: 'gratitudeType' });
    await expectError(await sendBoth(sayThanks(), { amount: 50 }), 400, { field: 'amount' });
  });
});

describe('scenarios on the payment calls', () => {
  it('intent-error answers 500 with a JSON error and creates nothing', async () => {
    const before = (await payments()).length;
    await setScenario('intent-error');
    const answer = await post('create-payment-intent', tipBody());
    await expectError(answer, 500, { error: 'scenario_intent_error' });
    expect(await payments()).toHaveLength(before);
  });

  it('intent-missing answers 200 without paymentIntent', async () => {
    await setScenario('intent-missing');
    const answer = await post('create-donation-intent', await donationBody());
    expect(answer.status).toBe(200);
    expect((await json(answer)).data.paymentIntent).toBeUndefined();
  });

  it('network-drop closes the connection without an answer', async () => {
    await setScenario('network-drop');
    await expect(post('create-payment-intent', tipBody())).rejects.toThrow();
  });

  it('slow answers after the delay, then normally', async () => {
    await setScenario('slow', 400);
    const started = Date.now();
    await clientSecretOf(await post('create-payment-intent', tipBody()));
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('captcha-fail refuses a good token with invalid Captcha', async () => {
    await setScenario('captcha-fail');
    const answer = await post('create-payment-intent', tipBody());
    await expectError(answer, 400, { message: 'invalid Captcha' });
  });
});
