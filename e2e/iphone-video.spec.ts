// The feed's and the gallery's videos on an iPhone (no requestFullscreen): each goes fullscreen in
// iOS's player at the tap, plays, and stops when the guest leaves it (emulated: iosSurface.ts).
import path from 'node:path';
import { devices, type Locator, type Page } from '@playwright/test';
import { test, expect, SCREENSHOT_DIR } from './fixtures';
import { iosSurface, type IosLeave } from './iosSurface';
import { recordErrors } from './pageProblems';

// The iPhone's screen and user agent; the browser stays the suite's Chromium.
const { defaultBrowserType: _webkit, ...iPhone } = devices['iPhone 15'];
test.use(iPhone);

declare global {
  interface Window {
    /** Each webkitbeginfullscreen and webkitendfullscreen, with the label of its video. */
    __fullscreenEvents?: string[];
  }
}

let errors: string[] = [];
test.beforeEach(async ({ page }) => {
  errors = recordErrors(page);
  await page.addInitScript(iosSurface);
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.__fullscreenEvents = seen;
    for (const type of ['webkitbeginfullscreen', 'webkitendfullscreen']) {
      // These events do not bubble: the document hears them on their way down.
      document.addEventListener(
        type,
        (event) => seen.push(`${type} ${(event.target as Element).getAttribute('aria-label')}`),
        true,
      );
    }
  });
});
test.afterEach(() => expect(errors).toEqual([]));

const state = (video: Locator) =>
  video.evaluate((element: HTMLVideoElement & { webkitDisplayingFullscreen?: boolean }) => ({
    fullscreen: element.webkitDisplayingFullscreen,
    paused: element.paused,
    time: element.currentTime,
  }));
const fullscreenEvents = (page: Page) => page.evaluate(() => window.__fullscreenEvents);
/** The screen, not the whole page. */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });

/**
 * Taps Play and checks the video goes fullscreen in iOS's player and plays there; then the guest
 * leaves the player and the video stops, back to its poster and its button (shot as `name`).
 */
async function playThenLeave(
  page: Page,
  play: Locator,
  video: Locator,
  leave: IosLeave,
  name: string,
) {
  const label = await video.getAttribute('aria-label');
  // The seed's video lasts seconds, and its end stops it too: looped, it cannot end (and stop)
  // before a slow machine has looked at it playing.
  await video.evaluate((element: HTMLVideoElement) => {
    element.loop = true;
  });
  const eventsBefore = (await fullscreenEvents(page))!.length;
  await play.tap();

  await expect.poll(async () => (await state(video)).fullscreen).toBe(true);
  await expect
    .poll(async () => (await fullscreenEvents(page))!.slice(eventsBefore))
    .toEqual([`webkitbeginfullscreen ${label}`]);
  await expect.poll(async () => (await state(video)).time).toBeGreaterThan(0);
  const { time } = await state(video);
  await expect.poll(async () => (await state(video)).time).toBeGreaterThan(time);
  expect((await state(video)).paused).toBe(false);
  await screenshot(page, `${name}-fullscreen`);

  await page.evaluate((how) => window.__iosLeaveFullscreen!(how), leave);
  await expect(play).toBeVisible();
  expect(await state(video)).toMatchObject({ fullscreen: false, paused: true });
  await expect
    .poll(async () => (await fullscreenEvents(page))!.slice(eventsBefore))
    .toEqual([`webkitbeginfullscreen ${label}`, `webkitendfullscreen ${label}`]);
  // Stopped stays stopped: nothing plays it again behind the poster.
  const stoppedAt = (await state(video)).time;
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect((await state(video)).time).toBe(stoppedAt);
  await screenshot(page, `${name}-stopped`);
}

test.describe('a video on an iPhone', () => {
  test("a feed video, then a gallery video, on Ava's profile: each plays fullscreen at the tap and stops when the guest leaves", async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/user_profile/ava-martinez');

    await test.step('a feed video plays fullscreen at the tap and stops when the guest taps Done', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      const liam = page.getByRole('article', { name: /^Liam Carter / });
      const label = 'video from Liam Carter';
      const play = liam.getByRole('button', { name: `Play ${label}` });
      const video = liam.getByLabel(label, { exact: true });
      const poster = liam.getByRole('presentation');
      await expect(poster).toBeVisible();

      await playThenLeave(page, play, video, 'done', 'iphone-feed-video');
      await expect(poster).toBeVisible();

      // Played again (its metadata in by now), it goes fullscreen again.
      await play.tap();
      await expect.poll(async () => (await state(video)).fullscreen).toBe(true);
      await page.evaluate(() => window.__iosLeaveFullscreen!('done'));
      await expect(play).toBeVisible();
      await expect.poll(async () => (await state(video)).fullscreen).toBe(false);
    });

    await test.step('a gallery video plays fullscreen at the tap and stops when the guest pinches back', async () => {
      const tab = page.getByRole('tab', { name: 'Photos/Videos' });
      await tab.tap();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const gallery = page.getByRole('list', { name: 'Photos and videos' });
      const play = gallery.getByRole('button', { name: /^Play Video \d+$/ }).first();
      const label = (await play.textContent())!.replace(/^Play /, '');
      const tile = gallery
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Play ${label}`, exact: true }) });
      const video = gallery.getByLabel(label, { exact: true });

      // A pinch leaves iOS's player with the video still playing inline: the page stops it.
      await playThenLeave(page, play, video, 'pinch', 'iphone-gallery-video');
      await expect(tile.getByRole('presentation')).toBeVisible();
      await expectAccessible();
    });
  });
});
