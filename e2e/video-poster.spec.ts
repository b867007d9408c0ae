// A video the browser never manages to read gives up with a message instead of holding Submit.
// (A first-black-frame video's poster: recognition.spec.ts, "the media rules with real files…".)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  ATTACH_LABEL,
  VIDEO_TOO_SLOW as TOO_SLOW,
} from '../src/features/gratitude/media/MediaPicker';
import { VIDEO_READ_TIMEOUT_MS } from '../src/features/gratitude/media/videoThumbnail';
import { test, expect, holdRequests, pageClock } from './fixtures';
import { startFlow } from './payment-helpers';

const PROFILE = 'elliot-fairbanks';
const SEED_VIDEO = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-video-latte.mp4');

const attach = (page: Page) => page.getByLabel(ATTACH_LABEL);

test.describe('a video’s poster', () => {
  test('a video that never loads gives up after 10 s with a message, and Submit works again', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    // The file's bytes never reach the <video> (a stalled network drive, a cloud photo library).
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
