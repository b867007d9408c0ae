// The demo at another address of this machine (127.0.0.2, as a phone on the network reaches it):
// every picture shows and the CSP blocks nothing, for `npm run preview` and for `npm start`; and
// what `npm start` prints once up (issue 52), from this one dev build (webpack's takes 30 s).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { GUEST_TOKEN, test, expect, gotoWaitsForApp } from './fixtures';
import { recordErrors, recordViolations } from './pageProblems';
import { bannerOf, npm, stop } from '../scripts/demoCommandTesting';
import { freePort, START_BUDGET_MS, waitForUp } from '../scripts/serverProcess';

const OTHER_LOOPBACK = '127.0.0.2';

/** `base` at another address of this machine: same scheme and port, host 127.0.0.2. */
function atOtherAddress(base: string): string {
  const url = new URL(base);
  url.hostname = OTHER_LOOPBACK;
  return url.origin;
}

/** The sources of the pictures shown that have not loaded (incomplete, or broken). */
const unloadedPictures = (page: Page, within = 'body') =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLImageElement>(`${selector} img`)]
        .filter((image) => !image.complete || image.naturalWidth === 0)
        .map((image) => image.currentSrc || image.src),
    within,
  );

/** Brings every picture in `selector` into view (the feed's load lazily), then waits for all. */
async function expectAllLoaded(page: Page, selector: string): Promise<string[]> {
  for (const picture of await page.locator(`${selector} img`).all()) {
    await picture.scrollIntoViewIfNeeded();
  }
  await expect.poll(() => unloadedPictures(page, selector)).toEqual([]);
  return page.evaluate(
    (css) =>
      [...document.querySelectorAll<HTMLImageElement>(`${css} img`)].map((i) => i.currentSrc),
    selector,
  );
}

/**
 * Ava's profile at `origin`: her picture, her feed's photos and givers, then her Photos/Videos
 * and one of her videos played, every one loaded from this origin, with no CSP violation and no
 * error on the way.
 */
async function expectEveryPictureAt(browser: Browser, origin: string): Promise<void> {
  const context = await browser.newContext({ baseURL: origin });
  try {
    const page = gotoWaitsForApp(await context.newPage());
    const violations = await recordViolations(page);
    const errors = recordErrors(page);
    await page.goto('/user_profile/ava-martinez');
    await expect(page.getByRole('heading', { name: 'Ava Martinez', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();

    const feed = await expectAllLoaded(page, 'body');
    expect(feed.length).toBeGreaterThan(5);
    // A feed photo among them, through the image endpoint of this very origin.
    expect(feed.some((source) => /url=%2Fmedia%2Fseed%2Fava-feed-/.test(source))).toBe(true);
    for (const source of feed) expect(source.startsWith(`${origin}/_img?`), source).toBe(true);

    await page.getByRole('tab', { name: 'Photos/Videos' }).click();
    await expect(page.getByRole('tabpanel').getByRole('img').first()).toBeVisible();
    const gallery = await expectAllLoaded(page, '[role="tabpanel"]:not([hidden])');
    expect(gallery.length).toBeGreaterThan(0);
    // A video plays too (its file, not resized, comes from this origin's /media/).
    const play = page.getByRole('button', { name: /^Play Video \d+$/ }).first();
    const label = (await play.textContent())!.replace(/^Play /, '');
    const video = page.locator(`video[aria-label="${label}"]`);
    // Looped: the seed's short video cannot end before a slow machine has seen it play.
    await video.evaluate((element: HTMLVideoElement) => (element.loop = true));
    await play.click();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime > 0))
      .toBe(true);
    const played = await video.evaluate((element: HTMLVideoElement) => element.currentSrc);
    expect(played.startsWith(`${origin}/media/`), played).toBe(true);

    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

test.describe('the demo at any address', () => {
  test("npm run preview, then npm start, at 127.0.0.2: every picture, and no CSP violation; npm start's banner last, below webpack's first build", async ({
    browser,
    request,
  }) => {
    test.slow(); // the dev server compiles the app first
    // `npm start` is started first: the dev server compiles while the preview's pages are checked.
    const [port, apiPort] = [await freePort(), await freePort()];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'grati-any-address-'));
    const env = { PORT: String(port), MOCK_API_PORT: String(apiPort), MOCK_DATA_DIR: dataDir };
    const command = npm(['start'], env);
    try {
      await test.step('npm run preview at 127.0.0.2: every picture, no CSP violation', async () => {
        const origin = atOtherAddress(process.env.E2E_BASE_URL!);
        // The API names media by path, whatever Host the request names.
        const answer = await request.post(`${origin}/api/gratitude/findUser`, {
          headers: { Authorization: `Bearer ${GUEST_TOKEN}` },
          data: { _id: 'ava-martinez', profilePage: true },
        });
        const user = (
          (await answer.json()) as { data: { data: { userDetails: { profilePicture: string } } } }
        ).data.data.userDetails;
        expect(user.profilePicture).toBe('/media/seed/ava-martinez.jpg');

        await expectEveryPictureAt(browser, origin);
      });

      await test.step('npm start at 127.0.0.2: every picture', async () => {
        const origin = `http://${OTHER_LOOPBACK}:${port}`;
        await waitForUp(`${origin}/`, Date.now() + START_BUDGET_MS, command.child);
        await expectEveryPictureAt(browser, origin);
      });
    } finally {
      await stop(command);
      await rm(dataDir, { recursive: true, force: true });
    }
    // Once up, where to open the demo was the last thing printed (npm run preview's:
    // demo-banner.spec.ts).
    const banner = bannerOf(command.stdout().trimEnd().split('\n'), port);
    expect(banner.ending).toEqual(banner.expectedEnding);
    expect(banner.heading).toBe('Grati Web:');
    expect(banner.buildOutput).toEqual([]);
  });
});
