// The app shell against the mock API: the home page, its links, the redirect route, an unknown
// address. Ava's page and the OOPS screen: e2e/profile.spec.ts.
import { test, expect } from './fixtures';

test.describe('the app shell against the mock API', () => {
  test('the home page, its demo links, the redirect route and an unknown address', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/');

    await test.step('the home page lists the five demo profiles, each with what it shows', async () => {
      const list = page.getByRole('main').getByRole('list');
      await expect(list.getByRole('listitem')).toHaveCount(5);
      for (const name of ['Ava Martinez', 'Bluebird Café', 'Green Earth Fund', 'Sam Lee']) {
        await expect(list.getByRole('link', { name, exact: false })).toBeVisible();
      }
      await expectAccessible();
      await saveScreenshot('home');
    });

    await test.step('following a demo link from the home page opens that profile', async () => {
      await page.getByRole('link', { name: 'Sam Lee' }).click();
      await expect(page).toHaveURL(/\/user_profile\/sam-lee$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Sam Lee' })).toBeVisible();
    });

    await test.step('the redirect route replaces itself with the profile address', async () => {
      await page.goto('/');
      await page.goto('/user_profile/redirect/x/ava-martinez');
      await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step('an address the app does not know shows its Page not found, with a 404', async () => {
      const answer = await page.goto('/some/unknown/app/path');
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    });
  });
});
