// A declined card on a tip to Ava, as e2e/gift.spec.ts tries it: Stripe's message, nothing
// charged, the address unchanged; then another card pays the same intent.
import assert from 'node:assert/strict';
import { expectAccessible, saveScreenshot, type JourneyContext } from '../harness';
import {
  byLabel,
  byRole,
  click,
  eventually,
  expectCount,
  expectText,
  expectUrl,
  fill,
  visible,
} from '../queries';
import { fillCard, guestName, passCaptcha, paymentsOf, startFlow } from '../steps';
import { CARD_OPTION } from './tip';

export async function declinedCardJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const guest = guestName('Declined Guest');
  await startFlow(page, baseUrl, 'ava-martinez', 'Give Gift', guest);
  await visible(page, byLabel('Other (in Dollars)'));
  await click(page, byRole('button', '$10'));
  await passCaptcha(page);
  await click(page, CARD_OPTION);
  await fillCard(page, '4000 0000 0000 0002');
  await click(page, byRole('button', 'Pay Now'));

  // The form's one alert (an alert takes no name from its text, so it is read).
  await expectCount(page, byRole('alert'), 1);
  await expectText(await visible(page, byRole('alert')), 'Your card was declined.');
  const payNow = await visible(page, byRole('button', 'Pay Now'));
  await eventually('Pay Now enabled again', async () => {
    assert.equal(await payNow.evaluate((button) => (button as HTMLButtonElement).disabled), false);
  });
  await expectAccessible(page);
  await saveScreenshot(page, 'declined-card');
  const rows = await paymentsOf(baseUrl, guest);
  assert.equal(rows.length, 1);
  assert.deepEqual(
    rows.filter((row) => row.status === 'succeeded'),
    [],
  );
  await expectUrl(page, /\/user_profile\/ava-martinez\?flow=gift&step=gift$/);

  // Another card pays the same intent: still one intent, now succeeded.
  await fill(page, byLabel('Card number'), '4242 4242 4242 4242');
  await click(page, byRole('button', 'Pay Now'));
  await expectUrl(page, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  const after = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    after.map((row) => [row.status, row.amountCents]),
    [['succeeded', 1000]],
  );
}
