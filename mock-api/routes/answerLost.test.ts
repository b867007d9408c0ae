// The answer-lost scenario: a call does its work, then closes without an answer (for the caller's
// tester only); the same request again under its key gets the stored answer.
import { randomUUID } from 'node:crypto';
import {
  type RunningMockApi,
  intentIdOf,
  jsonPost,
  paymentRows,
  profileOf,
  startMockApi,
} from '../testing';
import { type AppCall, sendAsApp } from './payments/testing';

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

afterEach(() => api.request('__scenarios', jsonPost({ name: null })));

type Call = AppCall;

/** The call as the app makes it (a payment call with a fresh captcha token, as after a reload). */
const send = (call: Call, key: string, text: string, tester?: string) =>
  sendAsApp(api, guestId, call, { key, text, tester });

/** Where the call's work shows: the feed item's id, or the payment's intent, under the key. */
async function storedUnder(call: Call, key: string, text: string): Promise<string[]> {
  if (call.startsWith('gratitude/')) {
    const { userFeed } = await profileOf(api);
    return userFeed.filter((item) => item.sayThanks === text).map((item) => item.id);
  }
  const rows = await paymentRows(api);
  return rows.filter((row) => row.idempotencyKey === key).map((row) => row.intentId);
}

/** The id the answer names: the recognition's, or the intent's (from its client secret). */
async function idIn(answer: Response): Promise<string> {
  const body = (await answer.json()) as { data: { data?: { id: string }; paymentIntent?: string } };
  return body.data.data?.id ?? intentIdOf(body.data.paymentIntent ?? '');
}

it.each<Call>([
  'gratitude/create-gratitude',
  'gratitude/image-gratitude',
  'payment/payment-intent-for-both',
  'payment/create-payment-intent',
  'payment/create-donation-intent',
])('%s does its work, stores it, closes without an answer; a retry replays it', async (call) => {
  const key = randomUUID();
  const text = `Lost on the way back ${key}`;
  await api.request('__scenarios', jsonPost({ name: 'answer-lost' }));
  await expect(send(call, key, text)).rejects.toThrow('fetch failed');
  const stored = await storedUnder(call, key, text);
  expect(stored).toHaveLength(1);

  await api.request('__scenarios', jsonPost({ name: null }));
  const retry = await send(call, key, text);
  expect(retry.status).toBe(200);
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(await idIn(retry)).toBe(stored[0]);
  expect(await storedUnder(call, key, text)).toEqual(stored);
});

it("is the caller's tester's only", async () => {
  await api.request('__scenarios', jsonPost({ name: 'answer-lost' }));
  const other = await send('gratitude/create-gratitude', randomUUID(), 'Not lost', 'someone-else');
  expect(other.status).toBe(200);
  const alsoOther = await send('payment/create-payment-intent', randomUUID(), '', 'someone-else');
  expect(alsoOther.status).toBe(200);
});
