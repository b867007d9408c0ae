// Apple Pay pressed after the card at the same amount (issue 32's fix, tried in WebKit and Firefox,
// Apple Pay forced by the tester's scenario): the card's intent took the captcha's single-use token, so the
// page asks for the captcha again instead of answering "invalid Captcha"; once passed, Apple Pay
// pays. The card's intent stays unpaid, the wallet's succeeds. One journey for both suites.
import assert from 'node:assert/strict';
import { guestName } from '../journeyData';
import { paymentsOf } from '../suiteApi';
import { CARD_OPTION_NAME, type GuestSteps } from './guestSteps';

export async function applePayAfterCard(guestSteps: GuestSteps, guestLabel: string): Promise<void> {
  const { baseUrl } = guestSteps;
  const guest = guestName(guestLabel);
  await guestSteps.startFlow('ava-martinez', 'Give Gift', guest);
  // Neither Linux's WebKitGTK nor Firefox is a platform with Apple Pay (the Stripe.js emulator
  // offers each its own wallet, as Stripe.js does): the tester's scenario forces it, as on a
  // tester's desktop, before the wallets are asked for (with the payment options).
  await guestSteps.chooseScenario('wallet-apple-pay');
  await guestSteps.pressButton('$15');
  await guestSteps.passCaptcha();
  await guestSteps.pressButton(CARD_OPTION_NAME);
  await guestSteps.seeTextbox('Card number');

  await guestSteps.pressButton('Apple Pay');
  await guestSteps.expectAlert('Please pass the captcha again to pay this way.');
  await guestSteps.screenshot('apple-pay-after-card-captcha-again');
  await guestSteps.passCaptcha();
  await guestSteps.pressButton('Apple Pay');
  await guestSteps.pressInDialog('Apple Pay', 'Pay');
  await guestSteps.expectUrl(/\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(rows.map((row) => [row.amountCents, row.status]).sort(), [
    [1500, 'requires_payment_method'],
    [1500, 'succeeded'],
  ]);
  await guestSteps.screenshot('apple-pay-after-card-paid');
}
