// Shared steps of the WebKit journeys, as e2e-firefox/steps.ts takes them: the guest details
// step, the emulated captcha and card inputs. What the mock API stored: e2e/suiteApi.ts.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import {
  assertScenarioChosen,
  CARD_OPTION_NAME,
  STATUS_WATCH_MS,
  type GuestSteps,
} from '../e2e/shared-journeys/guestSteps';
import { chooseScenarioInPage, watchStatusesInPage } from '../e2e/shared-journeys/inPage';
import { inWindowInPage, sidewaysOverflowInPage, sidewaysScrollFailure } from '../e2e/inPage';
import { GUEST_TOKEN } from '../e2e/suiteApi';
import { expectAccessible, goto, saveScreenshot } from './harness';
import {
  byLabel,
  byRole,
  byText,
  click,
  eventually,
  expectCount,
  expectValue,
  expectText,
  expectUrl,
  fill,
  findAll,
  visible,
  within,
  type Query,
} from './queries';

export { guestName } from '../e2e/journeyData';
export { paymentsOf, profileOf } from '../e2e/suiteApi';

export const CARD_OPTION = byRole('button', CARD_OPTION_NAME);
export const CONGRATULATIONS = byRole('dialog', 'Congratulations! Your recognition has been sent.');
/** The emulated reCAPTCHA's checkbox. */
export const CAPTCHA = byRole('checkbox', "I'm not a robot");

/** Opens the profile, presses the action button and gets through the guest details step. */
export async function startFlow(
  browser: Browser,
  baseUrl: string,
  profileId: string,
  action: string,
  guest: string,
): Promise<void> {
  await goto(browser, baseUrl, `/user_profile/${profileId}`);
  await click(browser, byRole('button', action));
  await fill(browser, byLabel('Full Name'), guest);
  await fill(browser, byLabel('Email'), `${guest.split(' ')[0]!.toLowerCase()}@example.com`);
  await click(browser, byRole('button', 'Submit'));
}

/**
 * Attaches a file through the review form's file input. The input is visually hidden; its label
 * is what a guest sees and presses. WebDriver gives a file input the path to choose (the driver
 * runs on this machine).
 */
export async function attachFile(browser: Browser, file: string): Promise<void> {
  const label = await visible(browser, byText('Attach photos or a video'));
  const input = await browser.$(
    await browser.execute((element) => (element as HTMLLabelElement).control!, label),
  );
  assert.equal(await input.getAttribute('type'), 'file');
  await input.addValue(file);
}

/** Ticks the emulated reCAPTCHA checkbox. */
export async function passCaptcha(browser: Browser): Promise<void> {
  await click(browser, CAPTCHA);
  const box = await visible(browser, CAPTCHA);
  await eventually('captcha ticked', async () => assert.ok(await box.isSelected()));
}

/** Fails if the page scrolls sideways (WCAG 1.4.10 Reflow: at 320 CSS px it must not). */
export async function expectNoSidewaysScroll(browser: Browser, where: string): Promise<void> {
  assert.equal(sidewaysScrollFailure(where, await browser.execute(sidewaysOverflowInPage)), null);
}

/** Waits until the element lies wholly inside the window, where the guest can see and tap it. */
export async function expectInWindow(browser: Browser, query: Query, what: string): Promise<void> {
  const element = await visible(browser, query);
  await eventually(`${what} within the window`, async () => {
    const seen = await browser.execute(inWindowInPage, element as unknown as HTMLElement);
    assert.ok(seen.inside, `${what} (${seen.box}) lies within the ${seen.window} window`);
  });
}

/** A 4242 card's fields as the Payment Element takes them: a future expiry, a code and a ZIP. */
export const CARD_FIELDS = {
  'Card number': '4242 4242 4242 4242',
  'Expiration date': '12 / 34',
  'Security code': '123',
  'ZIP code': '10001',
};

/** Types a card into the Payment Element (a valid future expiry, security code and ZIP). */
export async function fillCard(browser: Browser, number: string): Promise<void> {
  for (const [label, value] of Object.entries({ ...CARD_FIELDS, 'Card number': number })) {
    await fill(browser, byLabel(label), value);
  }
  // The emulator formats as it is typed: check the card went in whole.
  await expectValue(await visible(browser, byLabel('Card number')), number);
}

/** The guest's steps of the journeys WebKit shares with Firefox (e2e/shared-journeys/). */
export function guestSteps(browser: Browser, baseUrl: string): GuestSteps {
  return {
    baseUrl,
    startFlow: (profileId, action, guest) => startFlow(browser, baseUrl, profileId, action, guest),
    seeTextbox: async (label) => void (await visible(browser, byLabel(label))),
    fillTextbox: (label, value) => fill(browser, byLabel(label), value),
    pressButton: (name) => click(browser, byRole('button', name)),
    expectEnabled: async (name) => {
      const button = await visible(browser, byRole('button', name));
      await eventually(`${name} enabled`, async () => assert.ok(await button.isEnabled()));
    },
    expectOnlyAlert: async (text) => {
      // An alert takes no name from its text, so it is read.
      await expectCount(browser, byRole('alert'), 1);
      await expectText(await visible(browser, byRole('alert')), text);
    },
    expectAlert: (text) =>
      eventually(`an alert reading ${text}`, async () => {
        const texts: string[] = [];
        for (const element of await findAll(browser, byRole('alert'))) {
          texts.push((await element.getText()).trim());
        }
        assert.ok(texts.includes(text), JSON.stringify(texts));
      }),
    pressInDialog: (dialog, button) =>
      click(browser, within(byRole('dialog', dialog), byRole('button', button))),
    expectUrl: (pattern) => expectUrl(browser, pattern),
    expectDisabled: async (name) => {
      const button = await visible(browser, byRole('button', name));
      await eventually(`${name} disabled`, async () =>
        assert.equal(await button.isEnabled(), false),
      );
    },
    expectStatus: (text) =>
      eventually(`a status reading ${text}`, async () => {
        const shown = await browser.execute(watchStatusesInPage, text, STATUS_WATCH_MS);
        assert.ok(shown.includes(text), JSON.stringify(shown));
      }),
    expectDialog: async (name) => void (await visible(browser, byRole('dialog', name))),
    reload: () => browser.refresh(),
    chooseScenario: async (name, delayMs) =>
      assertScenarioChosen(
        name,
        await browser.execute(chooseScenarioInPage, GUEST_TOKEN, name, delayMs ?? null),
      ),
    passCaptcha: () => passCaptcha(browser),
    fillCard: (number) => fillCard(browser, number),
    expectAccessible: () => expectAccessible(browser),
    screenshot: (name) => saveScreenshot(browser, name),
  };
}
