// The loading layer (src/loading/): each lazy part is its own, a dropped request never takes the
// page down, and a page hydrated or moved into a flow step shows that step in its first frame.
import type { Page } from '@playwright/test';
import { expect, test, waitForApp } from './fixtures';
import { recordErrors } from './pageProblems';
import { PROFILE_TAB_LABELS, TAB_WALK } from '../src/testing/tabWalk';
import { anyOf } from './driver/playwright';
import { TAB_CONTENT } from './driver/tabContent';
import { submitDetails } from './payment-helpers';

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const panel = (page: Page) => page.getByRole('tabpanel');

/** Requests to the page's own origin that answered 4xx or 5xx. */
function recordFailedAnswers(page: Page, origin: string): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(origin) && response.status() >= 400) {
      failed.push(`${response.status()} ${response.url()}`);
    }
  });
  return failed;
}

/** The scripts a profile page's HTML loads itself (its first load): never failed on purpose. */
async function firstLoadScripts(page: Page, address: string): Promise<Set<string>> {
  const html = await (await page.request.get(address)).text();
  const hrefs = [
    ...html.matchAll(/<script\b[^>]*?\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*?\bas="script"[^>]*?\bhref="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*?\bhref="([^"]+)"[^>]*?\bas="script"/g),
  ].map((match) => new URL(match[1]!, address).pathname);
  return new Set(hrefs);
}

/** Every lazily loaded script fails its first `times` requests; returns the failed ones. */
async function failLazyScripts(
  page: Page,
  address: string,
  times: number,
): Promise<Map<string, number>> {
  const first = await firstLoadScripts(page, address);
  const failures = new Map<string, number>();
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const count = failures.get(path) ?? 0;
    if (first.has(path) || count >= times) return route.continue();
    failures.set(path, count + 1);
    return route.abort('connectionreset');
  });
  return failures;
}

/** Console errors a failed script leaves (the browser's own line per aborted request). */
const onlyFailedLoads = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource: net::ERR_CONNECTION_RESET/.test(error));

test.describe('the loading layer', () => {
  test('every profile: every tab after every other shows its own content, asking nothing wrong', async ({
    page,
    baseURL,
  }) => {
    const failed = recordFailedAnswers(page, baseURL!);
    const errors = recordErrors(page);
    for (const profile of ['ava-martinez', 'sam-lee']) {
      await test.step(`${profile}: every tab after every other shows its own content, asking nothing wrong`, async () => {
        await page.goto(`/user_profile/${profile}`);
        for (const name of TAB_WALK.slice(1)) {
          await tab(page, name).click();
          await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
          await expect(anyOf(panel(page), TAB_CONTENT[name].marks).first()).toBeVisible();
          for (const other of PROFILE_TAB_LABELS.filter((tab) => tab !== name)) {
            await expect(anyOf(panel(page), TAB_CONTENT[other].marks)).toHaveCount(0);
          }
          if (name === 'Socials') {
            await expect(
              panel(page).getByRole('list', { name: 'Social links' }).getByRole('listitem'),
            ).toHaveCount(3);
          }
        }
        expect(failed).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });

  test('every lazily loaded script failing once: the page stays up and every part works', async ({
    page,
    baseURL,
  }) => {
    const address = `${baseURL}/user_profile/bluebird-cafe`;
    const failedScripts = await failLazyScripts(page, address, 1);
    const errors = recordErrors(page);
    await page.goto(address);

    await tab(page, 'Photos/Videos').click();
    await expect(panel(page).getByRole('list', { name: 'Photos and videos' })).toBeVisible();
    await tab(page, 'Socials').click();
    await expect(panel(page).getByRole('link', { name: /^Facebook/ })).toBeVisible();
    await page.getByRole('button', { name: /^Recognize/ }).click();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await page.getByRole('button', { name: 'Get the app' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    // The header's plain parts: their code came after its retry.
    await expect(page.getByRole('link', { name: 'Home' }).first()).toBeVisible();

    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(failedScripts.size).toBeGreaterThan(3);
    expect(onlyFailedLoads(errors)).toEqual([]);
  });

  test('a part whose script can\'t be fetched says so in its place; "Try again" loads it', async ({
    page,
    baseURL,
  }) => {
    const address = `${baseURL}/user_profile/ava-martinez`;
    const first = await firstLoadScripts(page, address);
    // The network is gone for every lazily loaded script until the test brings it back.
    let offline = true;
    await page.route(/\/assets\/[^/]+\.js$/, (route) =>
      offline && !first.has(new URL(route.request().url()).pathname)
        ? route.abort('internetdisconnected')
        : route.continue(),
    );
    const errors = recordErrors(page);
    await page.goto(address);
    await tab(page, 'Photos/Videos').click();
    const retry = panel(page).getByRole('button', { name: 'Try again' });
    await expect(retry).toBeVisible();
    await expect(panel(page).getByRole('alert')).toContainText('The gallery could not be loaded');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await tab(page, 'Feed').click();
    await expect(panel(page).getByRole('article').first()).toBeVisible();
    await tab(page, 'Photos/Videos').click();
    offline = false;
    await panel(page).getByRole('button', { name: 'Try again' }).click();
    await expect(panel(page).getByRole('list', { name: 'Photos and videos' })).toBeVisible();
    await tab(page, 'Socials').click();
    await expect(panel(page).getByRole('link', { name: /^Facebook/ })).toBeVisible();
    const expected =
      /A part of the page .* failed|net::ERR_INTERNET_DISCONNECTED|Failed to initialize Branch SDK/;
    expect(errors.filter((error) => !expected.test(error))).toEqual([]);
  });
});

/** Records, for every frame from the page's hydration on, which step of the flow it shows. */
const FRAME_RECORDER = () => {
  const w = window as unknown as { __frames: string[]; __recordFrames: () => void };
  w.__frames = [];
  const step = () => {
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent ?? '');
    if (labels.some((text) => text.includes('Say thanks'))) return 'review';
    if (labels.some((text) => text.includes('Full Name'))) return 'guest';
    return document.querySelector('[role="tablist"]') ? 'tabs' : 'other';
  };
  w.__recordFrames = () => {
    const frame = () => {
      const seen = step();
      w.__frames.push(seen);
      if (seen !== 'review' && w.__frames.length < 2000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.appReady === 'true') {
      observer.disconnect();
      w.__recordFrames();
    }
  }).observe(document, { subtree: true, attributes: true, childList: true });
};

const frames = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);

test('a reload and a Forward into the review step show the review form, never the guest step', async ({
  page,
}) => {
  await page.addInitScript(FRAME_RECORDER);
  await page.goto('/user_profile/sam-lee');
  await page.getByRole('button', { name: /^Appreciate/ }).click();
  await submitDetails(page, 'Frame Watcher', 'frames@example.com');
  await expect(page.getByLabel('Say thanks')).toBeVisible();
  await expect(page).toHaveURL(/step=review/);

  await page.reload();
  await waitForApp(page);
  await expect(page.getByLabel('Say thanks')).toBeVisible();
  await expect.poll(() => frames(page)).toContain('review');
  expect(await frames(page)).not.toContain('guest');

  // Back past the guest step to the profile, then Forward two entries at once.
  await page.evaluate(() => history.go(-2));
  await expect(page.getByRole('tablist')).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
  await page.evaluate(() => {
    const w = window as unknown as { __frames: string[]; __recordFrames: () => void };
    w.__frames = [];
    w.__recordFrames();
    history.go(2);
  });
  await expect(page.getByLabel('Say thanks')).toBeVisible();
  await expect.poll(() => frames(page)).toContain('review');
  expect(await frames(page)).not.toContain('guest');
});
