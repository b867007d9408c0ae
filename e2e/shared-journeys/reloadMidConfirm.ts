// Paid once (issue 49): a tip reloaded while Pay Now is confirming (Stripe's answer held by the
// confirm-slow scenario) is told and charged once, offers no payment again and leaves no draft.
import assert from 'node:assert/strict';
import { PAYMENT_MESSAGES } from '../../src/features/payments/paymentMessages';
import { byRole, expectCount, expectUrl, type Driver } from '../driver/driver';
import {
  CARD_OPTION,
  chooseScenario,
  CONGRATULATIONS,
  expectButton,
  expectStatus,
  fillCard,
  openCardForm,
  pressInDialog,
  startFlow,
} from '../driver/guest';
import { eventually } from '../eventually';
import { guestName } from '../journeyData';
import { paymentsOf } from '../suiteApi';
import { PAYS } from '../testCards';

const PROFILE = 'ava-martinez';
/** The scenario's longest. */
const CONFIRM_HELD_MS = 60_000;

export async function reloadMidConfirm(driver: Driver): Promise<void> {
  const { baseUrl } = driver;
  const guest = guestName(`${driver.engine} Reload`);
  await startFlow(driver, PROFILE, 'Give Gift', guest);
  // Before the intent is made, so the payment is this tester's.
  await chooseScenario(driver, 'confirm-slow', CONFIRM_HELD_MS);
  await openCardForm(driver, '$20');
  await fillCard(driver, PAYS);
  await driver.click(byRole('button', 'Pay Now'));
  const pressed = Date.now();

  // Stripe has made the charge (the data views say so); its answer has not reached the page.
  await eventually('the payment succeeded at Stripe', async () => {
    const statuses = (await paymentsOf(baseUrl, guest)).map((row) => row.status);
    assert.deepEqual(statuses, ['succeeded']);
  });
  await expectStatus(driver, PAYMENT_MESSAGES.confirming);
  await expectButton(driver, 'Back', 'disabled');
  await driver.expectAccessible();
  await driver.screenshot('reload-mid-confirm-confirming');
  assert.ok(
    Date.now() - pressed < CONFIRM_HELD_MS,
    'the reload must come while the answer is held',
  );

  await driver.reload();
  await expectStatus(driver, PAYMENT_MESSAGES.succeeded);
  await expectUrl(driver, new RegExp(`/user_profile/${PROFILE}\\?redirect_status=succeeded$`));
  await driver.visible(CONGRATULATIONS);
  await driver.waitForApp();
  await driver.expectAccessible();
  await driver.screenshot('reload-mid-confirm-congratulations');
  await expectCount(driver, byRole('button', 'Pay Now'), 0);
  await expectCount(driver, CARD_OPTION, 0);

  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    rows.map((row) => [row.status, row.amountCents]),
    [['succeeded', 2000]],
  );

  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  await expectUrl(driver, new RegExp(`/user_profile/${PROFILE}$`));
  await driver.waitForApp();
  await expectCount(driver, byRole('button', 'Continue your draft'), 0);
}
