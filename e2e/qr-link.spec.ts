// A QR link the server resolved (issue 51; its HTML: src/server/linkPages.test.ts): the profile at
// its address, branch-sdk's session with the click id, an early tap neither lost nor undone.
import { test as base, type Page, type Request } from '@playwright/test';
import { test, expect, holdRequests } from './fixtures';
import { recordErrors } from './pageProblems';

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

test("Ava's QR link: her profile at her address, hydrated without an error, and the click counted", async ({
  page,
  expectAccessible,
}) => {
  const opens = watchOpens(page);
  // The page hydrates the server's markup at the address it put in place: no mismatch, no error.
  const errors = recordErrors(page);
  const answer = await page.goto(QR);

  expect(answer?.status()).toBe(200);
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
    // Scripts held: the tap surely lands before the page works.
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
