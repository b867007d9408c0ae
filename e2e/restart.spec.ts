// A demo killed (SIGKILL) and started again on the same data loses no money state: the open card
// form pays, the review + tip is published once paid, and no temp or orphan file is left.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { GUEST_TOKEN, test, expect, gotoWaitsForApp, waitForApp } from './fixtures';
import {
  passCaptcha,
  payAndAcknowledge,
  CARD_OPTION,
  guestName,
  startFlow,
} from './payment-helpers';
import { freePort, startPreview, type PreviewServer } from '../scripts/serverProcess';

const PROFILE = 'priya-natarajan';
const PHOTO = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-feed-01.jpg');

/** Writes the review with a photo, adds a tip and gets to the card form (the intent is made). */
async function reviewWithTipToCardForm(page: Page, text: string) {
  await expect(page.getByLabel('Say thanks')).toBeVisible();
  await page.getByLabel('Say thanks').fill(text);
  await page.getByLabel('Attach photos or a video').setInputFiles(PHOTO);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await page.getByRole('button', { name: 'Add Gift' }).click();
  const tip = page.getByRole('region', { name: 'Your tip' });
  await tip.getByLabel('Other (in Dollars)').fill('12');
  await passCaptcha(page);
  await tip.getByRole('button', { name: CARD_OPTION }).click();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
}

/** The data folder's temp files (an atomic write's, an upload's) and uploads no record names. */
async function leftovers(dataDir: string): Promise<string[]> {
  const data = await readFile(path.join(dataDir, 'db.json'), 'utf8');
  const named = new Set([...data.matchAll(/uploads\/([^"/?#\s]+)/g)].map((m) => m[1]));
  const temp = (await readdir(dataDir)).filter((name) => name.endsWith('.tmp'));
  const uploads = await readdir(path.join(dataDir, 'uploads'));
  return [
    ...temp,
    ...uploads
      .filter((name) => name.startsWith('.') || !named.has(name))
      .map((n) => `uploads/${n}`),
  ];
}

async function storedUploads(dataDir: string): Promise<string[]> {
  return (await readdir(path.join(dataDir, 'uploads'))).filter((name) => !name.startsWith('.'));
}

interface FeedItem {
  sayThanks: string;
  media: { imgUrl: string }[];
}

/** The profile's feed as anyone's lookup answers it. */
async function feed(page: Page): Promise<FeedItem[]> {
  const response = await page.request.post('/api/gratitude/findUser', {
    headers: { Authorization: `Bearer ${GUEST_TOKEN}`, Connection: 'close' },
    data: { _id: PROFILE, profilePage: true },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.data.userFeed as FeedItem[];
}

const feedTexts = async (page: Page) => (await feed(page)).map((item) => item.sayThanks);

test('a guest on the card form pays on it after the demo is killed and started again', async ({
  browser,
  saveScreenshot,
}) => {
  test.slow(); // two server starts and a payment journey
  const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-restart-'));
  const port = await freePort();
  let server: PreviewServer | undefined;
  try {
    server = await startPreview('grati-restart', { dataDir, port });
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = gotoWaitsForApp(await context.newPage());
    const guest = guestName('Restart Guest');
    const text = `Thanks, through a restart, from ${guest}`;
    await startFlow(page, PROFILE, /^Recognize/, guest);
    await reviewWithTipToCardForm(page, text);
    // Sent with its photo, waiting for its payment: not on the profile.
    expect(await feedTexts(page)).not.toContain(text);
    const [photo] = await storedUploads(dataDir);
    expect(photo).toBeDefined();

    await server.kill('SIGKILL');
    // What a kill can leave besides: a commit's temp file, an upload being received, and a
    // stored upload whose review was never committed.
    await writeFile(path.join(dataDir, `.db.json.${randomUUID().slice(-12)}.tmp`), '{');
    await writeFile(path.join(dataDir, 'uploads', `.upload-${randomUUID()}`), 'partial');
    await writeFile(path.join(dataDir, 'uploads', `${randomUUID()}.jpg`), 'orphan');
    server = await startPreview('grati-restart', { dataDir, port });
    expect(await leftovers(dataDir)).toEqual([]);
    // The review's photo is named by its pending record: kept.
    expect(await storedUploads(dataDir)).toEqual([photo]);

    // The same page, the same form, the same client secret: the payment goes through.
    await payAndAcknowledge(page, 'priya-natarajan');
    // Published (its webhook came to the restarted server), with its photo, for everyone.
    await expect.poll(() => feedTexts(page)).toContain(text);
    await page.reload();
    await waitForApp(page);
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card).not.toContainText('Being confirmed');
    const item = (await feed(page)).find((i) => i.sayThanks === text);
    expect(item?.media.map((m) => path.basename(m.imgUrl))).toEqual([photo]);
    await saveScreenshot('restart-published', page);
    expect(await leftovers(dataDir)).toEqual([]);
    await context.close();
  } finally {
    server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
