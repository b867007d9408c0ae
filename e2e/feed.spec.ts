// The Feed tab of a profile, driven as a guest would: cards, carousel (wheel, keyboard),
// fullscreen video, the app-only buttons, and Ava's Socials tab: one page of Ava's, each former
// test a step. Elsewhere: the dots, the touch drag, Ava's kept reviews in order (one Boosted, no
// TIP) and each app-only button's 1.5 s (src/features/feed/FeedTab.test.tsx), the empty feeds of
// Sam Lee and Jo Nakamura (e2e/profile.spec.ts, whose steps load those pages).
import type { Locator, Page } from '@playwright/test';
import seed from '../mock-api/seed/seed.json';
import { FEED_APP_ONLY_MESSAGE } from '../src/features/feed/FeedTab';
import { SOCIALS_APP_ONLY_MESSAGE } from '../src/features/socials/SocialsTab';
import { test, expect, pageClock } from './fixtures';

async function openAva(page: Page) {
  await page.goto('/user_profile/ava-martinez');
  await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
}

const card = (page: Page, giver: string) =>
  page.getByRole('article', { name: new RegExp(`^${giver} `) });

/** The number of the image the carousel shows, read from its dots (the current one is marked). */
async function shownImage(carouselCard: Locator): Promise<string | null> {
  const current = carouselCard.locator('button[aria-current="true"]');
  const name = await current.getAttribute('aria-label');
  return name?.match(/Show image (\d+) of/)?.[1] ?? null;
}

// Ava's links as the seed gives them, by the name each link starts with.
const { FBlink, InstaLink, LinkedInLink } = seed.users.find(
  (u) => u._id === 'ava-martinez',
)!.socialLinks;
const AVA_LINKS = { Facebook: FBlink, Instagram: InstaLink, LinkedIn: LinkedInLink };

test.describe('the Feed tab', () => {
  test("Ava's page: her feed's cards, carousel, video and app-only buttons, then her Socials tab", async ({
    page,
    context,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    // The wheel's lock, the snackbar and the socials message count the page's time.
    await pageClock.install(page);
    await openAva(page);

    await test.step("Ava's feed shows a card per kept thanks, with title, kind, giver and time", async () => {
      await expect(page.getByRole('article')).toHaveCount(4);
      const jordan = card(page, 'Jordan Blake');
      await expect(jordan.getByRole('img', { name: 'Recognition' })).toBeVisible();
      await expect(jordan.getByRole('img', { name: 'Jordan Blake', exact: true })).toBeVisible();
      await expect(jordan.getByText(/^(Just now|\d+ minutes? ago)$/)).toBeVisible();
      await expect(jordan.getByText(/^Ava remembered my order/)).toBeVisible();
      // 25 hours old: yesterday, or the day before when it is just after midnight.
      await expect(
        card(page, 'Noah Patel').getByText(
          /^(Yesterday|\d{1,2} [A-Z][a-z]+) \| \d{1,2}:\d\d [AP]M$/,
        ),
      ).toBeVisible();

      // A text-only card: no photos, and the one boosted thanks carries the marker.
      const mia = card(page, 'Mia Thompson');
      await expect(mia.getByText(/^Thank you for staying late/)).toBeVisible();
      await expect(mia.getByRole('img', { name: /^Photo/ })).toHaveCount(0);
      await expect(mia.getByText('Boosted')).toBeVisible();

      // Every picture has loaded (no broken images) and every card image has alt text.
      await expect(
        jordan.getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' }),
      ).toBeVisible();
      const broken = await page
        .locator('article img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[])
            .filter((img) => img.complete && img.naturalWidth === 0)
            .map((img) => img.src),
        );
      expect(broken).toEqual([]);

      await expectAccessible();
      await saveScreenshot('feed-ava');
    });

    await test.step('a photo card swipes with the mouse wheel, once per second', async () => {
      const jordan = card(page, 'Jordan Blake');
      const first = jordan.getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' });
      const second = jordan.getByRole('img', { name: 'Photo 2 of 3 from Jordan Blake' });
      const third = jordan.getByRole('img', { name: 'Photo 3 of 3 from Jordan Blake' });
      await expect(first).toBeVisible();
      await expect(second).toBeHidden();
      await expect(jordan.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      // Each wheel event the page handled, and whether the carousel took it from the page.
      await page.evaluate(() => {
        const seen: boolean[] = [];
        Object.assign(window, { wheelsSeen: seen });
        window.addEventListener('wheel', (event) => seen.push(event.defaultPrevented));
      });
      const wheelsSeen = () =>
        page.evaluate(() => (window as unknown as { wheelsSeen: boolean[] }).wheelsSeen);

      // The lock counts the page's time, which stands still from here until the test moves it.
      await first.hover();
      await pageClock.pause(page);
      // An ordinary (vertical) wheel over the photo swipes to the next one, not scrolling the page.
      const scrollBefore = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 120);
      await expect(second).toBeVisible();
      await expect(first).toBeHidden();
      expect(await shownImage(jordan)).toBe('2');
      expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
      expect(await wheelsSeen()).toEqual([true]);

      // Another wheel at once, and one 999 ms later, are refused: still photo 2. (Small vertical
      // wheels: a refused one scrolls the page a little, and the photo stays under the mouse.)
      await page.mouse.wheel(0, 10);
      await expect.poll(wheelsSeen).toEqual([true, false]);
      await page.clock.runFor(999);
      await page.mouse.wheel(0, 10);
      await expect.poll(wheelsSeen).toEqual([true, false, false]);
      expect(await shownImage(jordan)).toBe('2');

      // A second after the swipe, the next wheel swipes again.
      await page.clock.runFor(1);
      await page.mouse.wheel(0, 10);
      await expect.poll(wheelsSeen).toEqual([true, false, false, true]);
      await expect(third).toBeVisible();
      expect(await shownImage(jordan)).toBe('3');
      // Back on the page's running clock for the steps that follow (axe needs its timers).
      await page.clock.resume();
    });

    await test.step('the carousel works from the keyboard', async () => {
      const noah = card(page, 'Noah Patel');
      const photo = (n: number) =>
        noah.getByRole('img', { name: `Photo ${n} of 5 from Noah Patel` });

      // Tab in from the card before: Previous, Next, then the dots as one stop.
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

      // From the dots, one Tab leaves the carousel for the card's first action.
      await page.keyboard.press('Tab');
      await expect(noah.getByRole('button', { name: 'Like' })).toBeFocused();
      await expectAccessible();
    });

    await test.step('a video card plays fullscreen on click and stops when fullscreen is left', async () => {
      const liam = card(page, 'Liam Carter');
      await expect(liam.getByRole('img', { name: 'Celebration' })).toBeVisible();
      // Looped: the seed's short video cannot end (and stop) before a slow machine sees it play.
      await liam.locator('video').evaluate((video: HTMLVideoElement) => {
        video.loop = true;
      });
      const play = liam.getByRole('button', { name: 'Play video from Liam Carter' });
      const fullscreen = () => page.evaluate(() => document.fullscreenElement?.tagName ?? null);
      const paused = () =>
        liam.locator('video').evaluate((video: HTMLVideoElement) => video.paused);
      await play.click();
      await expect.poll(fullscreen).toBe('VIDEO');
      await expect.poll(paused).toBe(false);

      await page.evaluate(() => document.exitFullscreen());
      await expect.poll(fullscreen).toBeNull();
      await expect.poll(paused).toBe(true);
      await expect(play).toBeVisible();
    });

    await test.step('Like asks the visitor to download the app, its message checked by axe', async () => {
      const snackbar = page.getByRole('status').filter({ hasText: FEED_APP_ONLY_MESSAGE });
      await expect(snackbar).toHaveCount(0);
      // axe runs on real timers while the page's clock (and the 1.5 s) stands still.
      await pageClock.pause(page);
      await card(page, 'Mia Thompson').getByRole('button', { name: 'Like' }).click();
      await expect(snackbar).toBeVisible();
      await saveScreenshot('feed-ava-snackbar');
      await pageClock.withRealTimers(page, () => expectAccessible());
      await expect(snackbar).toBeVisible();
      // Back on the page's running clock for the steps that follow (axe needs its timers).
      await page.clock.resume();
    });

    await test.step("Ava's three links show the download message instead of leaving the page (Socials tab)", async () => {
      // Formerly e2e/socials.spec.ts: the page is already open, on the page's clock.
      const tab = page.getByRole('tab', { name: 'Socials' });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
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
      // It hides itself after a second (spec section 9) of the page's time, still from here on.
      await pageClock.pause(page);
      await socials.getByRole('link', { name: /^Facebook/ }).click();
      const message = page.getByText(SOCIALS_APP_ONLY_MESSAGE, { exact: true });
      await expect(message).toBeVisible();
      await saveScreenshot('socials-ava-message');
      await page.clock.runFor(999);
      await expect(message).toBeVisible();
      await page.clock.runFor(1);
      await expect(message).toBeHidden();
      expect(page.url()).toBe(address);
      expect(opened).toEqual([]);
    });
  });
});

test.describe('the Feed tab on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("Ava's feed fits the screen", async ({ page, expectAccessible, saveScreenshot }) => {
    await openAva(page);
    await expect(page.getByRole('article')).toHaveCount(4);
    // Every card lies within the screen's width.
    const width = page.viewportSize()!.width;
    for (const article of await page.getByRole('article').all()) {
      const box = (await article.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    const jordan = card(page, 'Jordan Blake');
    await jordan.getByRole('button', { name: 'Show image 3 of 3' }).tap();
    await expect(jordan.getByRole('img', { name: 'Photo 3 of 3 from Jordan Blake' })).toBeVisible();
    await expectAccessible();
    await saveScreenshot('feed-ava-390');
  });
});
