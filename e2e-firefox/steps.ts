// Shared steps of the Firefox journeys, as e2e/payment-helpers.ts takes them in Chromium: the
// guest details step, the emulated captcha and card inputs, and what the mock API stored.
import assert from 'node:assert/strict';
import type { ElementHandle, Page } from 'puppeteer-core';

export { guestName, type PaymentRow } from '../e2e/journeyData';
export { paymentsOf, profileOf } from '../e2e/suiteApi';
import { GUEST_TOKEN } from '../e2e/suiteApi';
import { inWindowInPage, sidewaysOverflowInPage, sidewaysScrollFailure } from '../e2e/inPage';
import {
  assertScenarioChosen,
  STATUS_WATCH_MS,
  type GuestSteps,
} from '../e2e/shared-journeys/guestSteps';
import { chooseScenarioInPage, watchStatusesInPage } from '../e2e/shared-journeys/inPage';
import { expectAccessible, goto, saveScreenshot } from './harness';
import {
  byLabel,
  byRole,
  byText,
  click,
  eventually,
  expectCount,
  expectText,
  expectUrl,
  fill,
  STEP_TIMEOUT,
  visible,
  within,
} from './queries';

/** Opens the profile, presses the action button and gets through the guest details step. */
export async function startFlow(
  page: Page,
  baseUrl: string,
  profileId: string,
  action: string,
  guest: string,
  emailDomain = 'example.com',
): Promise<void> {
  await goto(page, baseUrl, `/user_profile/${profileId}`);
  await click(page, byRole('button', action));
  await fill(page, byLabel('Full Name'), guest);
  await fill(page, byLabel('Email'), `${guest.split(' ')[0]!.toLowerCase()}@${emailDomain}`);
  await click(page, byRole('button', 'Submit'));
}

/** The review form's file input, found as a guest finds it: by the label they press. */
export async function attachInput(page: Page): Promise<ElementHandle<HTMLInputElement>> {
  // The file input is visually hidden; its label is what a guest sees and presses.
  const label = await visible(page, byText('Attach photos or a video'));
  const input = (await label.evaluateHandle(
    (element) => (element as HTMLLabelElement).control,
  )) as ElementHandle<HTMLInputElement>;
  assert.equal(await input.evaluate((element) => element.type), 'file');
  return input;
}

/** Fails if the page scrolls sideways (WCAG 1.4.10 Reflow: at 320 px it must not). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  assert.equal(sidewaysScrollFailure(where, await page.evaluate(sidewaysOverflowInPage)), null);
}

/** Waits until the element lies wholly inside the window, where the guest can see and press it. */
export async function expectInWindow(page: Page, selector: string, what: string): Promise<void> {
  const element = await visible(page, selector);
  await eventually(`${what} within the window`, async () => {
    const seen = await element.evaluate(inWindowInPage);
    assert.ok(seen.inside, `${what} (${seen.box}) lies within the ${seen.window} window`);
  });
}

/** Ticks the emulated reCAPTCHA checkbox. */
export async function passCaptcha(page: Page): Promise<void> {
  const checkbox = byRole('checkbox', "I'm not a robot");
  await click(page, checkbox);
  const box = await visible(page, checkbox);
  await eventually('captcha ticked', async () => {
    assert.ok(await box.evaluate((input) => (input as HTMLInputElement).checked));
  });
}

/** Types a card into the Payment Element (a valid future expiry, security code and ZIP). */
export async function fillCard(page: Page, number: string): Promise<void> {
  await fill(page, byLabel('Card number'), number);
  await fill(page, byLabel('Expiration date'), '12 / 34');
  await fill(page, byLabel('Security code'), '123');
  await fill(page, byLabel('ZIP code'), '10001');
  // The emulator formats as it is typed: check the card went in whole.
  const card = await visible(page, byLabel('Card number'));
  assert.equal(await card.evaluate((input) => (input as HTMLInputElement).value), number);
}

/** The guest's steps of the journeys Firefox shares with WebKit (e2e/shared-journeys/). */
export function guestSteps(page: Page, baseUrl: string): GuestSteps {
  return {
    baseUrl,
    startFlow: (profileId, action, guest) => startFlow(page, baseUrl, profileId, action, guest),
    seeTextbox: async (label) => void (await visible(page, byLabel(label))),
    fillTextbox: (label, value) => fill(page, byLabel(label), value),
    pressButton: (name) => click(page, byRole('button', name)),
    expectEnabled: async (name) => {
      const button = await visible(page, byRole('button', name));
      await eventually(`${name} enabled`, async () => {
        assert.equal(await button.evaluate((b) => (b as HTMLButtonElement).disabled), false);
      });
    },
    expectOnlyAlert: async (text) => {
      // An alert takes no name from its text, so it is read.
      await expectCount(page, byRole('alert'), 1);
      await expectText(await visible(page, byRole('alert')), text);
    },
    expectAlert: (text) =>
      eventually(`an alert reading ${text}`, async () => {
        const texts: string[] = [];
        for (const element of await page.$$(byRole('alert'))) {
          texts.push((await element.evaluate((e) => e.textContent ?? '')).trim());
        }
        assert.ok(texts.includes(text), JSON.stringify(texts));
      }),
    pressInDialog: (dialog, button) =>
      click(page, within(byRole('dialog', dialog), byRole('button', button))),
    expectUrl: (pattern) => expectUrl(page, pattern),
    expectDisabled: async (name) => {
      const button = await visible(page, byRole('button', name));
      await eventually(`${name} disabled`, async () => {
        assert.equal(await button.evaluate((b) => (b as HTMLButtonElement).disabled), true);
      });
    },
    expectStatus: (text) =>
      eventually(`a status reading ${text}`, async () => {
        const shown = await page.evaluate(watchStatusesInPage, text, STATUS_WATCH_MS);
        assert.ok(shown.includes(text), JSON.stringify(shown));
      }),
    expectDialog: async (name) => void (await visible(page, byRole('dialog', name))),
    reload: async () => void (await page.reload({ timeout: STEP_TIMEOUT * 2 })),
    chooseScenario: async (name, delayMs) =>
      assertScenarioChosen(
        name,
        await page.evaluate(chooseScenarioInPage, GUEST_TOKEN, name, delayMs ?? null),
      ),
    passCaptcha: () => passCaptcha(page),
    fillCard: (number) => fillCard(page, number),
    expectAccessible: () => expectAccessible(page),
    screenshot: (name) => saveScreenshot(page, name),
  };
}
