// Money state outlives a restart: the Stripe emulator's intents, charges and refunds are committed
// with the data, so a second mock API on the same folder carries on with them.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

let dataDir: string;
let tester: string;
const running: OpenMockApi[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-restart-'));
  tester = `jest-${randomUUID()}`;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.close()));
  await rm(dataDir, { recursive: true, force: true });
});

/** The mock API over this test's data folder (the one before it stopped answering). */
async function start(): Promise<OpenMockApi> {
  const api = await openMockApi(dataDir, tester);
  running.push(api);
  return api;
}

async function restart(previous: OpenMockApi): Promise<OpenMockApi> {
  running.splice(running.indexOf(previous), 1);
  await previous.close();
  return start();
}

const published = (api: OpenMockApi, text: string) =>
  api.store.db.feed.some((item) => item.sayThanks === text);

it('takes the card on the form a review + tip opened before the restart, and publishes it', async () => {
  const before = await start();
  const guestId = await createGuest(before, 'Jamie Guest');
  const text = `Paid after a restart ${randomUUID()}`;
  const clientSecret = await sendReviewWithTip(before, guestId, text);

  const after = await restart(before);
  // The form's client secret still works: Stripe.js reads the intent, then confirms it.
  expect(await browserIntent(after, clientSecret)).toMatchObject({
    status: 'requires_payment_method',
  });
  const paid = await confirmWithCard(after, clientSecret);
  expect(paid).toMatchObject({ status: 200, body: { status: 'succeeded' } });
  // Its payment_intent.succeeded webhook publishes it.
  await eventually(() => published(after, text), 'the review published');
  expect(await feedTexts(after)).toContain(text);
});

it('refunds a payment made before the restart, once', async () => {
  const before = await start();
  const guestId = await createGuest(before, 'Jamie Guest');
  const text = `Refunded after a restart ${randomUUID()}`;
  const clientSecret = await sendReviewWithTip(before, guestId, text);
  expect((await confirmWithCard(before, clientSecret)).body.status).toBe('succeeded');
  await eventually(() => published(before, text), 'the review published');

  const after = await restart(before);
  const intentId = intentIdOf(clientSecret);
  const refund = await after.request(`__payments/${intentId}/refund`, { method: 'POST' });
  expect(refund.status).toBe(200);
  expect(await refund.json()).toMatchObject({
    data: { data: { refund: { amount: 1595 }, payment: { refunded: true } } },
  });

  // The refund is money state too: after another restart, Stripe still knows it was refunded.
  const later = await restart(after);
  const again = await later.request(`__payments/${intentId}/refund`, { method: 'POST' });
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({ error: 'charge_already_refunded' });
});

it('remembers a declined attempt across a restart, and the intent can still be paid', async () => {
  const before = await start();
  const guestId = await createGuest(before, 'Jamie Guest');
  const clientSecret = await sendReviewWithTip(before, guestId, `Retried ${randomUUID()}`);
  const declined = await confirmWithCard(before, clientSecret, '4000000000000002');
  expect(declined.status).toBe(402);

  const after = await restart(before);
  // The decline is remembered (the intent's last error), and the intent can still be paid.
  expect(await browserIntent(after, clientSecret)).toMatchObject({
    status: 'requires_payment_method',
    last_payment_error: { code: 'card_declined' },
  });
  expect((await confirmWithCard(after, clientSecret)).body.status).toBe('succeeded');
});
