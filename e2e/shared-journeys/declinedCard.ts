// A declined card on a tip to Ava, as e2e/gift.spec.ts tries it in Chromium: Stripe's message for
// 0002, nothing charged, the address unchanged, Pay Now usable again; then 4242 pays the same
// intent. One journey for every engine the driver seam drives (e2e/driver/).
import assert from 'node:assert/strict';
import { byLabel, byRole, expectUrl, type Driver } from '../driver/driver';
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
  await driver.expectAccessible();
  await driver.screenshot('declined-card');
  const rows = await paymentsOf(baseUrl, guest);
  assert.equal(rows.length, 1);
  assert.deepEqual(
    rows.filter((row) => row.status === 'succeeded'),
    [],
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
