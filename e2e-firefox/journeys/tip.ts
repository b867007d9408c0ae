// A gift-only tip to Ava with 4242, as e2e/gift.spec.ts pays it: the form, the card, `succeeded`,
// the Congratulations modal on the profile, and one succeeded intent for the guest. On a 320 px
// phone, where neither the card form nor the modal may scroll sideways (e2e/reflow.spec.ts), and
// the modal's OK closes it.
import assert from 'node:assert/strict';
import {
  byLabel,
  byRole,
  byText,
  exactText,
  expectAttribute,
  expectCount,
  expectUrl,
  type Driver,
} from '../../e2e/driver/driver';
import { CARD_LABELS } from '../../src/features/payments/giftLabels';
import {
  CARD_OPTION,
  CONGRATULATIONS,
  expectNoSidewaysScroll,
  fillCard,
  passCaptcha,
  pressInDialog,
  startFlow,
} from '../../e2e/driver/guest';
import { guestName } from '../../e2e/journeyData';
import { paymentsOf } from '../../e2e/suiteApi';
import { firefoxDriver } from '../driver';
import type { JourneyContext } from '../harness';
import { PAYS } from '../../e2e/testCards';

export async function tipJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  await page.setViewport({ width: 320, height: 640 });
  await tip(firefoxDriver(page, baseUrl));
}

async function tip(driver: Driver): Promise<void> {
  const guest = guestName('Tip Guest');
  await startFlow(driver, 'ava-martinez', 'Give Gift', guest);
  await driver.visible(byLabel('Other (in Dollars)'));
  await driver.click(byRole('button', '$15'));
  await expectAttribute(driver, byRole('button', '$15'), 'aria-pressed', 'true');
  // No card option before the captcha is ticked.
  await expectCount(driver, byText(CARD_LABELS.tip), 0);

  await passCaptcha(driver);
  // Its name carries the fee: 3.0%+$0.50.
  await driver.visible(CARD_OPTION);
  await driver.visible(byText('You will be charged $15.95'));
  await driver.expectAccessible();

  await driver.click(CARD_OPTION);
  await driver.visible(byRole('button', 'Pay Now'));
  await fillCard(driver, PAYS);
  await expectNoSidewaysScroll(driver, 'the card form at 320 px');
  await driver.expectAccessible();
  await driver.screenshot('tip-card-form');
  await driver.click(byRole('button', 'Pay Now'));

  await driver.visible(exactText('succeeded'));
  await expectUrl(driver, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  await driver.visible(CONGRATULATIONS);
  await expectNoSidewaysScroll(driver, 'the Congratulations at 320 px');
  await driver.screenshot('tip-congratulations');

  const rows = await paymentsOf(driver.baseUrl, guest);
  assert.equal(rows.length, 1);
  assert.deepEqual(
    {
      amountCents: rows[0]!.amountCents,
      feeCents: rows[0]!.feeCents,
      totalCents: rows[0]!.totalCents,
      status: rows[0]!.status,
      getThanksUserID: rows[0]!.metadata.getThanksUserID,
      title: rows[0]!.metadata.title,
    },
    {
      amountCents: 1500,
      feeCents: 95,
      totalCents: 1595,
      status: 'succeeded',
      getThanksUserID: 'ava-martinez',
      title: 'Tip to ava.martinez',
    },
  );

  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  await driver.hidden(CONGRATULATIONS);
  await expectUrl(driver, /\/user_profile\/ava-martinez$/);
}
