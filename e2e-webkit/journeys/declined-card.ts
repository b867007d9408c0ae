// A declined card on a tip to Ava, as e2e/gift.spec.ts tries it: Stripe's message for 0002,
// nothing charged, the address unchanged, Pay Now usable again; then 4242 pays the same intent.
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
import { CARD_OPTION, fillCard, guestName, passCaptcha, paymentsOf, startFlow } from '../steps';

export async function declinedCardJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  const guest = guestName('WebKit Declined');
  await startFlow(browser, baseUrl, 'ava-martinez', 'Give Gift', guest);
  await visible(browser, byLabel('Other (in Dollars)'));
  await click(browser, byRole('button', '$10'));
  await passCaptcha(browser);
  await click(browser, CARD_OPTION);
  await fillCard(browser, '4000 0000 0000 0002');
  await click(browser, byRole('button', 'Pay Now'));

  // The form's one alert (an alert takes no name from its text, so it is read).
  await expectCount(browser, byRole('alert'), 1);
  await expectText(await visible(browser, byRole('alert')), 'Your card was declined.');
  const payNow = await visible(browser, byRole('button', 'Pay Now'));
  await eventually('Pay Now enabled again', async () => assert.ok(await payNow.isEnabled()));
  await expectAccessible(browser);
  await saveScreenshot(browser, 'declined-card');
  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    rows.map((row) => row.status).filter((status) => status === 'succeeded'),
    [],
  );
  assert.equal(rows.length, 1);
  await expectUrl(browser, /\/user_profile\/ava-martinez\?flow=gift&step=gift$/);

  // Another card pays the same intent: still one intent, now succeeded.
  await fill(browser, byLabel('Card number'), '4242 4242 4242 4242');
  await click(browser, byRole('button', 'Pay Now'));
  await expectUrl(browser, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  const after = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    after.map((row) => [row.status, row.amountCents]),
    [['succeeded', 1000]],
  );
  await saveScreenshot(browser, 'declined-card-then-paid');
}
