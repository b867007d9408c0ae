// The profile page in Chromium: each demo profile's layout and axe at a phone's and a desktop's
// width, the 404 page, and the card's details. Each test opens its pages once and runs what were
// separate tests as steps. Elsewhere: the spinner while a lookup is held
// (src/app/routes/ProfileRoute.test.tsx, ProfileRoute.kept.test.tsx); the action buttons' names
// and counts, the tabs' arrow keys and Our Team (src/app/routes/ProfileRoute.test.tsx).
import { test, expect } from './fixtures';
import { sidewaysOverflowInPage, sidewaysScrollFailure } from './inPage';
import { recordErrors } from './pageProblems';
import { CONGRATULATIONS } from './payment-helpers';

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };
const EMPTY_FEED = 'This is where the timeline of the thanks you receive will appear';
const FAILED_LOOKUP = 'Failed to fetch user details';

test.describe('the profile page', () => {
  test('every demo profile at 390 and 1280 px: no sideways scrolling, axe passes, screenshots', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    for (const [id, name] of [
      ['ava-martinez', 'Ava Martinez'],
      ['bluebird-cafe', 'Bluebird Café'],
      ['green-earth-fund', 'Green Earth Fund'],
      ['sam-lee', 'Sam Lee'],
    ] as const) {
      await test.step(`${name} at 390 and 1280 px: no sideways scrolling, axe passes, screenshots`, async () => {
        for (const [label, viewport] of [
          ['1280', WIDE],
          ['390', NARROW],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.goto(`/user_profile/${id}`);
          await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
          await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeVisible();
          const overflow = await page.evaluate(sidewaysOverflowInPage);
          expect(sidewaysScrollFailure(`${id} at ${label}`, overflow)).toBeNull();
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await page.evaluate(() => window.scrollTo(0, 0));
          await expectAccessible();
          await saveScreenshot(`profile-${id}-${label}`);
          if (id === 'sam-lee' && label === '1280') {
            // Formerly e2e/feed.spec.ts "Sam Lee's feed shows the empty-feed message".
            await expect(page.getByText(EMPTY_FEED, { exact: true })).toBeVisible();
            await expect(page.getByRole('article')).toHaveCount(0);
            await saveScreenshot('feed-sam-lee');
          }
        }
      });
    }

    // Formerly e2e/feed.spec.ts: a feed holding a single tip counts as empty.
    await test.step("Jo Nakamura's feed shows the empty-feed message", async () => {
      await page.setViewportSize(WIDE);
      await page.goto('/user_profile/tip-only-jo');
      await expect(page.getByRole('heading', { level: 1, name: 'Jo Nakamura' })).toBeVisible();
      await expect(page.getByText(EMPTY_FEED, { exact: true })).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(0);
      await expectAccessible();
      await saveScreenshot('feed-tip-only-jo');
    });

    await test.step('the second panel sits at the right from 768 px and stacks below it', async () => {
      for (const [width, sideBySide] of [
        [1280, true],
        [768, true],
        [767, false],
        [390, false],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/user_profile/ava-martinez');
        const card = await page.locator('.profile-page__main').boundingBox();
        const tabs = await page.getByRole('tablist').boundingBox();
        expect(card && tabs, `${width}px`).toBeTruthy();
        if (sideBySide) expect(tabs!.x, `${width}px`).toBeGreaterThan(card!.x + card!.width - 1);
        else expect(tabs!.y, `${width}px`).toBeGreaterThan(card!.y + card!.height - 1);
      }
    });
  });

  test('the OOPS page: a server-rendered 404, hydrated, and a failed lookup', async ({
    page,
    expectAccessible,
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
    const errors = recordErrors(page);
    const lookups: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/gratitude/findUser')) lookups.push(sent.url());
    });
    // The server's one lookup answered "no such account": the page is a 404.
    const answer = await page.goto('/user_profile/no-such-person');

    await test.step('an unknown id: a server-rendered 404 OOPS!!, not looked up again by the browser', async () => {
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
      // Hydrated (the page logs the failed lookup once it runs in the browser), and settled.
      await expect.poll(() => errors.join('\n')).toContain(FAILED_LOOKUP);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
      expect(lookups).toEqual([]);
      expect(errors.filter((text) => text.includes(FAILED_LOOKUP))).toHaveLength(1);
      await expect(page.getByText('No account exists with this credentials')).toBeVisible();
      await expectAccessible();
    });

    // Formerly e2e/shell.spec.ts.
    await test.step('the server-rendered OOPS page keeps its heading and title through hydration', async () => {
      // Hydrated, and the lookup the client repeats has answered (the step before waited).
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      const afterFirstPaint = seen.slice(seen.findIndex((entry) => entry.startsWith('OOPS!!')));
      expect(afterFirstPaint.length).toBeGreaterThan(0);
      expect(new Set(afterFirstPaint)).toEqual(new Set(['OOPS!! | OOPS!! | Grati']));
    });

    await test.step('a failed lookup shows OOPS!!', async () => {
      errors.length = 0;
      await page.route('**/api/gratitude/findUser', (route) => route.abort('connectionreset'));
      await page.goto('/');
      await page
        .getByRole('link', { name: /Ava Martinez/ })
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
      // Logged from an effect, after the heading's paint: watched until it comes.
      await expect.poll(() => errors.join('\n')).toContain(FAILED_LOOKUP);
      // The page stays usable: the header still works.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  });

  test('the profile page in detail: code up front, the card, the flow panel, Congratulations, /user-details', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    // First: which scripts the first load fetches (listening before the first page).
    await test.step('the profile route loads no form, payment or captcha code up front', async () => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/user_profile/ava-martinez');
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      // The first load (the scripts the server's page preloads) holds no flow code.
      const html = await (await page.request.get('/user_profile/ava-martinez')).text();
      const firstLoad = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(firstLoad.length).toBeGreaterThanOrEqual(2);
      expect(
        firstLoad.filter((url) => /gratitude|payment|captcha|stripe|branch/i.test(url ?? '')),
      ).toEqual([]);
      // Once the page is idle the flow's code is fetched ahead, so the first open is instant; the
      // payment providers' scripts still wait until a guest reaches a payment.
      await page.waitForLoadState('networkidle');
      await expect
        .poll(() => scripts.some((url) => /\/assets\/gratitude\./.test(url)), { timeout: 8000 })
        .toBe(true);
      expect(scripts.filter((url) => /stripe|recaptcha|captcha/i.test(url))).toEqual([]);
    });

    await test.step('the card: ring colour by verification, ticks, title case, details', async () => {
      const ringColour = () =>
        page
          .locator('.avatar-ring__progress')
          .evaluate((circle) => getComputedStyle(circle).stroke);

      await page.goto('/user_profile/ava-martinez');
      await expect(page.getByRole('img', { name: 'Verified profile' })).toBeVisible();
      expect(await ringColour()).toBe('rgb(31, 157, 85)'); // green
      await expect(page.getByText('Barista & Latte Artist')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Ava Martinez' }).first()).toBeVisible();
      // The ring is drawn to 85 percent of its circumference.
      const dash = await page
        .locator('.avatar-ring__progress')
        .evaluate((circle) => circle.getAttribute('stroke-dasharray')!.split(' ').map(Number));
      expect(dash[0]! / dash[1]!).toBeCloseTo(0.85, 5);

      await page.goto('/user_profile/green-earth-fund');
      await expect(page.getByRole('img', { name: 'Verified non-profit' })).toBeVisible();
      expect(await ringColour()).toBe('rgb(29, 111, 216)'); // blue
      await page.goto('/user_profile/bluebird-cafe');
      await expect(page.getByRole('img', { name: /^Verified/ })).toHaveCount(0);
      expect(await ringColour()).toBe('rgb(240, 138, 36)'); // orange

      await page.goto('/user_profile/sam-lee');
      // No picture: the default avatar, still named.
      await expect(
        page.locator('.profile-card').getByRole('img', { name: 'Sam Lee' }),
      ).toBeVisible();
    });

    await test.step('choosing a kind opens the flow panel; the back arrow returns, by keyboard too', async () => {
      await page.goto('/user_profile/ava-martinez');
      await page.getByRole('button', { name: /^Celebrate/ }).click();
      const panel = page.getByRole('region', { name: /Celebrate/ });
      await expect(panel.getByRole('heading', { name: 'Celebrate Ava Martinez' })).toBeFocused();
      await expect(page.getByRole('tablist')).toHaveCount(0);
      await expectAccessible();
      await saveScreenshot('profile-flow-celebrate');
      await panel.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Celebrate/ })).toBeFocused();

      // Keyboard only: Enter opens the gift flow, the back arrow closes it.
      await page.getByRole('button', { name: 'Give Gift' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Give Gift Ava Martinez' })).toBeFocused();
      // The title takes focus without being a tab stop; the back arrow is just before it.
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: 'Give Gift' })).toBeFocused();
    });

    await test.step('the Congratulations modal opens for show or redirect_status=succeeded; OK cleans the address', async () => {
      // Never server-rendered (its OK would do nothing before the page works).
      const served = await page.request.get('/user_profile/ava-martinez?show=true');
      expect(await served.text()).not.toContain(CONGRATULATIONS);
      await page.goto(
        '/user_profile/ava-martinez?show=true&payment_intent=pi_1&payment_intent_client_secret=s&ref=qr',
      );
      const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      await expectAccessible();
      await saveScreenshot('profile-congratulations');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/user_profile\/ava-martinez\?ref=qr$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();

      await page.goto('/user_profile/ava-martinez?redirect_status=succeeded&payment_intent=pi_2');
      // Enter presses what has the focus: OK, once the dialog has moved it there (after it shows).
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);

      await page.goto('/user_profile/ava-martinez?redirect_status=failed');
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('/user-details/{id} shows the same profile, and the id is remembered', async () => {
      // The steps before remembered other ids: start this one with none.
      await page.evaluate(() => localStorage.clear());
      await page.goto('/user-details/green-earth-fund');
      await expect(page.getByRole('heading', { level: 1, name: 'Green Earth Fund' })).toBeVisible();
      // Remembered once the page works (storage is left out of hydration).
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('userId')))
        .toBe('green-earth-fund');
    });
  });
});
