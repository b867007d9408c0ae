import { test, expect, holdRequests, pageClock } from './fixtures';

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

test.describe('the profile page', () => {
  for (const [id, name] of [
    ['ava-martinez', 'Ava Martinez'],
    ['bluebird-cafe', 'Bluebird Café'],
    ['green-earth-fund', 'Green Earth Fund'],
    ['sam-lee', 'Sam Lee'],
  ] as const) {
    test(`${name} at 390 and 1280 px: no sideways scrolling, axe passes, screenshots`, async ({
      page,
      expectAccessible,
      saveScreenshot,
    }) => {
      test.slow(); // a long journey: three times the usual budget
      for (const [label, viewport] of [
        ['1280', WIDE],
        ['390', NARROW],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/user_profile/${id}`);
        await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal overflow in px').toBe(0);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.evaluate(() => window.scrollTo(0, 0));
        await expectAccessible();
        await saveScreenshot(`profile-${id}-${label}`);
      }
    });
  }

  // A profile opened by its address arrives rendered by the server (e2e/ssr.spec.ts); one opened
  // from inside the app is looked up by the browser, as here.
  test('shows a spinner while the profile loads', async ({ page }) => {
    const lookup = await holdRequests(page, '**/api/gratitude/findUser');
    await page.goto('/');
    await page
      .getByRole('link', { name: /Ava Martinez/ })
      .first()
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading profile' })).toBeVisible();
    lookup.release();
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
  });

  test('an unknown id, and a failed lookup, show OOPS!!', async ({ page, expectAccessible }) => {
    const answer = await page.goto('/user_profile/nobody-at-all');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
    await expect(page.getByText('No account exists with this credentials')).toBeVisible();
    await expectAccessible();

    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.route('**/api/gratitude/findUser', (route) => route.abort('connectionreset'));
    await page.goto('/');
    await page
      .getByRole('link', { name: /Ava Martinez/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
    expect(errors.join('\n')).toContain('Failed to fetch user details');
    // The page stays usable: the header still works.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('a profile the server rendered as a 404 is not looked up again by the browser', async ({
    page,
  }) => {
    const errors: string[] = [];
    const lookups: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (sent) => {
      if (sent.url().includes('/api/gratitude/findUser')) lookups.push(sent.url());
    });
    // The server's one lookup answered "no such account": the page is a 404.
    const answer = await page.goto('/user_profile/no-such-person');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
    // Hydrated (the page logs the failed lookup once it runs in the browser), and settled.
    await expect.poll(() => errors.join('\n')).toContain('Failed to fetch user details');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'OOPS!!' })).toBeVisible();
    expect(lookups).toEqual([]);
    expect(errors.filter((text) => text.includes('Failed to fetch user details'))).toHaveLength(1);
  });

  test('the card: ring colour by verification, ticks, title case, details', async ({ page }) => {
    const ringColour = () =>
      page.locator('.avatar-ring__progress').evaluate((circle) => getComputedStyle(circle).stroke);

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
    await expect(page.locator('.profile-card').getByRole('img', { name: 'Sam Lee' })).toBeVisible();
  });

  test('action buttons show the counts; Give Gift reads Donate for a non-profit', async ({
    page,
  }) => {
    await page.goto('/user_profile/ava-martinez');
    const response = await page.request.post('/api/gratitude/findUser', {
      headers: { Authorization: 'Bearer demo-guest-token' },
      data: { _id: 'ava-martinez', profilePage: true },
    });
    const { iconsCount } = (await response.json()).data.data;
    await expect(
      page.getByRole('button', { name: `Recognize, received ${iconsCount.handshakeCount}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Appreciate, received ${iconsCount.thumbsupCount}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Celebrate, received ${iconsCount.cleberateCount}` }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: `Gratitude, received ${iconsCount.thankyouCount}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Give Gift' })).toBeVisible();

    await page.goto('/user_profile/green-earth-fund');
    await expect(page.getByRole('button', { name: 'Donate', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Give Gift' })).toHaveCount(0);
  });

  test('choosing a kind opens the flow panel; the back arrow returns, by keyboard too', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
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

  test('the second panel sits at the right from 768 px and stacks below it', async ({ page }) => {
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

  test('tabs move with the arrow keys and show their panels', async ({ page }) => {
    await page.goto('/user_profile/ava-martinez');
    await page.getByRole('tab', { name: 'Feed' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Photos/Videos', selected: true })).toBeFocused();
    await expect(
      page.getByRole('tabpanel').getByRole('list', { name: 'Photos and videos' }),
    ).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Socials', selected: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Feed', selected: true })).toBeFocused();
  });

  test('Our Team: truncated names; a click opens the member in a new tab and shows the message', async ({
    page,
    context,
    expectAccessible,
  }) => {
    await pageClock.install(page);
    await page.goto('/user_profile/bluebird-cafe');
    const team = page.getByRole('region', { name: 'Our Team' });
    await expect(team.getByRole('listitem')).toHaveCount(6);
    await expect(team.getByText('Marcu...')).toBeVisible();
    await expect(team.getByText('Ava M...')).toBeVisible();
    await expectAccessible();

    // The message hides itself after 1000 ms of the page's time, which stands still from here
    // until the test moves it: however long the new tab takes, the message is still there.
    await pageClock.pause(page);
    const popupPromise = context.waitForEvent('page');
    await team.getByRole('link', { name: /^Ava Martinez/ }).click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(/\/user_profile\/ava-martinez$/);
    const message = page
      .getByRole('status')
      .filter({ hasText: 'Download app to avail this feature' });
    await expect(message).toBeVisible();
    await page.clock.runFor(999);
    await expect(message).toBeVisible();
    await page.clock.runFor(1);
    await expect(message).toBeHidden();
    await popup.close();
    await page.clock.resume();

    // People have no team strip.
    await page.goto('/user_profile/ava-martinez');
    await expect(page.getByRole('region', { name: 'Our Team' })).toHaveCount(0);
  });

  test('the Congratulations modal opens for show or redirect_status=succeeded; OK cleans the address', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const message = 'Congratulations! Your recognition has been sent.';
    // The server never renders it (its OK would do nothing before the page works): it opens once
    // the page works, its code fetched then.
    const served = await page.request.get('/user_profile/ava-martinez?show=true');
    expect(await served.text()).not.toContain(message);
    await page.goto(
      '/user_profile/ava-martinez?show=true&payment_intent=pi_1&payment_intent_client_secret=s&ref=qr',
    );
    const dialog = page.getByRole('dialog', { name: message });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await expectAccessible();
    await saveScreenshot('profile-congratulations');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez\?ref=qr$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();

    await page.goto('/user_profile/ava-martinez?redirect_status=succeeded&payment_intent=pi_2');
    await expect(page.getByRole('dialog', { name: message })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);

    await page.goto('/user_profile/ava-martinez?redirect_status=failed');
    await expect(page.getByRole('heading', { level: 1, name: 'Ava Martinez' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('/user-details/{id} shows the same profile, and the id is remembered', async ({ page }) => {
    await page.goto('/user-details/green-earth-fund');
    await expect(page.getByRole('heading', { level: 1, name: 'Green Earth Fund' })).toBeVisible();
    // Remembered once the page works (storage is left out of hydration).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('userId')))
      .toBe('green-earth-fund');
  });

  test('the profile route loads no form, payment or captcha code up front', async ({ page }) => {
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
});
