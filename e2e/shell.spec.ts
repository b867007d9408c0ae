import { test, expect } from './fixtures';

test.describe('the app shell against the mock API', () => {
  test('the home page lists the five demo profiles, each with what it shows', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/');
    const list = page.getByRole('main').getByRole('list');
    await expect(list.getByRole('listitem')).toHaveCount(5);
    for (const name of ['Ava Martinez', 'Bluebird Café', 'Green Earth Fund', 'Sam Lee']) {
      await expect(list.getByRole('link', { name, exact: false })).toBeVisible();
    }
    await expectAccessible();
    await saveScreenshot('home');
  });

  test("a demo profile shows Ava's name from the mock API", async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/user_profile/ava-martinez');
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
    // Remembered once the page works (storage is left out of hydration).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('userId')))
      .toBe('ava-martinez');
    await expectAccessible();
    await saveScreenshot('profile-ava-first');
  });

  test('following a demo link from the home page opens that profile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Sam Lee' }).click();
    await expect(page).toHaveURL(/\/user_profile\/sam-lee$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sam Lee' })).toBeVisible();
  });

  test('an unknown profile shows the OOPS screen', async ({ page, expectAccessible }) => {
    await page.goto('/user_profile/no-such-person');
    await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
    await expect(page.getByText('No account exists with this credentials')).toBeVisible();
    await expectAccessible();
  });

  test('the server-rendered OOPS page keeps its heading and title through hydration', async ({
    page,
  }) => {
    // Records, at every change of the page, whether the OOPS heading and the title are there.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent ?? '(no heading)';
        seen.push(`${heading} | ${document.title || '(no title)'}`);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/user_profile/no-such-person');
    await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
    // Hydrated, and the lookup the client repeats has answered.
    await page.waitForLoadState('networkidle');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const afterFirstPaint = seen.slice(seen.findIndex((entry) => entry.startsWith('OOPS!!')));
    expect(afterFirstPaint.length).toBeGreaterThan(0);
    expect(new Set(afterFirstPaint)).toEqual(new Set(['OOPS!! | OOPS!! | Grati']));
  });

  test('the redirect route replaces itself with the profile address', async ({ page }) => {
    await page.goto('/');
    await page.goto('/user_profile/redirect/x/ava-martinez');
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the preview server serves media with its type and nosniff, and hashed assets for a year', async ({
    request,
    page,
  }) => {
    await page.goto('/user_profile/ava-martinez');
    const script = await page.locator('script[src*="/assets/"]').first().getAttribute('src');
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toContain('immutable');
    // An address the app does not know: the app's own page, with a 404 for crawlers.
    const index = await request.get('/some/unknown/app/path');
    expect(index.status()).toBe(404);
    expect(index.headers()['content-type']).toContain('text/html');
    await page.goto('/some/unknown/app/path');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
