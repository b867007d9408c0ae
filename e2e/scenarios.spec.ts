// The testers' fault scenarios through the real gift-only screens. A scenario belongs to the
// browser context that set it (its tester cookie), so these tests run beside every other spec.
import type { Page } from '@playwright/test';
import { openCardForm } from './driver/guest';
import { driverOf, test, expect, gotoWaitsForApp, GUEST_TOKEN } from './fixtures';
import { recordErrors } from './pageProblems';
import {
  payAndAcknowledge,
  paymentsOf,
  guestName,
  setScenario,
  startGift,
} from './payment-helpers';
import { PAYMENT_MESSAGES } from '../src/features/payments/paymentMessages';
import { STRIPE_FAILED_TO_LOAD } from '../src/features/payments/stripe/stripe';

const PROFILE = 'ava-martinez';

/** Opens a $10 tip to Ava with the captcha passed, and presses the card option. */
async function openTip(page: Page, guest: string) {
  await startGift(page, PROFILE, /Give Gift/, guest);
  await openCardForm(driverOf(page), '$10');
}

test.describe('payment scenarios on a gift-only tip', () => {
  // The other scenarios' outcomes: src/features/payments/GiftForm.test.tsx, on the real mock API.

  test(`stripe-unavailable: “${STRIPE_FAILED_TO_LOAD}” and no charge`, async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario nostripe');
    await setScenario(page, 'stripe-unavailable');
    await openTip(page, guest);
    await expect(page.getByRole('alert')).toHaveText(STRIPE_FAILED_TO_LOAD);
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
    await expectAccessible();
    await saveScreenshot('scenario-stripe-unavailable');
    const rows = await paymentsOf(request, guest);
    expect(rows.filter((row) => row.status === 'succeeded')).toEqual([]);

    // Cleared, the app answers normally again: a fresh profile page loads.
    await setScenario(page, null);
    await page.goto(`/user_profile/${PROFILE}`);
    await expect(page.getByRole('heading', { name: 'Ava Martinez', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /Give Gift/ })).toBeEnabled();
    expect((await request.get('/__stripe/stripe.js')).ok()).toBe(true);
  });

  test('a tester picks a scenario from the demo panel, and clears it there', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Scenario panel');
    const panel = page.getByRole('group', { name: 'Payment scenario' });
    await test.step('a tester picks a scenario from the demo panel: intent-error', async () => {
      await page.goto(`/user_profile/${PROFILE}`);
      await page.getByRole('button', { name: 'Test scenarios' }).click();
      await expect(panel.getByRole('radio', { name: /^none/ })).toBeChecked();
      await panel.getByRole('radio', { name: /^intent-error/ }).check();
      await expect(page.getByText("This browser's scenario: intent-error")).toBeVisible();
      // Every page now says so, with a way out.
      await expect(page.getByRole('region', { name: 'Test scenario' })).toContainText(
        'Test scenario active: intent-error —',
      );
      await expectAccessible();
      await saveScreenshot('scenario-panel');
    });

    await test.step(`intent-error: “${PAYMENT_MESSAGES.notProcessed}”`, async () => {
      await openTip(page, guest);
      await expect(page.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.notProcessed);
      await expectAccessible();
      await saveScreenshot('scenario-intent-error');
    });

    await test.step('a tester clears the scenario in the demo panel', async () => {
      await page.getByRole('button', { name: 'Test scenarios' }).click();
      await panel.getByRole('radio', { name: /^none/ }).check();
      await expect(page.getByText("This browser's scenario: none.")).toBeVisible();
      await expect(page.getByRole('region', { name: 'Test scenario' })).toHaveCount(0);
      expect((await scenarioOf(page)).active).toBeNull();
    });
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
    const turnOn = offer.getByRole('button', { name: 'Turn on captcha-fail for this browser' });
    await expect(turnOn).toBeVisible();
    await expectAccessible();
    await saveScreenshot('scenario-repro-link-offer');
    const banner = page.getByRole('region', { name: 'Test scenario' });
    await expect(banner).toHaveCount(0);

    // Before the button: a tip elsewhere in this browser goes through (its captcha is accepted).
    const guest = guestName('Repro before');
    const elsewhere = gotoWaitsForApp(await context.newPage());
    await openTip(elsewhere, guest);
    await payAndAcknowledge(elsewhere, PROFILE);
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
