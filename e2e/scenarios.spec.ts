// The testers' fault scenarios (POST /api/__scenarios) through the real gift-only screens: what
// the guest sees, that nothing is charged, and that the app works again once the scenario is
// cleared. A scenario belongs to the browser context that set it (its tester cookie), so these
// tests run beside every other spec; one of them shows two testers at once.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, gotoWaitsForApp, GUEST_TOKEN } from './fixtures';
import { recordErrors } from './pageProblems';
import {
  fillCard,
  guestName,
  passCaptcha,
  paymentsOf,
  setScenario,
  startGift,
} from './payment-helpers';

const PROFILE = 'ava-martinez';
const CARD_OPTION = /Tip via Debit\/Credit Card/;
const NOT_PROCESSED = 'Payment could not be processed. Please try again.';

/** Opens a $10 tip to Ava with the captcha passed, up to the card option. */
async function openTip(page: Page, guest: string) {
  await startGift(page, PROFILE, /Give Gift/, guest);
  await page.getByRole('button', { name: '$10' }).click();
  await passCaptcha(page);
  await expect(page.getByRole('button', { name: CARD_OPTION })).toBeEnabled();
}

/** Clears the scenario and shows the app answers normally again: a fresh profile page loads. */
async function expectRecovered(page: Page) {
  await setScenario(page, null);
  await page.goto(`/user_profile/${PROFILE}`);
  await expect(page.getByRole('heading', { name: 'Ava Martinez', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Give Gift/ })).toBeEnabled();
}

/** The intent scenarios answer before any intent is made: the guest has none at all. */
async function expectNoIntent(request: APIRequestContext, guest: string) {
  expect(await paymentsOf(request, guest)).toEqual([]);
}

test.describe('payment scenarios on a gift-only tip', () => {
  for (const name of ['intent-error', 'intent-missing'] as const) {
    test(`${name}: “${NOT_PROCESSED}” and no Pay Now`, async ({
      page,
      request,
      expectAccessible,
      saveScreenshot,
    }) => {
      const guest = guestName(`Scenario ${name}`);
      await setScenario(page, name);
      await openTip(page, guest);
      await page.getByRole('button', { name: CARD_OPTION }).click();

      await expect(page.getByRole('alert')).toHaveText(NOT_PROCESSED);
      await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await expectAccessible();
      await saveScreenshot(`scenario-${name}`);
      await expectNoIntent(request, guest);

      await expectRecovered(page);
    });
  }

  test('network-drop: “Something went wrong. Please try again.” and no Pay Now', async ({
    page,
    request,
  }) => {
    const guest = guestName('Scenario drop');
    await setScenario(page, 'network-drop');
    await openTip(page, guest);
    await page.getByRole('button', { name: CARD_OPTION }).click();

    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await expectNoIntent(request, guest);

    await expectRecovered(page);
  });

  test('slow: the card option waits disabled, then Pay Now comes and 4242 pays', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario slow');
    await setScenario(page, 'slow', 3000);
    await openTip(page, guest);
    const cardOption = page.getByRole('button', { name: CARD_OPTION });
    await cardOption.click();

    // While the intent call waits: the option cannot be chosen again and there is no card form.
    await expect(cardOption).toBeDisabled();
    await expect(
      page.getByRole('status').filter({ hasText: 'Preparing your payment…' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveText('');
    await saveScreenshot('scenario-slow-waiting');

    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expect(cardOption).toBeEnabled();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/user_profile/${PROFILE}\\?redirect_status=succeeded$`),
    );
    await expect(page.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();
    const rows = await paymentsOf(request, guest);
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 1000]]);

    await expectRecovered(page);
  });

  test('stripe-unavailable: “Failed to load Stripe.js” and no charge', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario nostripe');
    await setScenario(page, 'stripe-unavailable');
    await openTip(page, guest);
    await page.getByRole('button', { name: CARD_OPTION }).click();

    await expect(page.getByRole('alert')).toHaveText('Failed to load Stripe.js');
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await expectAccessible();
    await saveScreenshot('scenario-stripe-unavailable');
    const rows = await paymentsOf(request, guest);
    expect(rows.filter((row) => row.status === 'succeeded')).toEqual([]);

    await expectRecovered(page);
    expect((await request.get('/__stripe/stripe.js')).ok()).toBe(true);
  });

  test('wallet-unsupported: no wallet buttons, the Google Pay message, and the card still pays', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario nowallet');
    await setScenario(page, 'wallet-unsupported');
    await openTip(page, guest);

    await expect(
      page.getByText('Google Pay is not supported on this device or browser'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Apple Pay|Google Pay/ })).toHaveCount(0);
    await expectAccessible();
    await saveScreenshot('scenario-wallet-unsupported');
    await page.getByRole('button', { name: CARD_OPTION }).click();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/user_profile/${PROFILE}\\?redirect_status=succeeded$`),
    );
    const rows = await paymentsOf(request, guest);
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 1000]]);

    await expectRecovered(page);
    await page.getByRole('button', { name: /Give Gift/ }).click();
    await expect(page.getByLabel('Full Name')).toBeVisible();
  });

  test('a tester picks a scenario from the demo panel, and clears it there', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario panel');
    await page.goto(`/user_profile/${PROFILE}`);
    await page.getByRole('button', { name: 'Test scenarios' }).click();
    const panel = page.getByRole('group', { name: 'Payment scenario' });
    await expect(panel.getByRole('radio', { name: /^none/ })).toBeChecked();
    await panel.getByRole('radio', { name: /^intent-error/ }).check();
    await expect(page.getByText("This browser's scenario: intent-error")).toBeVisible();
    // Every page now says so, with a way out.
    await expect(page.getByRole('region', { name: 'Test scenario' })).toContainText(
      'Test scenario active: intent-error —',
    );
    await expectAccessible();
    await saveScreenshot('scenario-panel');

    await openTip(page, guest);
    await page.getByRole('button', { name: CARD_OPTION }).click();
    await expect(page.getByRole('alert')).toHaveText(NOT_PROCESSED);

    await page.getByRole('button', { name: 'Test scenarios' }).click();
    await panel.getByRole('radio', { name: /^none/ }).check();
    await expect(page.getByText("This browser's scenario: none.")).toBeVisible();
    await expect(page.getByRole('region', { name: 'Test scenario' })).toHaveCount(0);
    const state = await page.request.get('/api/__scenarios', {
      headers: { Authorization: 'Bearer demo-guest-token' },
    });
    expect(((await state.json()) as { data: { active: unknown } }).data.active).toBeNull();
  });

  // A refused captcha shows `invalid Captcha` and a fresh captcha.
  test('captcha-fail: “invalid Captcha”, a fresh captcha, and no intent', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario captcha');
    await setScenario(page, 'captcha-fail');
    await openTip(page, guest);
    const cardOption = page.getByRole('button', { name: CARD_OPTION });
    await cardOption.click();

    await expect(page.getByRole('alert')).toHaveText('invalid Captcha');
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await saveScreenshot('scenario-captcha-fail');
    await expectNoIntent(request, guest);

    // Once the server accepts captchas again, the fresh one lets the guest on to the card form.
    await setScenario(page, null);
    await passCaptcha(page);
    await cardOption.click();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    expect((await paymentsOf(request, guest)).map((row) => row.status)).toEqual([
      'requires_payment_method',
    ]);

    await expectRecovered(page);
  });
});

/** Another tester: a fresh browser context (its own cookies) on the same server. */
async function otherTester(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: gotoWaitsForApp(await context.newPage()) };
}

test.describe('testers, many at once', () => {
  test('tester A has intent-error from the panel while tester B, at the same time, pays', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const b = await otherTester(browser, baseURL);
    try {
      const guestA = guestName('Tester A');
      const guestB = guestName('Tester B');
      await page.goto(`/user_profile/${PROFILE}`);
      await page.getByRole('button', { name: 'Test scenarios' }).click();
      await page
        .getByRole('group', { name: 'Payment scenario' })
        .getByRole('radio', { name: /^intent-error/ })
        .check();
      await expect(page.getByText(/This browser's scenario: intent-error, until/)).toBeVisible();

      await Promise.all([
        (async () => {
          await openTip(page, guestA);
          await page.getByRole('button', { name: CARD_OPTION }).click();
          await expect(page.getByRole('alert')).toHaveText(NOT_PROCESSED);
        })(),
        (async () => {
          await openTip(b.page, guestB);
          await b.page.getByRole('button', { name: CARD_OPTION }).click();
          await fillCard(b.page, '4242 4242 4242 4242');
          await b.page.getByRole('button', { name: 'Pay Now' }).click();
          await expect(b.page.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();
        })(),
      ]);
      await expectNoIntent(request, guestA);
      expect((await paymentsOf(request, guestB)).map((row) => row.status)).toEqual(['succeeded']);
      // B never had a scenario; A still has its own.
      const state = async (p: Page) =>
        (
          (await (
            await p.request.get('/api/__scenarios', {
              headers: { Authorization: 'Bearer demo-guest-token' },
            })
          ).json()) as {
            data: { active: string | null };
          }
        ).data.active;
      expect(await state(b.page)).toBeNull();
      expect(await state(page)).toBe('intent-error');
    } finally {
      await b.context.close();
    }
  });

  test('a copied repro link reproduces slow with its delay in a fresh browser', async ({
    page,
    context,
    browser,
    baseURL,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey (two browsers, a 5 s delay): three times the usual budget
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/user_profile/${PROFILE}`);
    await page.getByRole('button', { name: 'Test scenarios' }).click();
    await page.getByLabel('Delay in ms (slow, webhook-delayed)').fill('5000');
    await page
      .getByRole('group', { name: 'Payment scenario' })
      .getByRole('radio', { name: /^slow/ })
      .check();
    await expect(page.getByText("This browser's scenario: slow (5000 ms), until")).toBeVisible();
    await page.getByRole('button', { name: 'Copy repro link' }).click();
    await expect(page.getByText('Repro link copied.')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/user_profile\/ava-martinez\?scenario=slow&delayMs=5000$/);

    const fresh = await otherTester(browser, baseURL);
    try {
      await fresh.page.goto(link);
      // The link asks first: the fresh browser turns its scenario on with the link's button.
      await fresh.page
        .getByRole('region', { name: 'Repro link' })
        .getByRole('button', { name: 'Turn on slow for this browser' })
        .click();
      await expect(
        fresh.page.getByText('Turned on by this link: slow (5000 ms), for this browser only'),
      ).toBeVisible();
      await saveScreenshot('scenario-repro-link', fresh.page);
      const guest = guestName('Repro slow');
      await openTip(fresh.page, guest);
      const cardOption = fresh.page.getByRole('button', { name: CARD_OPTION });
      const started = Date.now();
      await cardOption.click();
      await expect(
        fresh.page.getByRole('status').filter({ hasText: 'Preparing your payment…' }),
      ).toBeVisible();
      await expect(fresh.page.getByRole('button', { name: 'Pay Now' })).toBeVisible({
        timeout: 60_000,
      });
      // The link's delay, not slow's default (3 s): the intent call waited at least 5 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(5000);
    } finally {
      await fresh.context.close();
    }
  });
});

/** This page's browser's scenario, and what the mock API says the scenario does. */
async function scenarioOf(
  page: Page,
): Promise<{ active: string | null; describe: (name: string) => string }> {
  const answer = await page.request.get('/api/__scenarios', {
    headers: { Authorization: `Bearer ${GUEST_TOKEN}`, Connection: 'close' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { data } = (await answer.json()) as {
    data: { active: string | null; scenarios: { name: string; description: string }[] };
  };
  return {
    active: data.active,
    describe: (name) => data.scenarios.find((scenario) => scenario.name === name)!.description,
  };
}

test.describe('repro links', () => {
  test('a link changes nothing until its button is pressed; then every page names the scenario until Turn off', async ({
    page,
    context,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a tip, then four pages: twice the usual journey
    const errors = recordErrors(page);
    const changes: string[] = [];
    context.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/__scenarios') {
        changes.push(sent.url());
      }
    });

    await page.goto(`/user_profile/${PROFILE}?scenario=captcha-fail`);
    const { describe } = await scenarioOf(page);
    const offer = page.getByRole('region', { name: 'Repro link' });
    await expect(offer).toContainText(
      `This link would turn on captcha-fail for this browser: ${describe('captcha-fail')}`,
    );
    await expect(offer).toContainText('Nothing changes until you turn it on.');
    const turnOn = offer.getByRole('button', { name: 'Turn on captcha-fail for this browser' });
    await expect(turnOn).toBeVisible();
    await expectAccessible();
    await saveScreenshot('scenario-repro-link-offer');
    const banner = page.getByRole('region', { name: 'Test scenario' });
    await expect(banner).toHaveCount(0);
    expect((await scenarioOf(page)).active).toBeNull();

    // Before the button: a tip elsewhere in this browser goes through (its captcha is accepted).
    const guest = guestName('Repro before');
    const elsewhere = gotoWaitsForApp(await context.newPage());
    await openTip(elsewhere, guest);
    await elsewhere.getByRole('button', { name: CARD_OPTION }).click();
    await fillCard(elsewhere, '4242 4242 4242 4242');
    await elsewhere.getByRole('button', { name: 'Pay Now' }).click();
    await expect(elsewhere.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();
    await elsewhere.close();
    expect((await paymentsOf(request, guest)).map((row) => row.status)).toEqual(['succeeded']);
    expect(changes).toEqual([]);
    expect((await scenarioOf(page)).active).toBeNull();

    // The button, from the keyboard: now it is on, and the focus is on what happened.
    await turnOn.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(/^Turned on by this link: captcha-fail, for this browser only/),
    ).toBeFocused();
    expect(changes).toHaveLength(1);
    expect((await scenarioOf(page)).active).toBe('captcha-fail');
    const named = `Test scenario active: captcha-fail — ${describe('captcha-fail')}`;
    await expect(banner).toContainText(named);
    await saveScreenshot('scenario-banner');

    // Every page says so: this profile, another one, the home page.
    for (const address of [`/user_profile/${PROFILE}`, '/user_profile/nadia-okafor', '/']) {
      await page.goto(address);
      await expect(banner).toContainText(named);
      await expect(page.getByRole('button', { name: 'Test scenarios' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    }
    await expectAccessible();

    await banner.getByRole('button', { name: 'Turn off' }).focus();
    await page.keyboard.press('Enter');
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Test scenarios' })).toBeFocused();
    expect((await scenarioOf(page)).active).toBeNull();
    // And it stays off: a fresh page asks again and shows none.
    const asked = page.waitForResponse(
      (answer) =>
        new URL(answer.url()).pathname === '/api/__scenarios' &&
        answer.request().method() === 'GET',
    );
    await page.goto(`/user_profile/${PROFILE}`);
    await asked;
    await expect(banner).toHaveCount(0);

    // The `?scenario=` page (server-rendered, then hydrated) logged no hydration error.
    expect(errors.filter((error) => /#418|hydrat/i.test(error))).toEqual([]);
  });
});
