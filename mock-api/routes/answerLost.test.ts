// The answer-lost scenario: a call does its work, then closes without an answer (for the caller's
// tester only); the same request again under its key gets the stored answer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Envelope, FindUserResult } from '../../src/api/contract/types';
import {
  type RunningMockApi,
  cardTipFields,
  guestReviewFields,
  intentIdOf,
  jsonPost,
  startMockApi,
} from '../testing';
import { captchaToken, cardTipBody, donationBody, multipartForm } from '../testingSends';
import { TESTER_HEADER } from '../sharedDemo/testers';
import { SEED_MEDIA_DIR } from '../db/store';

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

afterEach(() => api.request('__scenarios', jsonPost({ name: null })));

type Call =
  | 'gratitude/create-gratitude'
  | 'gratitude/image-gratitude'
  | 'payment/payment-intent-for-both'
  | 'payment/create-payment-intent'
  | 'payment/create-donation-intent';

const JPEG = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-feed-01.jpg'));

/** The call as the app makes it (a payment call with a fresh captcha token, as after a reload). */
async function send(call: Call, key: string, text: string, tester = api.tester) {
  const headers = { 'Idempotency-Key': key, [TESTER_HEADER]: tester };
  const review = guestReviewFields(guestId, { sayThanks: text });
  let body: FormData | string;
  if (call === 'gratitude/create-gratitude') body = multipartForm(review);
  else if (call === 'gratitude/image-gratitude') body = multipartForm(review, [JPEG]);
  else if (call === 'payment/payment-intent-for-both') {
    const tip = cardTipFields(1500, await captchaToken(api));
    body = multipartForm({ ...review, ...tip, gratitudeType: 'BOTH' });
  } else {
    const token = await captchaToken(api);
    body = JSON.stringify(
      call === 'payment/create-payment-intent'
        ? cardTipBody(1500, token)
        : donationBody(guestId, 2000, token),
    );
    Object.assign(headers, { 'Content-Type': 'application/json' });
  }
  return api.request(call, { method: 'POST', body, headers });
}

/** Where the call's work shows: the feed item's id, or the payment's intent, under the key. */
async function storedUnder(call: Call, key: string, text: string): Promise<string[]> {
  if (call.startsWith('gratitude/')) {
    const lookup = await api.request('gratitude/findUser', jsonPost({ _id: 'ava-martinez' }));
    const feed = ((await lookup.json()) as Envelope<FindUserResult>).data.data.userFeed;
    return feed.filter((item) => item.sayThanks === text).map((item) => item.id);
  }
  const list = await api.request('__payments');
  const rows = ((await list.json()) as Envelope<{ idempotencyKey: string; intentId: string }[]>)
    .data.data;
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
