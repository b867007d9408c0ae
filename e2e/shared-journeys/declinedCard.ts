// A declined card on a tip to Ava, as e2e/gift.spec.ts tries it in Chromium: Stripe's message for
// 0002, nothing charged, the address unchanged, Pay Now usable again; then 4242 pays the same
// intent. One journey for the Firefox and WebKit suites (guestSteps.ts).
import assert from 'node:assert/strict';
import { guestName } from '../journeyData';
import { paymentsOf } from '../suiteApi';
import { CARD_OPTION_NAME, type GuestSteps } from './guestSteps';

export async function declinedCard(guestSteps: GuestSteps, guestLabel: string): Promise<void> {
  const { baseUrl } = guestSteps;
  const guest = guestName(guestLabel);
  await guestSteps.startFlow('ava-martinez', 'Give Gift', guest);
  await guestSteps.seeTextbox('Other (in Dollars)');
  await guestSteps.pressButton('$10');
  await guestSteps.passCaptcha();
  await guestSteps.pressButton(CARD_OPTION_NAME);
  await guestSteps.fillCard('4000 0000 0000 0002');
  await guestSteps.pressButton('Pay Now');

  await guestSteps.expectOnlyAlert('Your card was declined.');
  await guestSteps.expectEnabled('Pay Now');
  await guestSteps.expectAccessible();
  await guestSteps.screenshot('declined-card');
  const rows = await paymentsOf(baseUrl, guest);
  assert.equal(rows.length, 1);
  assert.deepEqual(
    rows.filter((row) => row.status === 'succeeded'),
    [],
  );
  await guestSteps.expectUrl(/\/user_profile\/ava-martinez\?flow=gift&step=gift$/);

  // Another card pays the same intent: still one intent, now succeeded.
  await guestSteps.fillTextbox('Card number', '4242 4242 4242 4242');
  await guestSteps.pressButton('Pay Now');
  await guestSteps.expectUrl(/\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  const after = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    after.map((row) => [row.status, row.amountCents]),
    [['succeeded', 1000]],
  );
  await guestSteps.screenshot('declined-card-then-paid');
}
