// Ava's Feed tab as a guest drives it: carousel (wheel, keyboard), app-only buttons, her Socials
// tab. Cards' contents and timings: src/features/feed/FeedTab.test.tsx; a video: gallery.spec.ts.
import type { Locator, Page } from '@playwright/test';
import seed from '../mock-api/seed/seed.json';
import { FEED_APP_ONLY_MESSAGE } from '../src/features/feed/FeedTab';
import { SOCIALS_APP_ONLY_MESSAGE } from '../src/features/socials/SocialsTab';
import { test, expect, pageClock } from './fixtures';

const card = (page: Page, giver: string) =>
  page.getByRole('article', { name: new RegExp(`^${giver} `) });

/** The number of the image the carousel shows, read from its dots (the current one is marked). */
async function shownImage(carouselCard: Locator): Promise<string | null> {
  const current = carouselCard.locator('button[aria-current="true"]');
  const name = await current.getAttribute('aria-label');
  return name?.match(/Show image (\d+) of/)?.[1] ?? null;
}

const { FBlink, InstaLink, LinkedInLink } = seed.users.find(
  (u) => u._id === 'ava-martinez',
)!.socialLinks;
const AVA_LINKS = { Facebook: FBlink, Instagram: InstaLink, LinkedIn: LinkedInLink };

test.describe('the Feed tab', () => {
  test("Ava's page: her feed's cards, carousel and app-only buttons, then her Socials tab", async ({
    page,
    context,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    await pageClock.install(page);
    await page.goto('/user_profile/ava-martinez');
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();

    await test.step("Ava's feed shows her four cards, every picture loaded", async () => {
      await expect(page.getByRole('article')).toHaveCount(4);
      await expect(
        card(page, 'Jordan Blake').getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' }),
      ).toBeVisible();
      // Polled: until the page works its pictures are held (no source, so "complete" and 0 wide),
      // and they are asked for in the render after it starts working.
      const broken = () =>
        page
          .locator('article img')
          .evaluateAll((images) =>
            (images as HTMLImageElement[])
              .filter((img) => img.complete && img.naturalWidth === 0)
              .map((img) => img.src),
          );
      await expect.poll(broken).toEqual([]);

      await expectAccessible();
      await saveScreenshot('feed-ava');
    });

    await test.step('a photo card swipes with the mouse wheel, not the page; a wheel at once is refused', async () => {
      const jordan = card(page, 'Jordan Blake');
      const first = jordan.getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' });
      const second = jordan.getByRole('img', { name: 'Photo 2 of 3 from Jordan Blake' });
      await expect(first).toBeVisible();
      await expect(second).toBeHidden();
      // Each wheel event the page handled, and whether the carousel took it from the page.
      await page.evaluate(() => {
        const seen: boolean[] = [];
        Object.assign(window, { wheelsSeen: seen });
        window.addEventListener('wheel', (event) => seen.push(event.defaultPrevented));
      });
      const wheelsSeen = () =>
        page.evaluate(() => (window as unknown as { wheelsSeen: boolean[] }).wheelsSeen);

      // The lock counts the page's time, which stands still from here.
      await first.hover();
      await pageClock.pause(page);
      const scrollBefore = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 120);
      await expect(second).toBeVisible();
      await expect(first).toBeHidden();
      expect(await shownImage(jordan)).toBe('2');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
      expect(await wheelsSeen()).toEqual([true]);

      // Refused by the lock: still photo 2 (a small wheel, so the photo stays under the mouse).
      await page.mouse.wheel(0, 10);
      await expect.poll(wheelsSeen).toEqual([true, false]);
      expect(await shownImage(jordan)).toBe('2');
      await page.clock.resume();
    });

    await test.step('the carousel works from the keyboard', async () => {
      const noah = card(page, 'Noah Patel');
      const photo = (n: number) =>
        noah.getByRole('img', { name: `Photo ${n} of 5 from Noah Patel` });

      await card(page, 'Liam Carter').getByRole('button', { name: 'Share' }).focus();
      await page.keyboard.press('Tab');
      await expect(noah.getByRole('button', { name: 'Previous image' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(photo(1)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(noah.getByRole('button', { name: 'Next image' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(photo(2)).toBeVisible();
      await page.keyboard.press('Space');
      await expect(photo(3)).toBeVisible();

      await page.keyboard.press('Tab');
      const dot = (n: number) => noah.getByRole('button', { name: `Show image ${n} of 5` });
      await expect(dot(3)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(photo(4)).toBeVisible();
      await expect(dot(4)).toBeFocused();
      await page.keyboard.press('End');
      await expect(photo(5)).toBeVisible();
      await expect(dot(5)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(photo(5)).toBeVisible();
      await page.keyboard.press('Home');
      await expect(photo(1)).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await expect(photo(1)).toBeVisible();

      await page.keyboard.press('Tab');
      await expect(noah.getByRole('button', { name: 'Like' })).toBeFocused();
      await expectAccessible();
    });

    await test.step('Like asks the visitor to download the app, its message checked by axe', async () => {
      const snackbar = page.getByRole('status').filter({ hasText: FEED_APP_ONLY_MESSAGE });
      await expect(snackbar).toHaveCount(0);
      await pageClock.pause(page);
      await card(page, 'Mia Thompson').getByRole('button', { name: 'Like' }).click();
      await expect(snackbar).toBeVisible();
      await saveScreenshot('feed-ava-snackbar');
      await pageClock.withRealTimers(page, () => expectAccessible());
      await expect(snackbar).toBeVisible();
      await page.clock.resume();
    });

    await test.step("Ava's three links show the download message instead of leaving the page (Socials tab)", async () => {
      await page.getByRole('tab', { name: 'Socials' }).click();
      const socials = page.getByRole('list', { name: 'Social links' });
      await expect(socials.getByRole('link')).toHaveCount(3);
      for (const [name, href] of Object.entries(AVA_LINKS)) {
        await expect(socials.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
          'href',
          href!,
        );
      }
      await expect(socials.getByText('NA', { exact: true })).toHaveCount(0);
      await expectAccessible();
      await saveScreenshot('socials-ava');

      // Listening only now: the axe check above opens a blank page of its own.
      const address = page.url();
      const opened: string[] = [];
      context.on('page', (other) => opened.push(other.url()));
      // It hides itself after a second of the page's time, still from here on.
      await pageClock.pause(page);
      await socials.getByRole('link', { name: /^Facebook/ }).click();
      await expect(page.getByText(SOCIALS_APP_ONLY_MESSAGE, { exact: true })).toBeVisible();
      await saveScreenshot('socials-ava-message');
      expect(page.url()).toBe(address);
      expect(opened).toEqual([]);
    });
  });
});
