// A gift-only tip to Ava with 4242, as e2e/gift.spec.ts pays it: the form, the card, `succeeded`,
// the Congratulations modal on the profile, and one succeeded intent for the guest. On a 320 px
// phone, where neither the card form nor the modal may scroll sideways (e2e/reflow.spec.ts), and
// the modal's OK closes it.
import assert from 'node:assert/strict';
import { expectAccessible, saveScreenshot, type JourneyContext } from '../harness';
import {
  byLabel,
  byRole,
  byText,
  click,
  expectAttribute,
  expectCount,
  expectUrl,
  hidden,
  visible,
  visibleExactText,
  within,
} from '../queries';
import {
  expectNoSidewaysScroll,
  fillCard,
  guestName,
  passCaptcha,
  paymentsOf,
  startFlow,
} from '../steps';
import { CARD_OPTION_NAME } from '../../e2e/shared-journeys/guestSteps';

export const CARD_OPTION = byRole('button', CARD_OPTION_NAME);
export const CONGRATULATIONS = byRole('dialog', 'Congratulations! Your recognition has been sent.');

export async function tipJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const guest = guestName('Tip Guest');
  await page.setViewport({ width: 320, height: 640 });
  await startFlow(page, baseUrl, 'ava-martinez', 'Give Gift', guest);
  await visible(page, byLabel('Other (in Dollars)'));
  await click(page, byRole('button', '$15'));
  await expectAttribute(await visible(page, byRole('button', '$15')), 'aria-pressed', 'true');
  // No card option before the captcha is ticked.
  await expectCount(page, byText('Tip via Debit/Credit Card'), 0);

  await passCaptcha(page);
  // Its name carries the fee: 3.0%+$0.50.
  await visible(page, CARD_OPTION);
  await visible(page, byText('You will be charged $15.95'));
  await expectAccessible(page);

  await click(page, CARD_OPTION);
  await visible(page, byRole('button', 'Pay Now'));
  await fillCard(page, '4242 4242 4242 4242');
  await expectNoSidewaysScroll(page, 'the card form at 320 px');
  await expectAccessible(page);
  await saveScreenshot(page, 'tip-card-form');
  await click(page, byRole('button', 'Pay Now'));

  await visibleExactText(page, 'succeeded');
  await expectUrl(page, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  await visible(page, CONGRATULATIONS);
  await expectNoSidewaysScroll(page, 'the Congratulations at 320 px');
  await saveScreenshot(page, 'tip-congratulations');

  const rows = await paymentsOf(baseUrl, guest);
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

  await click(page, within(CONGRATULATIONS, byRole('button', 'OK')));
  await hidden(page, CONGRATULATIONS);
  await expectUrl(page, /\/user_profile\/ava-martinez$/);
}
