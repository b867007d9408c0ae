// A request answered with an error has changed nothing (issue 49, "Paid once, sent once"); sent
// again under its key once the fault is gone, it is stored once. Stripe's publishing webhook too.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { writeFileAtomic } from '../db/atomicFile';
import { DATA_FILE_NAME, EMULATORS_KEY, UPLOADS_DIR_NAME } from '../db/store';
import {
  type RunningMockApi,
  clientSecretOf,
  confirmWithCard,
  intentIdOf,
  paymentRows,
  profileOf,
  startMockApi,
} from '../testing';
import { rememberAnswer } from './idempotentRoutes';
import { deliveryWhen, sendAsApp } from './payments/testing';

// A module's exports are getters under SWC, which jest.spyOn cannot replace: the two functions a
// fault replaces are jest.fn()s that do as the real ones until a test says otherwise.
jest.mock('../db/atomicFile', () => ({
  ...jest.requireActual<object>('../db/atomicFile'),
  writeFileAtomic: jest.fn(),
}));
jest.mock('./idempotentRoutes', () => ({
  ...jest.requireActual<object>('./idempotentRoutes'),
  rememberAnswer: jest.fn(),
}));
const realWrite =
  jest.requireActual<typeof import('../db/atomicFile')>('../db/atomicFile').writeFileAtomic;
const realRemember =
  jest.requireActual<typeof import('./idempotentRoutes')>('./idempotentRoutes').rememberAnswer;
/** Ends every fault: both functions do as the real ones again. */
const faultsGone = () => {
  jest.mocked(writeFileAtomic).mockReset().mockImplementation(realWrite);
  jest.mocked(rememberAnswer).mockReset().mockImplementation(realRemember);
};
faultsGone();
beforeEach(faultsGone);

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

const send = (endpoint: Endpoint, key: string, text: string) =>
  sendAsApp(api, guestId, endpoint, { key, text });

const feed = async () => (await profileOf(api)).userFeed;

/** What a client can see of the data: the feed, the payments, the data file and the uploads. */
async function observed() {
  const payments = await paymentRows(api);
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
    jest.mocked(writeFileAtomic).mockImplementation((target, contents) => {
      if (!String(contents).includes(text)) return realWrite(target, contents);
      const error = Object.assign(new Error('ENOSPC: no space left on device (injected)'), {
        code: 'ENOSPC',
      });
      return Promise.reject(error);
    }),
  /** The change throws after it has added the review (as its last step, the answer, fails). */
  'its change throws half-way': () =>
    jest.mocked(rememberAnswer).mockImplementation(() => {
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
    faults[fault](text);

    const failed = await send(endpoint, key, text);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(logged).toHaveBeenCalledWith('[mock-api]', expect.any(Error));
    expect(await observed()).toEqual(before);
    // Nor does the next write save anything of it.
    await api.createGuest('Next Guest', `next-${key}@example.com`);
    expect(await readFile(path.join(api.dataDir, DATA_FILE_NAME), 'utf8')).not.toContain(text);
    expect(storedCopies(text)).toBe(0);

    faultsGone();
    const stored = await send(endpoint, key, text);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('idempotent-replayed')).toBeNull();
    const storedUploads = (await observed()).uploads;
    const replayed = await send(endpoint, key, text);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await stored.json());
    expect(storedCopies(text)).toBe(1);
    const after = await observed();
    expect(after.uploads).toEqual(storedUploads);
    const paid = endpoint === 'payment/payment-intent-for-both';
    expect(after.payments).toHaveLength(before.payments.length + (paid ? 1 : 0));
    // A review + tip waits for its payment, out of the feed.
    expect(after.feed.filter((item) => item.sayThanks === text)).toHaveLength(paid ? 0 : 1);
  });
});

describe("Stripe's webhook that publishes a paid review", () => {
  const settled = (intentId: string, type: string) =>
    deliveryWhen(api, intentId, type, (row) => row.status !== 'scheduled', 10_000);

  const feedCopies = async (text: string) =>
    (await feed()).filter((item) => item.sayThanks === text).length;

  it('is answered 500 and publishes nothing when its write fails; a resend publishes it once', async () => {
    const key = randomUUID();
    const text = `Published once ${key}`;
    const paymentIntent = await clientSecretOf(
      await send('payment/payment-intent-for-both', key, text),
    );
    const intentId = intentIdOf(paymentIntent);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // Only a write that would publish it fails: Stripe's own commit of the payment goes through.
    jest.mocked(writeFileAtomic).mockImplementation((target, contents) => {
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

    faultsGone();
    const resend = () => api.request(`__webhooks/${failed.id}/resend`, { method: 'POST' });
    expect((await resend()).status).toBe(200);
    expect(await feedCopies(text)).toBe(1);
    expect((await resend()).status).toBe(200);
    expect(await feedCopies(text)).toBe(1);
  });
});
