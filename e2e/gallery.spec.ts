// The Photos/Videos tab of Ava's profile: infinite scroll, fixed squares, fullscreen video, the
// phone's grid. Sam Lee's empty tab: e2e/socials.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { recordGalleryPages } from './journeyData';

async function openGallery(page: Page, profileId: string) {
  await page.goto(`/user_profile/${profileId}`);
  const tab = page.getByRole('tab', { name: 'Photos/Videos' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

const thumbnails = (page: Page) =>
  page.getByRole('list', { name: 'Photos and videos' }).getByRole('listitem');
const seenItAll = (page: Page) => page.getByText('Yay! You have seen it all');

/** Wheels down from (x, 400), `step` px a time, until the gallery says it has shown everything. */
async function wheelToEnd(page: Page, x: number, step: number) {
  await page.mouse.move(x, 400);
  await expect(async () => {
    await page.mouse.wheel(0, step);
    await expect(seenItAll(page)).toBeVisible({ timeout: 400 });
  }).toPass();
}

test.describe('the Photos/Videos tab', () => {
  test("Ava's gallery: squares, scrolling to all 47, a video, and the phone's grid", async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey
    const requested = recordGalleryPages(page);
    await openGallery(page, 'ava-martinez');

    await test.step('pictures sit in fixed squares (first: the first page as loaded)', async () => {
      const boxes = await thumbnails(page)
        .evaluateAll((cells) => cells.slice(0, 6).map((cell) => cell.getBoundingClientRect()))
        .then((rects) => rects.map(({ width, height }) => ({ width, height })));
      for (const { width, height } of boxes) {
        expect(width).toBeGreaterThan(50);
        expect(Math.abs(width - height)).toBeLessThan(1);
      }
    });

    await test.step("scrolling Ava's gallery loads pages 1, 2 and 3, shows 47 items and says it has them all", async () => {
      await expect(thumbnails(page)).toHaveCount(20);
      await expect(page.getByRole('img', { name: 'Photo 1', exact: true })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Nothing past what the visitor is near: page 3 waits for scrolling.
      expect(requested).not.toContain(3);
      await expect(seenItAll(page)).toHaveCount(0);

      await wheelToEnd(page, 640, 700);
      await expect(thumbnails(page)).toHaveCount(47);

      // More scrolling at the end asks for nothing more.
      await page.mouse.wheel(0, 2000);
      await page.mouse.wheel(0, -600);
      await page.mouse.wheel(0, 2000);
      await page.waitForLoadState('networkidle');
      expect(requested).toEqual([1, 2, 3]);

      await expectAccessible();
      await saveScreenshot('gallery-ava');
    });

    await test.step('a video thumbnail plays fullscreen and stops when fullscreen is left', async () => {
      const play = page.getByRole('button', { name: /^Play Video \d+$/ }).first();
      const label = (await play.textContent())!.replace(/^Play /, '');
      // The seed's video lasts seconds, and its end leaves fullscreen too: looped, it cannot end
      // before a slow machine has looked at it playing and left fullscreen itself.
      await page.locator(`video[aria-label="${label}"]`).evaluate((video: HTMLVideoElement) => {
        video.loop = true;
      });
      await play.click();

      const video = page.getByRole('list', { name: 'Photos and videos' }).locator('video', {
        has: page.locator('source[type="video/mp4"]'),
      });
      await expect
        .poll(() => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label')))
        .toBe(label);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const playing = document.fullscreenElement as HTMLVideoElement | null;
            return playing ? !playing.paused && playing.currentTime > 0 : false;
          }),
        )
        .toBe(true);
      await expect(video.first()).toBeAttached();

      await page.evaluate(() => document.exitFullscreen());
      await expect(page.getByRole('button', { name: `Play ${label}`, exact: true })).toBeVisible();
      expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
      expect(
        await page
          .locator(`video[aria-label="${label}"]`)
          .evaluate((element: HTMLVideoElement) => element.paused),
      ).toBe(true);
    });

    await test.step('on a phone the grid has three columns and scrolls to the end too', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      const requested = recordGalleryPages(page);
      await openGallery(page, 'ava-martinez');
      await expect(thumbnails(page)).toHaveCount(20);
      const tops = await thumbnails(page).evaluateAll((cells) =>
        cells.slice(0, 4).map((cell) => Math.round(cell.getBoundingClientRect().top)),
      );
      expect(tops[0]).toBe(tops[2]);
      expect(tops[3]).toBeGreaterThan(tops[0]!);
      await saveScreenshot('gallery-ava-390-first-page');

      await wheelToEnd(page, 195, 800);
      await expect(thumbnails(page)).toHaveCount(47);
      expect(requested).toEqual([1, 2, 3]);
      await expectAccessible();
    });
  });
});
