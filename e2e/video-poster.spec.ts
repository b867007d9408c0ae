// A video's poster is a frame the guest can see (never a black one when a later frame is not), and
// a video the browser never manages to read gives up with a message instead of holding Submit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { VIDEO_READ_TIMEOUT_MS } from '../src/features/gratitude/media/videoThumbnail';
import { test, expect, holdRequests, pageClock, waitForApp, GUEST_TOKEN } from './fixtures';
import { startFlow } from './payment-helpers';
import { dataUrlBytes, meanLuma, recordDarkStartVideo } from './darkStartVideo';

const PROFILE = 'elliot-fairbanks';
const SEED_VIDEO = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-video-latte.mp4');
const TOO_SLOW = 'This video took too long to open. Please try again or choose another one.';

const attach = (page: Page) => page.getByLabel('Attach photos or a video');

/** The poster the feed shows for the recognition that says `sayThanks`. */
async function publishedPoster(page: Page, sayThanks: string): Promise<Buffer> {
  const response = await page.request.post('/api/gratitude/findUser', {
    headers: { Authorization: `Bearer ${GUEST_TOKEN}` },
    data: { _id: PROFILE, profilePage: true },
  });
  const feed = (await response.json()).data.data.userFeed as {
    sayThanks: string;
    media: { mimeType: string; thumbnailUrl?: string | null }[];
  }[];
  const sent = feed.find((item) => item.sayThanks === sayThanks);
  const posterUrl = sent?.media[0]?.thumbnailUrl;
  expect(posterUrl, 'the published video has a poster').toBeTruthy();
  return (await page.request.get(posterUrl!)).body();
}

test.describe('a video’s poster', () => {
  test('skips black first frames: the poster sent and published is a later, visible frame', async ({
    page,
    saveScreenshot,
  }) => {
    const video = await recordDarkStartVideo(page.context());
    await startFlow(page, PROFILE, /^Celebrate/, 'Robin Poster');
    const sayThanks = 'The dark start of this clip is not its poster.';
    await page.getByLabel('Say thanks').fill(sayThanks);
    await attach(page).setInputFiles(video);

    // The preview is the poster that will be sent.
    const preview = page.getByRole('img', { name: 'Video dark-start.mp4' });
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
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

    const response = page.waitForResponse('**/api/gratitude/image-gratitude');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await response).status()).toBe(200);
    await expect(page).toHaveURL(/show=true/);
    await waitForApp(page);

    const published = await meanLuma(await publishedPoster(page, sayThanks));
    expect(published.luma, 'the published poster is not black').toBeGreaterThan(60);
    expect(Math.max(published.width, published.height)).toBeLessThanOrEqual(300);
  });

  test('a video that never loads gives up after 10 s with a message, and Submit works again', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    // The file's bytes never reach the <video>: its address is one this test never answers (a
    // file on a stalled network drive, a cloud photo library that never hands the video over).
    const stuckPath = '/__test/stuck-video.mp4';
    await page.addInitScript((stuck) => {
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (object) =>
        object instanceof File && object.name === 'stuck.mp4' ? stuck : createObjectURL(object);
    }, stuckPath);
    const stuck = await holdRequests(page, `**${stuckPath}`);
    await pageClock.install(page);

    await startFlow(page, PROFILE, /^Appreciate/, 'Robin Stuck');
    await page.getByLabel('Say thanks').fill('Sent without the video that never opened.');
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeEnabled();

    await pageClock.pause(page);
    await attach(page).setInputFiles({
      name: 'stuck.mp4',
      mimeType: 'video/mp4',
      buffer: readFileSync(SEED_VIDEO),
    });
    const preparing = page.getByRole('status').filter({ hasText: 'Preparing your files...' });
    await expect(preparing).toBeVisible();
    await expect(submit).toBeDisabled();

    await page.clock.runFor(VIDEO_READ_TIMEOUT_MS - 1);
    await expect(preparing).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.clock.runFor(1);
    await expect(page.getByRole('alert').filter({ hasText: TOO_SLOW })).toBeVisible();
    await expect(preparing).toHaveCount(0);
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(attach(page)).toBeEnabled();
    await pageClock.withRealTimers(page, () => expectAccessible());
    await saveScreenshot('video-poster-too-slow');
    stuck.release();

    // Another video can be picked at once, and is read as usual.
    await page.clock.resume();
    await attach(page).setInputFiles(SEED_VIDEO);
    await expect(page.getByRole('img', { name: 'Video ava-video-latte.mp4' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: TOO_SLOW })).toHaveCount(0);
  });
});
