// Sam Lee's empty Socials (NA) and Photos/Videos tabs. Ava's links: e2e/feed.spec.ts; a mix of
// links and NA, the keyboard: src/features/socials/SocialsTab.test.tsx.
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
  test("Sam Lee's empty tabs", async ({ page, expectAccessible, saveScreenshot }) => {
    const requested = recordGalleryPages(page);
    await page.goto('/user_profile/sam-lee');

    await test.step('Sam Lee has no media: No Media Found.', async () => {
      await openTab(page, 'Photos/Videos');
      await expect(page.getByText('No Media Found.')).toBeVisible();
      await page.mouse.wheel(0, 2000);
      await page.waitForLoadState('networkidle');
      expect(requested).toEqual([1]);
      await expectAccessible();
      await saveScreenshot('gallery-sam');
    });

    await test.step('Sam Lee has no links: NA three times', async () => {
      await openTab(page, 'Socials');
      const socials = socialLinks(page);
      await expect(socials.getByText('NA', { exact: true })).toHaveCount(3);
      await expect(socials.getByRole('link')).toHaveCount(0);
      await expectAccessible();
      await saveScreenshot('socials-sam');
    });
  });
});
