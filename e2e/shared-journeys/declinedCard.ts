// A declined card on a tip to Ava, as e2e/gift.spec.ts tries it in Chromium: Stripe's message for
// 0002, nothing charged, the address unchanged, Pay Now usable again; then 4242 pays the same
// intent. One journey for every engine the driver seam drives (e2e/driver/).
import assert from 'node:assert/strict';
import {
  byLabel,
  byRole,
  exactText,
  expectCount,
  expectProperty,
  expectUrl,
  type Driver,
} from '../driver/driver';
import { expectButton, expectOnlyAlert, fillCard, openCardForm, startFlow } from '../driver/guest';
import { guestName } from '../journeyData';
import { paymentsOf } from '../suiteApi';
import { DECLINED, PAYS } from '../testCards';

export async function declinedCard(driver: Driver): Promise<void> {
  const { baseUrl } = driver;
  const guest = guestName(`${driver.engine} Declined`);
  await startFlow(driver, 'ava-martinez', 'Give Gift', guest);
  await openCardForm(driver, '$10');
  await fillCard(driver, DECLINED);
  await driver.click(byRole('button', 'Pay Now'));

  await expectOnlyAlert(driver, 'Your card was declined.');
  await expectButton(driver, 'Pay Now', 'enabled');
  // The guest can try another card: the card typed is still there.
  await expectProperty(driver, byLabel('Card number'), 'value', DECLINED);
  await expectCount(driver, exactText('succeeded'), 0);
  await driver.expectAccessible();
  await driver.screenshot('declined-card');
  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    rows.map((row) => [row.status, row.amountCents, row.totalCents]),
    [['requires_payment_method', 1000, 1080]],
  );
  await expectUrl(driver, /\/user_profile\/ava-martinez\?flow=gift&step=gift$/);

  // Another card pays the same intent: still one intent, now succeeded.
  await driver.fill(byLabel('Card number'), PAYS);
  await driver.click(byRole('button', 'Pay Now'));
  await expectUrl(driver, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  const after = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    after.map((row) => [row.status, row.amountCents]),
    [['succeeded', 1000]],
  );
  await driver.screenshot('declined-card-then-paid');
}
