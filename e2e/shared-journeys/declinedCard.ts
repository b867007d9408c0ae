// A gift-only tip on a 320 px phone (WebKit's window: 460): a declined card (0002) charges nothing
// and leaves Pay Now usable; 4242 then pays the same intent, with no sideways scroll.
import assert from 'node:assert/strict';
import {
  byLabel,
  byRole,
  byText,
  exactText,
  expectAttribute,
  expectCount,
  expectProperty,
  expectUrl,
  type Driver,
} from '../driver/driver';
import {
  CARD_OPTION,
  CONGRATULATIONS,
  expectButton,
  expectNoSidewaysScroll,
  expectOnlyAlert,
  fillCard,
  passCaptcha,
  pressInDialog,
  startFlow,
} from '../driver/guest';
import { CARD_LABELS } from '../../src/features/payments/giftLabels';
import { guestName } from '../journeyData';
import { paymentsOf } from '../suiteApi';
import { DECLINED, PAYS } from '../testCards';

export async function declinedCard(driver: Driver): Promise<void> {
  const { baseUrl } = driver;
  const guest = guestName(`${driver.engine} Declined`);
  await driver.setViewport({ width: 320, height: 640 });
  await startFlow(driver, 'ava-martinez', 'Give Gift', guest);
  await driver.visible(byLabel('Other (in Dollars)'));
  await driver.click(byRole('button', '$10'));
  await expectAttribute(driver, byRole('button', '$10'), 'aria-pressed', 'true');
  await expectCount(driver, byText(CARD_LABELS.tip), 0);
  await passCaptcha(driver);
  await driver.visible(byText('You will be charged $10.80'));
  await driver.expectAccessible();
  await driver.click(CARD_OPTION);
  await fillCard(driver, DECLINED);
  await expectNoSidewaysScroll(driver, 'the card form on a phone');
  await driver.click(byRole('button', 'Pay Now'));

  await expectOnlyAlert(driver, 'Your card was declined.');
  await expectButton(driver, 'Pay Now', 'enabled');
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

  await driver.fill(byLabel('Card number'), PAYS);
  await driver.click(byRole('button', 'Pay Now'));
  await driver.visible(exactText('succeeded'));
  await expectUrl(driver, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  await driver.visible(CONGRATULATIONS);
  await expectNoSidewaysScroll(driver, 'the Congratulations on a phone');
  await driver.screenshot('declined-card-then-paid');
  const after = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    after.map((row) => [row.status, row.amountCents, row.feeCents, row.totalCents]),
    [['succeeded', 1000, 80, 1080]],
  );
  const { getThanksUserID, title } = after[0]!.metadata;
  assert.deepEqual([getThanksUserID, title], ['ava-martinez', 'Tip to ava.martinez']);
  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  await driver.hidden(CONGRATULATIONS);
  await expectUrl(driver, /\/user_profile\/ava-martinez$/);
}
