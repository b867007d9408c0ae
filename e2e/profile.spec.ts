// The profile page in Chromium: each demo profile at 390 and 1280 px, the 404 page, the card's
// details. The spinner, counts and tabs' arrows: src/app/routes/ProfileRoute.test.tsx.
import { test, expect } from './fixtures';
import { sidewaysOverflowInPage, sidewaysScrollFailure } from './inPage';
import { recordErrors } from './pageProblems';
import { CONGRATULATIONS } from './payment-helpers';

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };
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
        }
      });
    }

    await test.step('the second panel sits at the right from 768 px and stacks below it', async () => {
      for (const [width, sideBySide] of [
        [768, true],
        [767, false],
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
    const answer = await page.goto('/user_profile/no-such-person');

    await test.step('an unknown id: a server-rendered 404 OOPS!!, not looked up again by the browser', async () => {
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
      // Hydrated: the page logs the failed lookup once it runs in the browser.
      await expect.poll(() => errors.join('\n')).toContain(FAILED_LOOKUP);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
      expect(lookups).toEqual([]);
      expect(errors.filter((text) => text.includes(FAILED_LOOKUP))).toHaveLength(1);
      await expectAccessible();
    });

    await test.step('the server-rendered OOPS page keeps its heading and title through hydration', async () => {
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
      await expect.poll(() => errors.join('\n')).toContain(FAILED_LOOKUP);
    });
  });

  test('the profile page in detail: code up front, the card, the flow panel, Congratulations, /user-details', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    await test.step('the profile route loads no form, payment or captcha code up front', async () => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto('/user_profile/ava-martinez');
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      const html = await (await page.request.get('/user_profile/ava-martinez')).text();
      const firstLoad = [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(firstLoad.length).toBeGreaterThanOrEqual(2);
      expect(
        firstLoad.filter((url) => /gratitude|payment|captcha|stripe|branch/i.test(url ?? '')),
      ).toEqual([]);
      // Once idle the flow's code is fetched ahead; the payment providers' scripts still wait.
      await page.waitForLoadState('networkidle');
      await expect
        .poll(() => scripts.some((url) => /\/assets\/gratitude\./.test(url)), { timeout: 8000 })
        .toBe(true);
      expect(scripts.filter((url) => /stripe|recaptcha|captcha/i.test(url))).toEqual([]);
    });

    await test.step('the card: ring colour and tick by verification, the ring at 85 percent', async () => {
      const ringColour = () =>
        page
          .locator('.avatar-ring__progress')
          .evaluate((circle) => getComputedStyle(circle).stroke);

      await page.goto('/user_profile/ava-martinez');
      await expect(page.getByRole('img', { name: 'Verified profile' })).toBeVisible();
      expect(await ringColour()).toBe('rgb(31, 157, 85)'); // green
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
    });

    await test.step('choosing a kind opens the flow panel; the back arrow returns, by keyboard too', async () => {
      await page.goto('/user_profile/ava-martinez');
      await page.getByRole('button', { name: /^Celebrate/ }).click();
      const panel = page.getByRole('region', { name: /Celebrate/ });
      await expect(panel.getByRole('heading', { name: 'Celebrate Ava Martinez' })).toBeFocused();
      await expectAccessible();
      await saveScreenshot('profile-flow-celebrate');
      await panel.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Celebrate/ })).toBeFocused();

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
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);

      await page.goto('/user_profile/ava-martinez?redirect_status=failed');
      await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('/user-details/{id} shows the same profile, and the id is remembered', async () => {
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
