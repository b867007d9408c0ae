// The Feed tab of a profile, driven as a guest would: cards, carousel (wheel, dots, keyboard,
// touch), fullscreen video, the app-only buttons, and the empty feed.
import type { Locator, Page } from '@playwright/test';
import { test, expect, pageClock } from './fixtures';

const EMPTY_FEED = 'This is where the timeline of the thanks you receive will appear';
const APP_ONLY = 'Download the app to access this feature.';

// Ava's lookup keeps her first 4 REVIEW items (the TIP between them is dropped), newest first.
const AVA_TITLES = [
  'Jordan Blake recognized Ava.martinez',
  'Mia Thompson appreciated Ava.martinez',
  'Liam Carter celebrated Ava.martinez',
  'Noah Patel thanked Ava.martinez',
];

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

/** Resolves after the page has painted twice, so every event sent before has been handled. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

test.describe('the Feed tab', () => {
  test("Ava's feed shows a card per kept thanks, with title, kind, giver and time", async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await openAva(page);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const [i, title] of AVA_TITLES.entries()) {
      await expect(cards.nth(i).getByRole('heading', { name: title })).toBeVisible();
    }
    // The TIP between them gets no card.
    await expect(page.getByRole('heading', { name: /Tip to/i })).toHaveCount(0);

    const jordan = card(page, 'Jordan Blake');
    await expect(jordan.getByRole('img', { name: 'Recognition' })).toBeVisible();
    await expect(jordan.getByRole('img', { name: 'Jordan Blake', exact: true })).toBeVisible();
    await expect(jordan.getByText(/^(Just now|\d+ minutes? ago)$/)).toBeVisible();
    await expect(jordan.getByText(/^Ava remembered my order/)).toBeVisible();
    // 25 hours old: yesterday, or the day before when it is just after midnight.
    await expect(
      card(page, 'Noah Patel').getByText(/^(Yesterday|\d{1,2} [A-Z][a-z]+) \| \d{1,2}:\d\d [AP]M$/),
    ).toBeVisible();

    // A text-only card: no photos, and the one boosted thanks carries the marker.
    const mia = card(page, 'Mia Thompson');
    await expect(mia.getByText(/^Thank you for staying late/)).toBeVisible();
    await expect(mia.getByRole('img', { name: /^Photo/ })).toHaveCount(0);
    await expect(mia.getByText('Boosted')).toBeVisible();
    await expect(page.getByText('Boosted')).toHaveCount(1);

    // Every picture has loaded (no broken images) and every card image has alt text.
    await expect(jordan.getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' })).toBeVisible();
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

  test('a photo card swipes with the mouse wheel, once per second', async ({ page }) => {
    await pageClock.install(page);
    await openAva(page);
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
    // Each wheel event the page handled, and whether the carousel took it (a swipe keeps its
    // wheel event from the page; a refused one leaves it to scroll the page).
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
    // An ordinary (vertical) wheel over the photo swipes to the next one, and that wheel event
    // does not scroll the page.
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
  });

  test('the dots show the image they name', async ({ page }) => {
    await openAva(page);
    const noah = card(page, 'Noah Patel');
    await expect(noah.getByRole('button', { name: /^Show image \d of 5$/ })).toHaveCount(5);
    await noah.getByRole('button', { name: 'Show image 4 of 5' }).click();
    await expect(noah.getByRole('img', { name: 'Photo 4 of 5 from Noah Patel' })).toBeVisible();
    await expect(noah.getByRole('img', { name: 'Photo 1 of 5 from Noah Patel' })).toBeHidden();
    await expect(noah.getByRole('button', { name: 'Show image 4 of 5' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await noah.getByRole('button', { name: 'Previous image' }).click();
    await expect(noah.getByRole('img', { name: 'Photo 3 of 5 from Noah Patel' })).toBeVisible();
  });

  test('the carousel works from the keyboard', async ({ page, expectAccessible }) => {
    await openAva(page);
    const noah = card(page, 'Noah Patel');
    const photo = (n: number) => noah.getByRole('img', { name: `Photo ${n} of 5 from Noah Patel` });

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

  test('a photo card swipes with a touch drag', async ({ page }) => {
    await openAva(page);
    const jordan = card(page, 'Jordan Blake');
    const viewport = jordan.locator('.media-carousel__viewport');
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    const drag = async (fromX: number, toX: number) => {
      const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true };
      await viewport.dispatchEvent('pointerdown', { ...init, clientX: fromX, clientY: y });
      await viewport.dispatchEvent('pointerup', { ...init, clientX: toX, clientY: y + 5 });
    };
    await drag(box.x + box.width - 30, box.x + 30);
    await expect(jordan.getByRole('img', { name: 'Photo 2 of 3 from Jordan Blake' })).toBeVisible();
    // A short move is a tap, not a swipe.
    await drag(box.x + 100, box.x + 80);
    await settle(page);
    expect(await shownImage(jordan)).toBe('2');
    await drag(box.x + 30, box.x + box.width - 30);
    await expect(jordan.getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' })).toBeVisible();
  });

  test('a video card plays fullscreen on click and stops when fullscreen is left', async ({
    page,
  }) => {
    await openAva(page);
    const liam = card(page, 'Liam Carter');
    await expect(liam.getByRole('img', { name: 'Celebration' })).toBeVisible();
    // The seed's video lasts seconds, and its end stops it too: looped, it cannot end (and stop)
    // before a slow machine has looked at it playing.
    await liam.locator('video').evaluate((video: HTMLVideoElement) => {
      video.loop = true;
    });
    await liam.getByRole('button', { name: 'Play video from Liam Carter' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null))
      .toBe('VIDEO');
    await expect
      .poll(() => liam.locator('video').evaluate((video: HTMLVideoElement) => video.paused))
      .toBe(false);

    await page.evaluate(() => document.exitFullscreen());
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null))
      .toBeNull();
    await expect
      .poll(() => liam.locator('video').evaluate((video: HTMLVideoElement) => video.paused))
      .toBe(true);
    await expect(liam.getByRole('button', { name: 'Play video from Liam Carter' })).toBeVisible();
  });

  test('Like, Comment and Share ask the visitor to download the app', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await pageClock.install(page);
    await openAva(page);
    const mia = card(page, 'Mia Thompson');
    const snackbar = page.getByRole('status').filter({ hasText: APP_ONLY });
    await expect(snackbar).toHaveCount(0);

    // It hides by itself after 1.5 s of the page's time, which stands still from here until the
    // test moves it: the checks can't come after it has gone.
    await pageClock.pause(page);
    await mia.getByRole('button', { name: 'Like' }).click();
    await expect(snackbar).toBeVisible();
    await saveScreenshot('feed-ava-snackbar');
    await page.clock.runFor(1499);
    await expect(snackbar).toBeVisible();
    await page.clock.runFor(1);
    await expect(snackbar).toBeHidden();

    for (const action of ['Comment', 'Share']) {
      await mia.getByRole('button', { name: action }).click();
      await expect(snackbar).toBeVisible();
      await page.clock.runFor(1499);
      await expect(snackbar).toBeVisible();
      await page.clock.runFor(1);
      await expect(snackbar).toBeHidden();
    }

    // axe checks the page with the snackbar shown, on the browser's real timers, while the
    // page's clock (and the snackbar's 1.5 s) stands still: it is still there afterwards.
    await mia.getByRole('button', { name: 'Like' }).click();
    await expect(snackbar).toBeVisible();
    await pageClock.withRealTimers(page, () => expectAccessible());
    await expect(snackbar).toBeVisible();
  });

  for (const [id, name] of [
    ['sam-lee', 'Sam Lee'],
    ['tip-only-jo', 'Jo Nakamura'],
  ] as const) {
    test(`${name}'s feed shows the empty-feed message`, async ({
      page,
      expectAccessible,
      saveScreenshot,
    }) => {
      await page.goto(`/user_profile/${id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.getByText(EMPTY_FEED, { exact: true })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      await expectAccessible();
      await saveScreenshot(`feed-${id}`);
    });
  }
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
