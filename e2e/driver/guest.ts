// A guest's steps on the driver seam, for every engine; each waits as a guest would.
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

/** Its name carries the fee. */
export const CARD_OPTION_NAME = `${CARD_LABELS.tip} 3.0%+$0.50`;
export const CARD_OPTION = byRole('button', CARD_OPTION_NAME);
export const CONGRATULATIONS = byRole('dialog', CONGRATULATIONS_MESSAGE);
export const CAPTCHA = byRole('checkbox', "I'm not a robot");

/** One look from inside the page (expectStatus repeats it: a navigation ends a look early). */
export const STATUS_WATCH_MS = 10_000;

export const CARD_FIELDS = {
  'Card number': PAYS,
  'Expiration date': '12 / 34',
  'Security code': '123',
  'ZIP code': '10001',
};

/** Opens the profile, presses the action (its whole name, or a query), submits the details. */
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

export async function submitDetails(driver: Driver, fullName: string, email: string) {
  await driver.fill(byLabel('Full Name'), fullName);
  await driver.fill(byLabel('Email'), email);
  await driver.click(byRole('button', 'Submit'));
}

export async function passCaptcha(driver: Driver): Promise<void> {
  await driver.click(CAPTCHA);
  await expectProperty(driver, CAPTCHA, 'checked', true);
}

export async function openCardForm(driver: Driver, amount: `$${number}`): Promise<void> {
  await driver.visible(byLabel('Other (in Dollars)'));
  await driver.click(byRole('button', amount));
  await passCaptcha(driver);
  await driver.click(CARD_OPTION);
}

export async function fillCard(driver: Driver, number: string): Promise<void> {
  for (const [label, value] of Object.entries({ ...CARD_FIELDS, 'Card number': number })) {
    await driver.fill(byLabel(label), value);
  }
  // The emulator formats as it is typed: check the card went in whole.
  await expectProperty(driver, byLabel('Card number'), 'value', number);
}

export const expectButton = (driver: Driver, name: string, state: 'enabled' | 'disabled') =>
  expectProperty(driver, byRole('button', name), 'disabled', state === 'disabled');

export async function expectOnlyAlert(driver: Driver, text: string): Promise<void> {
  await expectCount(driver, byRole('alert'), 1);
  await expectText(driver, byRole('alert'), text);
}

export const expectAlert = (driver: Driver, text: string) =>
  eventually(`an alert reading ${text}`, async () => {
    const texts = await driver.texts(byRole('alert'));
    assert.ok(texts.includes(text), JSON.stringify(texts));
  });

export const pressInDialog = (driver: Driver, dialog: Query, button: string) =>
  driver.click(within(dialog, byRole('button', button)));

/** Watched from inside the page: a status shown for a moment only is seen too. */
export const expectStatus = (driver: Driver, text: string) =>
  eventually(`a status reading ${text}`, async () => {
    const shown = await driver.run(watchStatusesInPage, text, STATUS_WATCH_MS);
    assert.ok(shown.includes(text), JSON.stringify(shown));
  });

/** Asked from the open page, so the tester cookie it sets comes with the page's later calls. */
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

/** WCAG 1.4.10 Reflow. */
export async function expectNoSidewaysScroll(driver: Driver, where: string): Promise<void> {
  assert.equal(sidewaysScrollFailure(where, await driver.run(sidewaysOverflowInPage)), null);
}

export async function expectInWindow(driver: Driver, query: Query, what: string): Promise<void> {
  await driver.visible(query);
  await eventually(`${what} within the window`, async () => {
    const seen = await driver.runOn(query, inWindowInPage);
    assert.ok(seen.inside, `${what} (${seen.box}) lies within the ${seen.window} window`);
  });
}

/** After a recognition's Submit: `?show=true`, the Congratulations, whose OK reloads the profile. */
export async function acknowledgeSent(driver: Driver, profileId: string, screenshot: string) {
  await expectUrl(driver, new RegExp(`/user_profile/${profileId}\\?show=true$`));
  await driver.waitForApp();
  await driver.visible(CONGRATULATIONS);
  await driver.screenshot(screenshot);
  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  await expectUrl(driver, new RegExp(`/user_profile/${profileId}$`));
  await driver.waitForApp();
}

export const ATTACH = byText('Attach photos or a video');
