// Errors never blank the page: malformed addresses land on the OOPS page, a render error shows the
// error screen under the header with a working Reload, a failed scenario POST is shown.
import type { Page } from '@playwright/test';
import { ERROR_TEXT, ERROR_TITLE } from '../src/components/ErrorBoundary';
import { test, expect, waitForApp } from './fixtures';
import { sidewaysOverflowInPage, sidewaysScrollFailure } from './inPage';

/** Everything the page reports as going wrong by itself: uncaught errors and rejections. */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Uncaught/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** The OOPS page, under the site's header: not blank, not the error screen. */
async function expectOops(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'OOPS!!' })).toBeVisible();
  await expect(page.getByText('No account exists with this credentials')).toBeVisible();
  await expect(page.getByRole('heading', { name: ERROR_TITLE })).toHaveCount(0);
}

/** Opens `name`'s profile in the app while its lookups answer 200 with no user (a bad deploy). */
async function openBrokenProfile(page: Page, name: RegExp) {
  await page.route('**/api/gratitude/findUser', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        status: 200,
        data: { data: { userDetails: null, userFeed: [], iconsCount: {} }, totalPostCount: 0 },
      }),
    }),
  );
  await page.goto('/');
  await page.getByRole('link', { name }).first().click();
}

const ERROR_HEADING = { level: 1, name: ERROR_TITLE } as const;

test.describe('malformed addresses', () => {
  // An address the router cannot decode is kept as typed; an id with a `%` names no account.
  test('each lands on the OOPS page, header kept: loaded, served as a 404, or reached in the app', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    const errors = watchPageErrors(page);
    for (const [address, landsAt] of [
      ['/user_profile/redirect/%25', '/user_profile/%25'],
      ['/user_profile/redirect/a/%ZZ', '/user_profile/%25ZZ'],
    ] as const) {
      await test.step(`${address} redirects to the OOPS page, header kept`, async () => {
        await page.goto(address);
        await expect(page).toHaveURL(new RegExp(`${landsAt.replace(/[%]/g, '\\$&')}$`));
        await expectOops(page);
        expect(errors).toEqual([]);
      });
    }

    for (const address of ['/user_profile/%25', '/user-details/%ZZ']) {
      await test.step(`${address}: the server answers 404 with the OOPS page, and it hydrates`, async () => {
        const answer = await page.goto(address);
        expect(answer?.status()).toBe(404);
        await waitForApp(page);
        await expectOops(page);
        expect(errors).toEqual([]);
      });
    }

    await test.step('reached inside the app (no page load), one shows the OOPS page too', async () => {
      await page.goto('/');
      // What a link inside the app does: the address changes, the router renders it.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/user_profile/redirect/a/%ZZ');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expectOops(page);
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Give a little thanks' })).toBeVisible();
      await page.goto('/user_profile/redirect/%25');
      await expectOops(page);
      await expectAccessible();
      await saveScreenshot('errors-oops-malformed-address');
      expect(errors).toEqual([]);
    });
  });
});

test.describe('a page that throws while rendering', () => {
  test('the error screen, at 1280 and 390 px, and a failed scenario POST', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    await test.step('shows the error screen under the header; going back recovers; Reload works', async () => {
      await openBrokenProfile(page, /Ava Martinez/);
      const heading = page.getByRole('heading', ERROR_HEADING);
      await expect(heading).toBeFocused();
      await expect(page.getByRole('main')).toContainText(ERROR_TEXT);
      await expect(page).toHaveTitle(`${ERROR_TITLE} | Grati`);
      await expectAccessible();
      await saveScreenshot('errors-render-error');

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Give a little thanks' })).toBeVisible();
      await page.goForward();
      await expect(heading).toBeVisible();

      await page.unroute('**/api/gratitude/findUser');
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      await expect(page.getByRole('heading', ERROR_HEADING)).toHaveCount(0);
    });

    await test.step('at 390 px the error screen fits, with the header', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openBrokenProfile(page, /Sam Lee/);
      await expect(page.getByRole('heading', ERROR_HEADING)).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      const overflow = await page.evaluate(sidewaysOverflowInPage);
      expect(sidewaysScrollFailure('the error screen at 390 px', overflow)).toBeNull();
      await saveScreenshot('errors-render-error-390');
    });

    await test.step('a failed scenario POST is shown in the panel, with no unhandled rejection', async () => {
      await page.unroute('**/api/gratitude/findUser');
      await page.setViewportSize({ width: 1280, height: 720 });
      // Listening from here: the render error before was on purpose.
      const errors = watchPageErrors(page);
      await page.goto('/user_profile/ava-martinez');
      await page.getByRole('button', { name: 'Test scenarios' }).click();
      const panel = page.getByRole('group', { name: 'Payment scenario' });
      await expect(panel.getByRole('radio', { name: /^none/ })).toBeChecked();
      await page.route('**/api/__scenarios', (route) =>
        route.request().method() === 'POST' ? route.abort('connectionreset') : route.continue(),
      );
      // A click, not check(): the choice springs back as the POST fails, maybe before check() looks.
      await panel.getByRole('radio', { name: /^intent-error/ }).click();
      await expect(page.getByText('The scenario could not be set.')).toBeVisible();
      await expect(panel.getByRole('radio', { name: /^none/ })).toBeChecked();
      // An unhandled rejection is reported at once: 300 ms is ample.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(errors).toEqual([]);
    });
  });
});
