// Stripe's webhook endpoint given validly signed calls that are no event it can handle (a 400 that
// stores nothing, never a 500), and signatures stamped out of tolerance or with no time at all.
import { createHmac, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { type RunningMockApi, startMockApi } from '../testing';
import { EMULATOR_WEBHOOK_SECRET } from './payments/webhooks';

const SECRET = process.env.STRIPE_WEBHOOK_SECRET ?? EMULATOR_WEBHOOK_SECRET;
const sdk = new Stripe('sk_test_signing_only');
const nowSeconds = () => Math.floor(Date.now() / 1000);

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

/** Signs `payload` as Stripe does, stamped `timestamp` (seconds; default now). */
const sign = (payload: string, timestamp = nowSeconds()) =>
  sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });

async function deliver(payload: string, signature = sign(payload)) {
  const answer = await fetch(`${api.origin}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  const text = await answer.text();
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: answer.status, body: JSON.parse(text) as Record<string, unknown> };
}

const handled = () => [...(api.store.db.webhookEvents ?? [])];

function event(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: nowSeconds(),
    data: { object: { id: `pi_${randomUUID().replace(/-/g, '')}`, object: 'payment_intent' } },
    ...overrides,
  };
}

describe('a validly signed call that is no event it can handle', () => {
  const charge = (paymentIntent: unknown) =>
    event({
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', payment_intent: paymentIntent } },
    });

  it.each([
    ['a body that is not JSON', 'not json', undefined],
    ['a JSON array', '[]', undefined],
    ['an object as id', event({ id: { $ne: null } }), 'id'],
    ['an empty id', event({ id: '' }), 'id'],
    ['no type', event({ type: undefined }), 'type'],
    ['created as text', event({ created: '1700000000' }), 'created'],
    ['a list as object', event({ data: { object: [] } }), 'data.object'],
    [
      'a PaymentIntent event with an object as the intent id',
      event({ data: { object: { id: { nested: 'pi_1' } } } }),
      'data.object.id',
    ],
    [
      'a charge event with an object as its payment_intent',
      charge({ id: 'pi_1' }),
      'data.object.payment_intent',
    ],
  ])('%s is a 400 that stores nothing', async (_label, sent, field) => {
    const before = handled();
    const answer = await deliver(typeof sent === 'string' ? sent : JSON.stringify(sent));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_event', ...(field ? { field } : {}) });
    expect(handled()).toEqual(before);
  });

  it('takes a well-formed event, about a charge with no intent too, once per id', async () => {
    for (const sent of [event(), charge(null), event({ type: 'customer.created' })]) {
      const payload = JSON.stringify(sent);
      expect(await deliver(payload)).toEqual({ status: 200, body: { received: true } });
      expect(handled()).toContain(sent.id);
      expect(await deliver(payload)).toEqual({
        status: 200,
        body: { received: true, duplicate: true },
      });
    }
  });
});

describe("the signature's timestamp", () => {
  it.each([
    ['an hour ahead', 3600],
    ['an hour behind', -3600],
  ])('refuses an event signed %s (Stripe tolerates 300 s)', async (_label, offset) => {
    const sent = event();
    const payload = JSON.stringify(sent);
    const answer = await deliver(payload, sign(payload, nowSeconds() + offset));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_signature' });
    expect(handled()).not.toContain(sent.id);
  });

  it('takes a clock a minute ahead of this one', async () => {
    const payload = JSON.stringify(event());
    const answer = await deliver(payload, sign(payload, nowSeconds() + 60));
    expect(answer).toEqual({ status: 200, body: { received: true } });
  });

  it('refuses a timestamp that is not a time, even with a signature that matches it', async () => {
    const sent = event();
    const payload = JSON.stringify(sent);
    // The SDK reads t=soon as NaN, signs "NaN.<payload>" and finds a NaN age within tolerance.
    const v1 = createHmac('sha256', SECRET).update(`NaN.${payload}`, 'utf8').digest('hex');
    const answer = await deliver(payload, `t=soon,v1=${v1}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_signature' });
    expect(handled()).not.toContain(sent.id);
  });
});
