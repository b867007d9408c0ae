// The Socials tab (NA when a link is absent) and Sam Lee's empty Photos/Videos tab. Ava's links:
// e2e/feed.spec.ts; the keyboard: src/features/socials/SocialsTab.test.tsx.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { recordGalleryPages } from './journeyData';

async function openTab(page: Page, name: 'Socials' | 'Photos/Videos') {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

const socialLinks = (page: Page) => page.getByRole('list', { name: 'Social links' });

test.describe('the Socials tab', () => {
  test("Sam Lee's empty tabs, then Bluebird Café's socials", async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const requested = recordGalleryPages(page);
    await page.goto('/user_profile/sam-lee');

    // Formerly e2e/gallery.spec.ts.
    await test.step('Sam Lee has no media: No Media Found.', async () => {
      await openTab(page, 'Photos/Videos');
      await expect(page.getByText('No Media Found.')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Photos and videos' })).toHaveCount(0);
      await expect(page.getByText('Yay! You have seen it all')).toHaveCount(0);
      await page.mouse.wheel(0, 2000);
      await page.waitForLoadState('networkidle');
      expect(requested).toEqual([1]);
      await expectAccessible();
      await saveScreenshot('gallery-sam');
    });

    await test.step('Sam Lee has no links: NA three times', async () => {
      await openTab(page, 'Socials');
      const socials = socialLinks(page);
      await expect(socials.getByRole('listitem')).toHaveCount(3);
      await expect(socials.getByText('NA', { exact: true })).toHaveCount(3);
      await expect(socials.getByRole('link')).toHaveCount(0);
      for (const network of ['Facebook', 'Instagram', 'LinkedIn']) {
        await expect(socials.getByText(network, { exact: true })).toBeVisible();
      }
      await expectAccessible();
      await saveScreenshot('socials-sam');
    });

    await test.step('Bluebird Café shows its two links and NA for LinkedIn', async () => {
      await page.goto('/user_profile/bluebird-cafe');
      await openTab(page, 'Socials');
      const socials = socialLinks(page);
      await expect(socials.getByRole('link')).toHaveCount(2);
      await expect(socials.getByRole('link', { name: /^LinkedIn/ })).toHaveCount(0);
      await expect(socials.getByRole('listitem').nth(2)).toContainText('LinkedInNA');
    });
  });
});
