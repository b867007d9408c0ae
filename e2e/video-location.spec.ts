// Each located video a phone or an action camera writes plays, is sent and published without its
// location (exiftool -ee reads none), and the published copy plays (issues 33, 50).
import type { Locator, Page } from '@playwright/test';
import { trackedVideo } from '../scripts/craftedVideos';
import { chunkOffsets, locatedVideos } from '../scripts/locatedVideos';
import { exiftoolTags, locationTags } from '../scripts/videoProbes';
import { findVideoLocation, stripVideoLocation } from '../src/api/contract/videoLocation';
import { expect, test, waitForApp } from './fixtures';
import { CONGRATULATIONS, startFlow } from './payment-helpers';
import { publishedWithoutLocation } from './publishedVideo';
import { profileOf } from './suiteApi';
import { recordUploads, sendAndRead } from './uploads';

const PROFILE = 'nadia-okafor';
/** Played this far, a video's frames were found where its chunk offsets say. */
const PLAYED_SECONDS = 0.5;

/** Plays a video in the page (muted, looped, from an address or bytes) and returns it. */
async function playInPage(
  page: Page,
  src: { url: string } | { base64: string; type: string },
): Promise<Locator> {
  await page.evaluate(async (from) => {
    const video = document.createElement('video');
    video.dataset.probe = 'true';
    video.muted = true;
    video.loop = true;
    video.src =
      'url' in from
        ? from.url
        : URL.createObjectURL(
            new Blob([Uint8Array.from(atob(from.base64), (c) => c.charCodeAt(0))], {
              type: from.type,
            }),
          );
    document.body.append(video);
    await video.play();
  }, src);
  return page.locator('video[data-probe]');
}

async function expectPlays(probe: Locator, what: string) {
  await expect
    .poll(() => probe.evaluate((video: HTMLVideoElement) => video.currentTime), { message: what })
    .toBeGreaterThan(PLAYED_SECONDS);
  const state = await probe.evaluate((video: HTMLVideoElement) => ({
    error: video.error?.message ?? null,
    width: video.videoWidth,
  }));
  expect(state, what).toEqual({ error: null, width: expect.any(Number) });
  expect(state.width, `${what}: its frames`).toBeGreaterThan(0);
  await probe.evaluate((video: HTMLVideoElement) => video.remove());
}

test.describe('a video is sent and published without its location', () => {
  test('each located video (QuickTime ©xyz, Keys, XMP GPS, tracks and hidden boxes): sent and published without it, and it plays', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // four videos, each sent through the review form
    await recordUploads(page);
    for (const video of [...locatedVideos(), trackedVideo()]) {
      await test.step(`a video carrying ${video.carries}: sent and published without it, and it plays`, async () => {
        // What must not be published is there, so the checks below can fail.
        expect(findVideoLocation(video.bytes)).not.toEqual([]);
        expect(locationTags(await exiftoolTags(video.bytes))).not.toEqual([]);
        await startFlow(page, PROFILE, /^Celebrate/, 'Robin Located');
        const words = `Filmed somewhere ${video.name} ${Date.now()}`;
        await page.getByLabel('Say thanks').fill(words);

        // The video as a phone sends it plays (its boxes went in with its chunk offsets moved).
        const original = { base64: video.bytes.toString('base64'), type: video.type };
        await expectPlays(await playInPage(page, original), 'the located video');

        await page.getByLabel('Attach photos or a video').setInputFiles({
          name: video.name,
          mimeType: video.type,
          buffer: video.bytes,
        });
        await expect(page.getByRole('img', { name: `Video ${video.name}` })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Preparing' })).toHaveCount(0);
        await expectAccessible();
        await saveScreenshot(`video-location-${video.name}`);

        // Sent: the same name, type and length, every byte but the location's where it was.
        const [sent] = await sendAndRead(page);
        expect({ name: sent?.name, type: sent?.type }).toEqual({
          name: video.name,
          type: video.type,
        });
        expect(findVideoLocation(sent!.bytes)).toEqual([]);
        expect(sent!.bytes.equals(stripVideoLocation(Buffer.from(video.bytes)).bytes)).toBe(true);

        await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
        await waitForApp(page);

        // Published: what anyone fetches carries no location, and its offsets still hold.
        const base = process.env.E2E_BASE_URL!;
        const item = (await profileOf(base, PROFILE)).userFeed.find((i) => i.sayThanks === words);
        expect(item?.media).toHaveLength(1);
        const { url } = await publishedWithoutLocation(base, PROFILE, words, video.bytes);
        const published = await page.request.get(url);
        expect(published.headers()['content-type']).toBe(video.type);
        const bytes = await published.body();
        expect(locationTags(await exiftoolTags(bytes))).toEqual([]);
        expect(chunkOffsets(bytes)).toEqual(chunkOffsets(video.bytes));
        await expectPlays(await playInPage(page, { url }), 'the published video');
      });
    }
  });
});
