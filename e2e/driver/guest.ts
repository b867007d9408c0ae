// A guest's steps, written once on the driver seam (./driver.ts) for every engine that drives a
// browser without Playwright: open a profile and an action, the details, the captcha, the card,
// a wallet's sheet, the statuses and alerts the page shows, the testers' scenarios. Each waits as a
// guest would (up to STEP_TIMEOUT).
import assert from 'node:assert/strict';
import type { ScenarioName } from '../../mock-api/sharedDemo/scenarios';
import { eventually } from '../eventually';
import { inWindowInPage, sidewaysOverflowInPage, sidewaysScrollFailure } from '../inPage';
import { GUEST_TOKEN } from '../suiteApi';
import {
  byLabel,
  byRole,
  byText,
  expectCount,
  expectProperty,
  expectText,
  expectUrl,
  within,
  type Driver,
  type Query,
} from './driver';
import { chooseScenarioInPage, watchStatusesInPage } from './inPage';
import { PAYS } from '../testCards';
import { CARD_LABELS } from '../../src/features/payments/giftLabels';
import { CONGRATULATIONS_MESSAGE } from '../../src/features/profile/CongratulationsModal';

/** The card option of a tip, as its button reads (its name carries the fee). */
export const CARD_OPTION_NAME = `${CARD_LABELS.tip} 3.0%+$0.50`;
export const CARD_OPTION = byRole('button', CARD_OPTION_NAME);
export const CONGRATULATIONS = byRole('dialog', CONGRATULATIONS_MESSAGE);
/** The emulated reCAPTCHA's checkbox. */
export const CAPTCHA = byRole('checkbox', "I'm not a robot");

/**
 * How long one look from inside the page watches the statuses (expectStatus repeats it up to
 * STEP_TIMEOUT: a navigation ends a look early).
 */
export const STATUS_WATCH_MS = 10_000;

/** A paying card's fields as the Payment Element takes them: a future expiry, a code and a ZIP. */
export const CARD_FIELDS = {
  'Card number': PAYS,
  'Expiration date': '12 / 34',
  'Security code': '123',
  'ZIP code': '10001',
};

/**
 * Opens the profile, presses the action button (by its whole name, or a query) and gets through
 * the guest details step.
 */
export async function startFlow(
  driver: Driver,
  profileId: string,
  action: string | Query,
  guest: string,
  emailDomain = 'example.com',
): Promise<void> {
  await driver.goto(`/user_profile/${profileId}`);
  await driver.click(typeof action === 'string' ? byRole('button', action) : action);
  await submitDetails(driver, guest, `${guest.split(' ')[0]!.toLowerCase()}@${emailDomain}`);
}

/** The guest details step: the guest's name and email, submitted. */
export async function submitDetails(driver: Driver, fullName: string, email: string) {
  await driver.fill(byLabel('Full Name'), fullName);
  await driver.fill(byLabel('Email'), email);
  await driver.click(byRole('button', 'Submit'));
}

/** Ticks the emulated reCAPTCHA checkbox. */
export async function passCaptcha(driver: Driver): Promise<void> {
  await driver.click(CAPTCHA);
  await expectProperty(driver, CAPTCHA, 'checked', true);
}

/** From the gift step to the card form: a preset amount (`$10`), the captcha, the card option. */
export async function openCardForm(driver: Driver, amount: `$${number}`): Promise<void> {
  await driver.visible(byLabel('Other (in Dollars)'));
  await driver.click(byRole('button', amount));
  await passCaptcha(driver);
  await driver.click(CARD_OPTION);
}

/** Types a card into the Payment Element (a valid future expiry, security code and ZIP). */
export async function fillCard(driver: Driver, number: string): Promise<void> {
  for (const [label, value] of Object.entries({ ...CARD_FIELDS, 'Card number': number })) {
    await driver.fill(byLabel(label), value);
  }
  // The emulator formats as it is typed: check the card went in whole.
  await expectProperty(driver, byLabel('Card number'), 'value', number);
}

/** Waits until the button can be pressed (`enabled`) or is shown and cannot be (`disabled`). */
export const expectButton = (driver: Driver, name: string, state: 'enabled' | 'disabled') =>
  expectProperty(driver, byRole('button', name), 'disabled', state === 'disabled');

/** Waits until the page shows exactly one alert, reading `text` (an alert takes no name). */
export async function expectOnlyAlert(driver: Driver, text: string): Promise<void> {
  await expectCount(driver, byRole('alert'), 1);
  await expectText(driver, byRole('alert'), text);
}

/** Waits until one of the page's alerts reads `text`. */
export const expectAlert = (driver: Driver, text: string) =>
  eventually(`an alert reading ${text}`, async () => {
    const texts = await driver.texts(byRole('alert'));
    assert.ok(texts.includes(text), JSON.stringify(texts));
  });

/** Presses a button of the dialog with this name (a wallet's sheet, the Congratulations). */
export const pressInDialog = (driver: Driver, dialog: Query, button: string) =>
  driver.click(within(dialog, byRole('button', button)));

/**
 * Waits until one of the page's status messages (role=status) reads `text`, watched from inside
 * the page: one shown for a moment only is seen too.
 */
export const expectStatus = (driver: Driver, text: string) =>
  eventually(`a status reading ${text}`, async () => {
    const shown = await driver.run(watchStatusesInPage, text, STATUS_WATCH_MS);
    assert.ok(shown.includes(text), JSON.stringify(shown));
  });

/**
 * Picks a testers' fault scenario (mock-api/sharedDemo/scenarios.ts) for this browser, asked
 * from the open page with the guest token: the tester cookie its answer sets comes with the
 * page's later calls (the browser is the tester). Checks that it took.
 */
export async function chooseScenario(
  driver: Driver,
  name: ScenarioName,
  delayMs?: number,
): Promise<void> {
  const [status, body] = await driver.run(chooseScenarioInPage, GUEST_TOKEN, name, delayMs ?? null);
  assert.equal(status, 200, body);
  const state = JSON.parse(body) as { data: { active: string | null } };
  assert.equal(state.data.active, name, body);
}

/** Fails if the page scrolls sideways (WCAG 1.4.10 Reflow: at 320 CSS px it must not). */
export async function expectNoSidewaysScroll(driver: Driver, where: string): Promise<void> {
  assert.equal(sidewaysScrollFailure(where, await driver.run(sidewaysOverflowInPage)), null);
}

/** Waits until the element lies wholly inside the window, where the guest can see and tap it. */
export async function expectInWindow(driver: Driver, query: Query, what: string): Promise<void> {
  await driver.visible(query);
  await eventually(`${what} within the window`, async () => {
    const seen = await driver.runOn(query, inWindowInPage);
    assert.ok(seen.inside, `${what} (${seen.box}) lies within the ${seen.window} window`);
  });
}

/**
 * After a recognition's Submit: the server's page the redirect opened (`?show=true`), then the
 * app's Congratulations (shot as `screenshot`), whose OK reloads the profile.
 */
export async function acknowledgeSent(driver: Driver, profileId: string, screenshot: string) {
  // The page the redirect opened is the server's until the app takes over.
  await expectUrl(driver, new RegExp(`/user_profile/${profileId}\\?show=true$`));
  await driver.waitForApp();
  await driver.visible(CONGRATULATIONS);
  await driver.screenshot(screenshot);
  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  // OK reloads the profile (not the page it was clicked on, which showed the card already).
  await expectUrl(driver, new RegExp(`/user_profile/${profileId}$`));
  await driver.waitForApp();
}

/** The review form's file input, chosen through the label a guest presses. */
export const ATTACH = byText('Attach photos or a video');
