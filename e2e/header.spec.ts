import type { Locator, Page } from '@playwright/test';
import { SUPPORT_EMAIL, TAGLINE } from '../src/components/headerTexts';
import { test, expect } from './fixtures';

// The links' addresses: src/components/Header.test.tsx; here, what the layout shows at each width.
const MENU = ['Home', 'How Grati Works', 'Download', 'Contact Us'];

const PAGES = [
  { route: '/user_profile/ava-martinez', name: 'ava', shot: '' },
  { route: '/', name: 'home', shot: '-home' },
];

async function openPage(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

async function expectMenu(nav: Locator) {
  for (const label of MENU) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
}

function overflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

function focusIsInDialog(page: Page) {
  return page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
}

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

test.describe('the marketing header', () => {
  test.use({ viewport: WIDE });

  for (const { route, name, shot } of PAGES) {
    test(`at 1280 and 390 px on ${route}`, async ({ page, expectAccessible, saveScreenshot }) => {
      test.slow(); // a long journey: three times the usual budget
      await openPage(page, route);

      await test.step(`shows the mailbox, socials, tagline and the whole menu on ${route}`, async () => {
        const banner = page.getByRole('banner');
        await expect(banner.getByRole('link', { name: 'Grati home' })).toBeVisible();
        await expect(banner.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
        for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'X']) {
          await expect(banner.getByRole('link', { name: `Grati on ${network}` })).toBeVisible();
        }
        await expect(banner.getByText(TAGLINE)).toBeVisible();
        await expect(banner.getByRole('button', { name: 'Menu' })).toBeHidden();
        await expectMenu(banner.getByRole('navigation', { name: 'Main' }));
        await expectAccessible();
        await saveScreenshot(`header-1280${shot}`);
      });

      if (name === 'ava') {
        await test.step('opens the side panel with the app-download links', async () => {
          await page.getByRole('button', { name: 'Get the app' }).click();
          const dialog = page.getByRole('dialog', { name: 'Get the Grati app' });
          await expect(dialog.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
          await expectAccessible();
          await saveScreenshot('header-1280-panel-open');
          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        });
      }

      await test.step(`collapses the menu into a button that opens by keyboard on ${route}`, async () => {
        await page.setViewportSize(NARROW);
        const banner = page.getByRole('banner');
        const nav = banner.getByRole('navigation', { name: 'Main' });
        const menuButton = banner.getByRole('button', { name: 'Menu' });

        await expect(menuButton).toBeVisible();
        await expect(nav.getByRole('link', { name: 'How Grati Works' })).toBeHidden();
        await expect(banner.getByText(TAGLINE)).toBeVisible();
        await expect(banner.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
        expect(await overflowsSideways(page)).toBe(false);
        await expectAccessible();
        await saveScreenshot(`header-390${shot}`);

        await menuButton.focus();
        await page.keyboard.press('Enter');
        await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
        await expectMenu(nav);
        await page.keyboard.press('Tab');
        await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeFocused();
        expect(await overflowsSideways(page)).toBe(false);
        await expectAccessible();
        await saveScreenshot(`header-390${shot}-menu-open`);

        await page.keyboard.press('Escape');
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
        await expect(menuButton).toBeFocused();
        await expect(nav.getByRole('link', { name: 'How Grati Works' })).toBeHidden();
      });

      if (name === 'ava') {
        await test.step('the side panel opens by keyboard, keeps Tab inside, and Escape returns focus', async () => {
          const opener = page.getByRole('button', { name: 'Get the app' });
          await opener.focus();
          await page.keyboard.press('Enter');

          const dialog = page.getByRole('dialog', { name: 'Get the Grati app' });
          await expect(dialog).toBeVisible();
          const close = dialog.getByRole('button', { name: 'Close' });
          await expect(close).toBeFocused();
          // One full lap: every Tab stays in the panel and the lap ends back on Close.
          const stops = (await dialog.getByRole('link').count()) + 1;
          for (let i = 0; i < stops; i += 1) {
            await page.keyboard.press('Tab');
            expect(await focusIsInDialog(page), `focus after Tab ${i + 1}`).toBe(true);
          }
          await expect(close).toBeFocused();
          await page.keyboard.press('Shift+Tab');
          expect(await focusIsInDialog(page)).toBe(true);
          await expect(close).not.toBeFocused();

          await expectAccessible();
          await saveScreenshot('header-390-panel-open');

          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
          await expect(opener).toBeFocused();
        });
      }
    });
  }
});
