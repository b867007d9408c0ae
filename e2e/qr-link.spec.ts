// A QR code's link resolved by the server (issue 51): its first HTML is the profile's page, the
// address becomes the profile's before the app's scripts run, branch-sdk still opens its session
// at idle with the link's click id (attribution), and a tap made right after the first paint is
// not lost, nor undone when that session ends.
import { test as base, type Page, type Request } from '@playwright/test';
import { freePort, startPreview, type PreviewServer } from '../scripts/serverProcess';
import { test, expect, holdRequests } from './fixtures';

/** Playwright's own page, whose goto does not wait for the app (its scripts are held here). */
const rawTest = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

const QR = '/?_branch_match_id=qr-ava';

/** The page's calls to the emulator's /v1/open, as they leave. */
function watchOpens(page: Page): Request[] {
  const opens: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/__branch/v1/open') opens.push(request);
  });
  return opens;
}

const linkIdentifier = (request: Request | undefined) =>
  new URLSearchParams(request?.postData() ?? '').get('link_identifier');

test("a QR link's first HTML is Ava's profile, at Ava's address", async ({
  page,
  expectAccessible,
}) => {
  const opens = watchOpens(page);
  // The page hydrates the server's markup at the address it put in place: no mismatch, no error.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const answer = await page.goto(QR);

  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['cache-control']).toBe('no-store');
  const html = (await answer?.text()) ?? '';
  expect(html).toContain('Ava Martinez');
  expect(html).toContain('Give Gift');
  await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);

  // The page's own session, once it is idle, with the link's click id.
  await expect.poll(() => linkIdentifier(opens[0]), { timeout: 60_000 }).toBe('qr-ava');
  await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
  await expectAccessible();
  expect(errors).toEqual([]);
});

rawTest(
  'a tap on Give Gift right after the first paint opens the form, and stays open',
  async ({ page }) => {
    const opens = watchOpens(page);
    // The page's scripts held: the tap surely lands before the page works.
    const { release } = await holdRequests(page, '**/assets/*.js');
    await page.goto(QR, { waitUntil: 'commit' });
    const gift = page.getByRole('button', { name: 'Give Gift', exact: true });
    await gift.waitFor();
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
    await gift.click();
    expect(
      await page.evaluate(() => document.documentElement.dataset.appReady === 'true'),
      'the tap came before the page worked',
    ).toBe(false);
    release();

    await expect(page.getByLabel('Full Name')).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez\?flow=gift&step=guest$/);
    // The session ends (the link opens Ava's profile, where the guest is): the flow stays open.
    await expect.poll(() => linkIdentifier(opens[0]), { timeout: 60_000 }).toBe('qr-ava');
    const opened = await opens[0]!.response();
    expect(opened?.status()).toBe(200);
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel('Full Name')).toBeVisible();
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez\?flow=gift&step=guest$/);
  },
);

test("a link whose web address is the profile is the profile's page, and counts its click", async ({
  page,
}) => {
  const opens = watchOpens(page);
  const answer = await page.goto('/user_profile/ava-martinez?_branch_match_id=qr-ava');

  expect(answer?.status()).toBe(200);
  const html = (await answer?.text()) ?? '';
  expect(html).toContain('Ava Martinez');
  expect(html).not.toContain('Loading...');
  await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
  // The page's session opens with the link's click id, as for a QR code's link, once idle.
  await expect.poll(() => linkIdentifier(opens[0]), { timeout: 60_000 }).toBe('qr-ava');
  await expect(page).toHaveURL(/\/user_profile\/ava-martinez(\?_branch_match_id=qr-ava)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
});

test.describe('with Branch down for the server', () => {
  let server: PreviewServer | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000); // a server start
    // The server's Branch answers nothing (a port nobody listens on); the page's, the build's
    // emulator, still does.
    const deadBranch = `http://127.0.0.1:${await freePort()}`;
    server = await startPreview('grati-branch-down', { env: { BRANCH_API_URL: deadBranch } });
  });

  test.afterAll(() => server?.stop());

  test("a QR link shows Loading..., then the profile through the page's own session", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server!.baseUrl });
    const page = await context.newPage();
    // The page's Branch chunk held: Loading... stays while it is looked at.
    const { release } = await holdRequests(page, '**/assets/branch.*.js');
    const answer = await page.goto(QR, { waitUntil: 'domcontentloaded' });

    // The shell, as before issue 51, now with the spec's Loading... in its first HTML.
    expect(await answer?.text()).toContain('Loading...');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/, { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
    await context.close();
  });
});
