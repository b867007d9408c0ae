// The reconciliation a profile lookup runs, on a clock the test moves.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_FILE_NAME } from '../../db/store';
import { jsonPost, paymentRows } from '../../testing';
import {
  DEFAULT_GIVE_UP_AFTER_MS,
  DEFAULT_RECONCILE_AFTER_MS,
  DEFAULT_RECONCILE_EVERY_MS,
} from './reconcile';
import {
  type OpenMockApi,
  browserIntent,
  confirmWithCard,
  createGuest,
  eventually,
  feedTexts,
  intentIdOf,
  openMockApi,
  sendReviewWithTip,
} from './testing';

const MINUTE = 60_000;

let dataDir: string;
let api: OpenMockApi;
let guestId: string;
/** The reconciliation's clock: only the test moves it. */
let clock: number;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-reconcile-'));
  clock = Date.now();
  api = await openMockApi(dataDir, `jest-${randomUUID()}`, { now: () => clock });
  guestId = await createGuest(api, 'Jamie Guest');
});

afterEach(async () => {
  await api.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Lets Stripe's webhooks reach this mock API no more (as when they are lost). */
async function loseWebhooks(): Promise<void> {
  const answer = await api.request('__scenarios', jsonPost({ name: 'webhook-lost' }));
  expect(answer.status).toBe(200);
}

/** A review + tip left at the card step, once its payment_intent.created event is handled. */
async function abandonedReviewWithTip(text: string): Promise<string> {
  const handled = handledEvents();
  const clientSecret = await sendReviewWithTip(api, guestId, text);
  await eventually(() => handledEvents() > handled, 'payment_intent.created handled');
  return clientSecret;
}

async function dataFile() {
  await api.store.flush();
  const file = path.join(dataDir, DATA_FILE_NAME);
  return { mtimeMs: (await stat(file)).mtimeMs, bytes: await readFile(file) };
}

const handledEvents = () => api.store.db.webhookEvents?.length ?? 0;
const createdAtOf = (clientSecret: string) =>
  Date.parse(
    api.store.db.payments?.find((p) => p.intentId === intentIdOf(clientSecret))?.createdAt ?? '',
  );
const pendingOf = (clientSecret: string) =>
  api.store.db.pendingGratitudes?.find((p) => p.intentId === intentIdOf(clientSecret));

it('asks Stripe about an open payment at most every few minutes', async () => {
  await loseWebhooks();
  const text = `Paid with its webhook lost ${randomUUID()}`;
  const clientSecret = await sendReviewWithTip(api, guestId, text);

  // Old enough to ask, counted from the payment's creation (a loaded machine takes seconds to
  // get here): the lookup asks (still unpaid: nothing to publish).
  clock = createdAtOf(clientSecret) + DEFAULT_RECONCILE_AFTER_MS + 1000;
  expect(await feedTexts(api)).not.toContain(text);
  // Paid now, its webhook lost: the next lookups within the interval do not ask again.
  expect((await confirmWithCard(api, clientSecret)).body.status).toBe('succeeded');
  clock += DEFAULT_RECONCILE_EVERY_MS - MINUTE;
  expect(await feedTexts(api)).not.toContain(text);
  expect(await feedTexts(api)).not.toContain(text);
  // The interval over, a lookup asks again and publishes it.
  clock += MINUTE;
  expect((await feedTexts(api)).filter((t) => t === text)).toHaveLength(1);
  expect(pendingOf(clientSecret)).toBeUndefined();
});

it('gives up a payment still unpaid after a day: canceled at Stripe, its review withheld', async () => {
  const text = `Left at the card step ${randomUUID()}`;
  const clientSecret = await abandonedReviewWithTip(text);

  const handled = handledEvents();
  clock += DEFAULT_GIVE_UP_AFTER_MS + MINUTE;
  expect(await feedTexts(api)).not.toContain(text);
  expect(await browserIntent(api, clientSecret)).toMatchObject({
    status: 'canceled',
    cancellation_reason: 'abandoned',
  });
  expect(pendingOf(clientSecret)).toMatchObject({ withheld: 'canceled' });
  const rows = await paymentRows(api);
  expect(rows.find((row) => row.intentId === intentIdOf(clientSecret))?.status).toBe('canceled');

  // The form left open can no longer pay it, and nothing publishes it.
  const late = await confirmWithCard(api, clientSecret);
  expect(late.status).toBe(400);
  expect(late.body.error?.code).toBe('payment_intent_unexpected_state');
  // Given up for good (once payment_intent.canceled is handled): lookups neither ask nor write.
  await eventually(() => handledEvents() > handled, 'payment_intent.canceled handled');
  const before = await dataFile();
  clock += DEFAULT_RECONCILE_EVERY_MS + MINUTE;
  expect(await feedTexts(api)).not.toContain(text);
  expect(await dataFile()).toEqual(before);
});

it('leaves the data file untouched when lookups change nothing', async () => {
  const texts = [1, 2, 3].map((n) => `Abandoned ${n} ${randomUUID()}`);
  for (const text of texts) await abandonedReviewWithTip(text);
  const before = await dataFile();

  // Too young to ask; old enough (asked, still unpaid); asked again after the interval.
  for (const step of [0, DEFAULT_RECONCILE_AFTER_MS, DEFAULT_RECONCILE_EVERY_MS]) {
    clock += step + 1000;
    for (let lookup = 0; lookup < 3; lookup += 1) {
      expect(await feedTexts(api)).not.toContain(texts[0]);
    }
  }
  expect(await dataFile()).toEqual(before);
});
