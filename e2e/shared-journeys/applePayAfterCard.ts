// Apple Pay pressed after the card at the same amount (issue 32's fix, tried in WebKit and Firefox,
// Apple Pay forced by the tester's scenario): the card's intent took the captcha's single-use token, so the
// page asks for the captcha again instead of answering "invalid Captcha"; once passed, Apple Pay
// pays. The card's intent stays unpaid, the wallet's succeeds. One journey for every engine the
// driver seam drives (e2e/driver/).
import assert from 'node:assert/strict';
import { byLabel, byRole, expectUrl, type Driver } from '../driver/driver';
import {
  chooseScenario,
  expectAlert,
  openCardForm,
  passCaptcha,
  pressInDialog,
  startFlow,
} from '../driver/guest';
import { guestName } from '../journeyData';
import { paymentsOf } from '../suiteApi';

export async function applePayAfterCard(driver: Driver): Promise<void> {
  const { baseUrl } = driver;
  const guest = guestName(`${driver.engine} Apple Pay`);
  await startFlow(driver, 'ava-martinez', 'Give Gift', guest);
  // Neither Linux's WebKitGTK nor Firefox is a platform with Apple Pay (the Stripe.js emulator
  // offers each its own wallet, as Stripe.js does): the tester's scenario forces it, as on a
  // tester's desktop, before the wallets are asked for (with the payment options).
  await chooseScenario(driver, 'wallet-apple-pay');
  await openCardForm(driver, '$15');
  await driver.visible(byLabel('Card number'));

  await driver.click(byRole('button', 'Apple Pay'));
  await expectAlert(driver, 'Please pass the captcha again to pay this way.');
  await driver.screenshot('apple-pay-after-card-captcha-again');
  await passCaptcha(driver);
  await driver.click(byRole('button', 'Apple Pay'));
  await pressInDialog(driver, byRole('dialog', 'Apple Pay'), 'Pay');
  await expectUrl(driver, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(rows.map((row) => [row.amountCents, row.status]).sort(), [
    [1500, 'requires_payment_method'],
    [1500, 'succeeded'],
  ]);
  await driver.screenshot('apple-pay-after-card-paid');
}
