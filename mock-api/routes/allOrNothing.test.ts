// A request answered with an error has changed nothing (issue 49, "Paid once, sent once"); sent
// again under its key once the fault is gone, it is stored once. Stripe's publishing webhook too.
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Envelope, FindUserResult } from '../../src/api/contract/types';
import * as atomicFile from '../db/atomicFile';
import { DATA_FILE_NAME, EMULATORS_KEY, SEED_MEDIA_DIR, UPLOADS_DIR_NAME } from '../db/store';
import {
  type RunningMockApi,
  cardTipFields,
  confirmWithCard,
  guestReviewFields,
  intentIdOf,
  jsonPost,
  startMockApi,
} from '../testing';
import { captchaToken, multipartForm } from '../testingSends';
import * as idempotentRoutes from './idempotentRoutes';

const JPEG = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-feed-01.jpg'));
const realWrite = atomicFile.writeFileAtomic;

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

afterEach(() => jest.restoreAllMocks());

type Endpoint =
  'gratitude/create-gratitude' | 'gratitude/image-gratitude' | 'payment/payment-intent-for-both';

/** The form the review form sends to `endpoint` with this text (a review + tip: a new token). */
async function form(endpoint: Endpoint, text: string): Promise<FormData> {
  const review = { sayThanks: text, getThanksUserId: 'ava-martinez' };
  if (endpoint === 'payment/payment-intent-for-both') {
    const tip = cardTipFields(1500, await captchaToken(api));
    return multipartForm(guestReviewFields(guestId, { ...review, ...tip, gratitudeType: 'BOTH' }));
  }
  const images = endpoint === 'gratitude/image-gratitude' ? [JPEG] : [];
  return multipartForm(guestReviewFields(guestId, review), images);
}

async function send(endpoint: Endpoint, key: string, text: string): Promise<Response> {
  const body = await form(endpoint, text);
  return api.request(endpoint, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
}

async function feed() {
  const lookup = await api.request('gratitude/findUser', jsonPost({ _id: 'ava-martinez' }));
  return ((await lookup.json()) as Envelope<FindUserResult>).data.data.userFeed;
}

/** What a client can see of the data: the feed, the payments, the data file and the uploads. */
async function observed() {
  const payments = ((await (await api.request('__payments')).json()) as Envelope<unknown[]>).data
    .data;
  await api.store.flush();
  // Stripe's own records are not the request's: its intent and creation event stay either way.
  const {
    [EMULATORS_KEY]: _stripe,
    webhookEvents: _handled,
    ...data
  } = JSON.parse(await readFile(path.join(api.dataDir, DATA_FILE_NAME), 'utf8')) as Record<
    string,
    unknown
  >;
  const uploads = (await readdir(path.join(api.dataDir, UPLOADS_DIR_NAME))).sort();
  return { feed: await feed(), payments, data, uploads };
}

/** How many stored things hold this text: feed items and reviews waiting for their payment. */
const storedCopies = (text: string) =>
  [...api.store.db.feed, ...(api.store.db.pendingGratitudes ?? []).map((p) => p.record)].filter(
    (item) => item.sayThanks === text,
  ).length;

const faults = {
  /** Every write of the data file holding the request's review fails, as on a full disk. */
  'its data file write fails': (text: string) =>
    jest.spyOn(atomicFile, 'writeFileAtomic').mockImplementation((target, contents) => {
      if (!String(contents).includes(text)) return realWrite(target, contents);
      const error = Object.assign(new Error('ENOSPC: no space left on device (injected)'), {
        code: 'ENOSPC',
      });
      return Promise.reject(error);
    }),
  /** The change throws after it has added the review (as its last step, the answer, fails). */
  'its change throws half-way': () =>
    jest.spyOn(idempotentRoutes, 'rememberAnswer').mockImplementation(() => {
      throw new Error('half-way (injected)');
    }),
};

describe.each(Object.keys(faults) as (keyof typeof faults)[])('when %s', (fault) => {
  it.each<Endpoint>([
    'gratitude/create-gratitude',
    'gratitude/image-gratitude',
    'payment/payment-intent-for-both',
  ])('%s answers 5xx, changes nothing, and is stored once when sent again', async (endpoint) => {
    const key = randomUUID();
    const text = `All or nothing ${key}`;
    const before = await observed();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const injected = faults[fault](text);

    const failed = await send(endpoint, key, text);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(logged).toHaveBeenCalledWith('[mock-api]', expect.any(Error));
    expect(await observed()).toEqual(before);
    // Nor does the next write save anything of it.
    await api.createGuest('Next Guest', `next-${key}@example.com`);
    expect(await readFile(path.join(api.dataDir, DATA_FILE_NAME), 'utf8')).not.toContain(text);
    expect(storedCopies(text)).toBe(0);

    injected.mockRestore();
    const stored = await send(endpoint, key, text);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await send(endpoint, key, text);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await stored.json());
    expect(storedCopies(text)).toBe(1);
    const after = await observed();
    const paid = endpoint === 'payment/payment-intent-for-both';
    expect(after.payments).toHaveLength(before.payments.length + (paid ? 1 : 0));
    // A review + tip waits for its payment, out of the feed.
    expect(after.feed.filter((item) => item.sayThanks === text)).toHaveLength(paid ? 0 : 1);
  });
});

describe("Stripe's webhook that publishes a paid review", () => {
  interface DeliveryRow {
    id: string;
    type: string;
    intentId: string | null;
    status: string;
  }

  async function delivery(intentId: string, type: string): Promise<DeliveryRow | undefined> {
    const rows = ((await (await api.request('__webhooks')).json()) as Envelope<DeliveryRow[]>).data
      .data;
    return rows.find((row) => row.intentId === intentId && row.type === type);
  }

  async function settled(intentId: string, type: string): Promise<DeliveryRow> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const row = await delivery(intentId, type);
      if (row && row.status !== 'scheduled') return row;
      if (Date.now() > deadline) throw new Error(`${type} was never delivered`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const feedCopies = async (text: string) =>
    (await feed()).filter((item) => item.sayThanks === text).length;

  it('is answered 500 and publishes nothing when its write fails; a resend publishes it once', async () => {
    const key = randomUUID();
    const text = `Published once ${key}`;
    const sent = await send('payment/payment-intent-for-both', key, text);
    expect(sent.status).toBe(200);
    const { paymentIntent } = ((await sent.json()) as { data: { paymentIntent: string } }).data;
    const intentId = intentIdOf(paymentIntent);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Only a write that would publish it fails: Stripe's own commit of the payment goes through.
    const publishing = jest
      .spyOn(atomicFile, 'writeFileAtomic')
      .mockImplementation((target, contents) => {
        const { feed } = JSON.parse(String(contents)) as { feed: { sayThanks: string }[] };
        if (!feed.some((item) => item.sayThanks === text)) return realWrite(target, contents);
        return Promise.reject(new Error('ENOSPC: no space left on device (injected)'));
      });

    expect((await confirmWithCard(api, paymentIntent)).body.status).toBe('succeeded');
    const failed = await settled(intentId, 'payment_intent.succeeded');
    expect(failed.status).toBe('failed');
    expect(logged).toHaveBeenCalledWith('[mock-api]', expect.any(Error));
    expect(await feedCopies(text)).toBe(0);
    expect(storedCopies(text)).toBe(1); // still waiting for its payment, as before

    publishing.mockRestore();
    const resend = () => api.request(`__webhooks/${failed.id}/resend`, { method: 'POST' });
    expect((await resend()).status).toBe(200);
    expect(await feedCopies(text)).toBe(1);
    expect((await resend()).status).toBe(200);
    expect(await feedCopies(text)).toBe(1);
  });
});
