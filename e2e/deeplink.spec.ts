import type { Page, Request } from '@playwright/test';
import { test, expect, holdRequests } from './fixtures';
import { recordErrors } from './pageProblems';

// The real branch-sdk in Chromium, answered by the mock API's Branch emulator (/__branch); routes
// only watch, hold back, or block the real Branch hosts so that a leaking request fails the test.
const REAL_BRANCH_HOSTS = /^https:\/\/([a-z0-9-]+\.)*(branch\.io|app\.link|bnc\.lt)\//;

/** The page's requests to the emulator, and to the real Branch hosts (blocked). */
async function watchBranchTraffic(page: Page) {
  const emulator: Request[] = [];
  const realBranch: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/__branch/')) emulator.push(request);
  });
  await page.route(REAL_BRANCH_HOSTS, async (route) => {
    realBranch.push(route.request().url());
    await route.abort();
  });
  return {
    realBranch,
    find: (path: string) => emulator.find((request) => new URL(request.url()).pathname === path),
  };
}

// The branch-sdk chunk, held to keep `Loading...` up: holding /v1/open instead let a slow axe
// check outlast the SDK's own 5 s timeout (the link ended as Invalid QR Found).
const BRANCH_CHUNK = '**/assets/branch.*.js';

/** Ava's link answered past the server's deadline: the shell (`Loading...`), then branch-sdk. */
const SLOW_QR = '/?_branch_match_id=qr-ava-slow';

const formField = (request: Request | undefined, name: string) =>
  new URLSearchParams(request?.postData() ?? '').get(name);

async function expectAvasProfile(page: Page) {
  await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible({
    timeout: 60_000,
  });
}

test.describe('deep links through branch-sdk and the mock API emulator', () => {
  test("a QR link the server could not resolve in time shows Loading..., lands on Ava's profile, and the next time shows the kept profile, then the fresh one", async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // two visits of the slow link
    await test.step("a QR link the server could not resolve in time shows Loading..., then lands on Ava's profile", async () => {
      const traffic = await watchBranchTraffic(page);
      const { release } = await holdRequests(page, BRANCH_CHUNK);

      // Not until `load`: the shell preloads the held chunk, and a preload holds the load event.
      await page.goto(SLOW_QR, { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
      await expectAccessible();
      await saveScreenshot('deeplink-loading');
      release();

      await expectAvasProfile(page);
      await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe('ava-martinez');

      // branch-sdk's own calls: its fingerprint JSONP (app.link, mapped by the shell) and /v1/open.
      const fingerprint = traffic.find('/__branch/app.link/_r');
      expect(fingerprint?.resourceType()).toBe('script');
      expect(new URL(fingerprint!.url()).searchParams.get('callback')).toMatch(
        /^branch_callback__/,
      );
      const open = traffic.find('/__branch/v1/open');
      expect(open?.method()).toBe('POST');
      expect(new URL(open!.url()).hostname).toBe('127.0.0.1');
      expect(formField(open, 'link_identifier')).toBe('qr-ava-slow');
      expect(formField(open, 'sdk')).toMatch(/^web2\.\d+\.\d+$/);
      await expect.poll(() => traffic.find('/__branch/v1/pageview')?.method()).toBe('POST');
      expect(traffic.realBranch).toEqual([]);

      // The landing replaced the link's address: Back leaves the app instead of re-opening it.
      expect(await page.evaluate(() => history.length)).toBe(2);

      await expectAccessible();
      await page.waitForLoadState('networkidle');
      await saveScreenshot('deeplink-qr-ava');
    });

    await test.step('the same QR link again shows the profile kept from the last visit, then the fresh one', async () => {
      // Kept once the page is idle: what this browser shows next time, until the lookup answers.
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('grati:profile:ava-martinez')))
        .toContain('Barista & Latte Artist');

      const lookups: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/gratitude/findUser')) lookups.push('lookup');
      });
      const { release } = await holdRequests(page, '**/gratitude/findUser');
      await page.goto(SLOW_QR, { waitUntil: 'commit' });
      await expectAvasProfile(page);
      await expect(page.getByRole('button', { name: 'Give Gift', exact: true })).toBeEnabled();
      await expect(page.getByText('Barista & Latte Artist')).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading profile' })).toHaveCount(0);
      // Asked afresh all the same: the page shows the kept copy while the lookup is under way.
      expect(lookups).toEqual(['lookup']);
      await saveScreenshot('deeplink-kept-profile');
      release();
      await page.waitForLoadState('networkidle');
      expect(lookups).toEqual(['lookup']);
    });
  });

  test("a QR link's page fetches the profile's code from the start, and its lookup with it", async ({
    page,
  }) => {
    // The profile route's chunk, held: the lookup must not wait for it (issue 36).
    const { release } = await holdRequests(page, '**/assets/profile.*.js');
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/assets\/profile\.[^/]+\.js$/.test(pathname)) asked.push('route code');
      if (pathname === '/__branch/v1/open') asked.push('open');
      if (pathname.endsWith('/gratitude/findUser')) asked.push('lookup');
    });
    const firstLookup = page.waitForRequest(
      (request) => new URL(request.url()).pathname.endsWith('/gratitude/findUser'),
      { timeout: 60_000 },
    );

    await page.goto(SLOW_QR, { waitUntil: 'commit' });
    const lookup = await firstLookup;
    // The route's code asked for by the shell itself, before the SDK knew where the link goes.
    expect(asked).toEqual(['route code', 'open', 'lookup']);
    expect(lookup.postDataJSON()).toEqual({ _id: 'ava-martinez', profilePage: true });
    release();

    await expectAvasProfile(page);
    await expect(page.getByRole('button', { name: 'Give Gift', exact: true })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // One lookup and one fetch of the route's code: each found the other's under way.
    expect(asked.filter((what) => what === 'lookup')).toHaveLength(1);
    expect(asked.filter((what) => what === 'route code')).toHaveLength(1);
  });

  test('a broken QR link shows Invalid QR Found and logs the failure', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const traffic = await watchBranchTraffic(page);
    const errors = recordErrors(page);

    // The server asked Branch already: a 404 from the first byte.
    const answer = await page.goto('/?_branch_match_id=qr-broken');
    expect(answer?.status()).toBe(404);

    await expect(page.getByRole('heading', { level: 1, name: 'Invalid QR Found' })).toBeVisible();
    // The page's own session still opens, with the click id, once the page is idle.
    await expect
      .poll(() => formField(traffic.find('/__branch/v1/open'), 'link_identifier'), {
        timeout: 60_000,
      })
      .toBe('qr-broken');
    await expect
      .poll(() => errors.some((text) => text.startsWith('Failed to initialize Branch SDK')))
      .toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid QR Found' })).toBeVisible();
    expect(traffic.realBranch).toEqual([]);
    await expect(page).toHaveURL(/\/\?_branch_match_id=qr-broken$/);
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();

    await expectAccessible();
    await saveScreenshot('deeplink-invalid-qr-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot('deeplink-invalid-qr-390');
  });
});
