// Sending a recognition as a guest with real files, and the stored result. The form's rules:
// GiveFlow.test.tsx, validateMedia.test.ts; three images with progress: photos.spec.ts.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, holdRequests, waitForApp, GUEST_TOKEN } from './fixtures';
import { CONGRATULATIONS, startFlow } from './payment-helpers';
import { dataUrlBytes, meanLuma, recordDarkStartVideo } from './darkStartVideo';
import { profileOf } from './suiteApi';
import {
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_VIDEO_LIMITS,
  MAX_IMAGES,
} from '../src/api/contract/limits';

const SEED = path.join(__dirname, '..', 'mock-api', 'seed', 'media');
const FILES = path.join(__dirname, 'files');
const seedFile = (name: string) => path.join(SEED, name);
const IMAGES = ['01', '02', '04', '05', '06', '07'].map((n) => seedFile(`ava-feed-${n}.jpg`));

const lookUp = (id: string) => profileOf(process.env.E2E_BASE_URL!, id);

/** Opens the profile, chooses a kind and gets through the guest details step. */
async function startRecognition(page: Page, profileId: string, kind: RegExp, guest = 'Kim Park') {
  await startFlow(page, profileId, kind, guest, 'example.travel');
  await expect(page.getByLabel('Say thanks')).toBeVisible();
}

const attach = (page: Page) => page.getByLabel('Attach photos or a video');

/** Waits until the attached video's preview is shown and has loaded its picture. */
async function previewLoaded(page: Page, name: string) {
  const preview = page.getByRole('img', { name });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return preview;
}

async function removeAll(page: Page) {
  const removeButtons = page.getByRole('button', { name: /^Remove / });
  while ((await removeButtons.count()) > 0) await removeButtons.first().click();
}

/** The poster the feed shows for the recognition on `profileId` that says `sayThanks`. */
async function publishedPoster(page: Page, profileId: string, sayThanks: string): Promise<Buffer> {
  const sent = (await lookUp(profileId)).userFeed.find((item) => item.sayThanks === sayThanks);
  const posterUrl = sent?.media[0]?.thumbnailUrl;
  expect(posterUrl, 'the published video has a poster').toBeTruthy();
  return (await page.request.get(posterUrl!)).body();
}

test.describe('sending a recognition', () => {
  test('a text-only recognition, sent with a double click: stored once, tops the feed with the names as written, its count one more', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // three former tests' checks around one send
    const profile = 'marcus-oconnell';
    const guest = "Anne-Marie McDonald O'Connell"; // 29 characters
    const words = `Thanks for the flat white, Marcus! ${Date.now()}`;
    const before = (await lookUp(profile)).iconsCount;

    await test.step("names keep the capitals they were written with: the profile's and the guest's", async () => {
      await page.goto(`/user_profile/${profile}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Marcus O'Connell");
      await expect(page).toHaveTitle("Marcus O'Connell | Grati");
      await startRecognition(page, profile, /^Gratitude/, guest);
      await expect(page.getByLabel('Review Title')).toHaveValue(`${guest} thanked marcus.oconnell`);
      await page.getByLabel('Say thanks').fill(words);
    });

    const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
    await test.step('a double click on Submit stores one recognition', async () => {
      // The first click's request is still unanswered when the second click comes.
      const create = await holdRequests(page, '**/api/gratitude/create-gratitude');
      await page.getByRole('button', { name: 'Submit' }).dblclick();
      create.release();
      await expect(dialog).toBeVisible();
      const feed = await page.request.get(`/api/__db/feed?userId=${profile}`, {
        headers: { Authorization: `Bearer ${GUEST_TOKEN}` },
      });
      const items = (await feed.json()) as { sayThanks: string }[];
      expect(items.filter((item) => item.sayThanks === words)).toHaveLength(1);
    });

    await test.step('a text-only recognition is stored, tops the feed after OK, and its count rises by one', async () => {
      await expect(page).toHaveURL(new RegExp(`/user_profile/${profile}\\?show=true$`));
      // The page the redirect opened is the server's until the app takes over.
      await waitForApp(page);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(new RegExp(`/user_profile/${profile}$`));
      await waitForApp(page);
      const first = page.getByRole('article').first();
      await expect(first).toContainText(words);
      // The guest's capitals as written; the profile's name title-cased.
      await expect(first.getByRole('heading')).toHaveText(`${guest} thanked Marcus.oconnell`);
      const after = (await lookUp(profile)).iconsCount;
      expect(after.thankyouCount).toBe(before.thankyouCount! + 1);
      expect(after.handshakeCount).toBe(before.handshakeCount);
      await expect(
        page.getByRole('button', { name: `Gratitude, received ${after.thankyouCount}` }),
      ).toBeVisible();
      await expectAccessible();
      await saveScreenshot('recognition-text-in-feed');
    });
  });

  test('the media rules with real files, then a video sent with a poster made in the browser: a visible frame, and a Play card', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow(); // the media rules, then a video's poster sent and published
    const profile = 'nadia-okafor';
    const video = await recordDarkStartVideo(page.context());
    await startRecognition(page, profile, /^Celebrate/, 'Robin Video');
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });

    await test.step('six images and a 40 s video show their rules’ messages, with real files', async () => {
      await attach(page).setInputFiles(IMAGES);
      await expect(alert(MESSAGE_TOO_MANY_IMAGES)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(MAX_IMAGES);
      await saveScreenshot('recognition-five-images');
      await removeAll(page);
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);

      await attach(page).setInputFiles(path.join(FILES, 'forty-seconds.mp4'));
      await expect(alert(MESSAGE_VIDEO_LIMITS)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove forty-seconds/ })).toHaveCount(0);
    });

    const sayThanks = `The dark start of this clip is not its poster. ${Date.now()}`;
    await test.step('skips black first frames: the poster sent and published is a later, visible frame', async () => {
      await page.getByLabel('Say thanks').fill(sayThanks);
      await attach(page).setInputFiles(video);
      // The preview is the poster that will be sent.
      const preview = await previewLoaded(page, 'Video dark-start.mp4');
      const previewPng = await preview.evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        canvas.getContext('2d')!.drawImage(img, 0, 0);
        return canvas.toDataURL('image/png');
      });
      expect(
        (await meanLuma(dataUrlBytes(previewPng))).luma,
        'the preview is not black',
      ).toBeGreaterThan(60);
      await saveScreenshot('video-poster-dark-start');

      // The API refuses a video without a JPEG thumbnail (by its bytes), so success shows it was sent.
      const response = page.waitForResponse('**/api/gratitude/image-gratitude');
      await page.getByRole('button', { name: 'Submit' }).click();
      expect((await response).status()).toBe(200);
      await expect(page).toHaveURL(/show=true/);
      await waitForApp(page);

      const published = await meanLuma(await publishedPoster(page, profile, sayThanks));
      expect(published.luma, 'the published poster is not black').toBeGreaterThan(60);
      expect(Math.max(published.width, published.height)).toBeLessThanOrEqual(300);
    });

    await test.step('a video recognition is sent: its card shows Play after OK', async () => {
      await page
        .getByRole('dialog', { name: CONGRATULATIONS })
        .getByRole('button', { name: 'OK' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/user_profile/${profile}$`));
      await waitForApp(page);
      // Found by its words: other specs send to this profile too.
      const card = page.getByRole('article').filter({ hasText: sayThanks });
      await expect(card.getByRole('heading')).toHaveText(/Robin Video celebrated/i);
      await expect(card.getByRole('button', { name: /^Play/ })).toBeVisible();
    });
  });
});
