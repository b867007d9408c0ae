import type { Locator, Page } from '@playwright/test';
import { SUPPORT_EMAIL, TAGLINE } from '../src/components/headerTexts';
import { test, expect } from './fixtures';

// The build's MARKETING_URL (webpack.config.js default).
const MARKETING_URL = process.env.MARKETING_URL ?? 'https://www.grati.com';

const MENU = [
  ['Home', MARKETING_URL],
  ['How Grati Works', `${MARKETING_URL}/how-grati-works`],
  ['Download', `${MARKETING_URL}/download`],
  ['Contact Us', `${MARKETING_URL}/contact-us`],
] as const;

// Ava's screenshots are named by width alone; the home page's name their page too.
const PAGES = [
  { route: '/user_profile/ava-martinez', name: 'ava', shot: '' },
  { route: '/', name: 'home', shot: '-home' },
];

async function openPage(page: Page, route: string) {
  await page.goto(route);
  await expect(page.getByRole('banner')).toBeVisible();
  // Let the route's own content settle so screenshots and axe see the finished page.
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Every menu link is shown and leads to its page of the marketing site. */
async function expectMenu(nav: Locator) {
  for (const [label, href] of MENU) {
    const link = nav.getByRole('link', { name: label, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', href);
  }
}

/** Whether the page is wider than the viewport (a sideways scroll bar on a phone). */
function overflowsSideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** Whether keyboard focus is currently inside the open side panel. */
function focusIsInDialog(page: Page) {
  return page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
}

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };

// One page per route: the 1280 px checks first, then the same page narrowed to 390 px.
test.describe('the marketing header', () => {
  test.use({ viewport: WIDE });

  for (const { route, name, shot } of PAGES) {
    test(`at 1280 and 390 px on ${route}`, async ({ page, expectAccessible, saveScreenshot }) => {
      test.slow(); // a long journey: three times the usual budget
      await openPage(page, route);

      await test.step(`shows the mailbox, socials, tagline and the whole menu on ${route}`, async () => {
        const banner = page.getByRole('banner');

        await expect(banner.getByRole('link', { name: 'Grati home' })).toHaveAttribute(
          'href',
          MARKETING_URL,
        );
        await expect(banner.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
          'href',
          `mailto:${SUPPORT_EMAIL}`,
        );
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
          await expect(dialog).toBeVisible();
          await expect(dialog.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
            'href',
            /^https:\/\/play\.google\.com\//,
          );
          await expect(
            dialog.getByRole('link', { name: 'Download on the App Store' }),
          ).toHaveAttribute('href', /^https:\/\/apps\.apple\.com\//);
          await expectAccessible();
          await saveScreenshot('header-1280-panel-open');
          // Closed again for the steps that follow (Escape closes it: the 390 px step checks that).
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
        await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
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
          await expect(dialog.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
          await expect(
            dialog.getByRole('link', { name: 'Download on the App Store' }),
          ).toBeVisible();

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
