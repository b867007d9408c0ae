// A review sent with a tip by card (gratitudeType BOTH), as e2e/review-gift.spec.ts pays it: the
// review written, Add Gift, $15, the captcha, the card option, 4242 in the emulated Payment
// Element, Pay Now; then `succeeded`, the Congratulations modal, and the review on the profile.
import assert from 'node:assert/strict';
import { expectAccessible, saveScreenshot, waitForApp, type JourneyContext } from '../harness';
import {
  byRole,
  byText,
  click,
  exactText,
  expectAttribute,
  expectUrl,
  fill,
  visible,
  within,
} from '../queries';
import {
  CARD_OPTION,
  CONGRATULATIONS,
  fillCard,
  guestName,
  passCaptcha,
  paymentsOf,
  profileOf,
  startFlow,
} from '../steps';

// A profile of its own: this journey adds to its feed and counts.
const PROFILE = 'priya-natarajan';
const TIP = byRole('region', 'Your tip');

export async function reviewTipJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  const guest = guestName('WebKit Both');
  const text = `Thank you for the mentoring, ${guest}`;
  const { handshakeCount } = (await profileOf(baseUrl, PROFILE)).iconsCount;
  await startFlow(browser, baseUrl, PROFILE, `Recognize, received ${handshakeCount}`, guest);
  await fill(browser, byRole('textbox', 'Say thanks'), text);
  await click(browser, byRole('button', 'Add Gift'));
  await click(browser, within(TIP, byRole('button', '$15')));
  await expectAttribute(
    await visible(browser, within(TIP, byRole('button', '$15'))),
    'aria-pressed',
    'true',
  );
  await passCaptcha(browser);
  await visible(browser, byText('You will be charged $15.95'));
  await expectAccessible(browser);
  await saveScreenshot(browser, 'review-tip-form');

  await click(browser, within(TIP, CARD_OPTION));
  await visible(browser, byRole('button', 'Pay Now'));
  await expectAttribute(
    await visible(browser, byRole('textbox', 'Say thanks')),
    'readonly',
    'true',
  );
  await fillCard(browser, '4242 4242 4242 4242');
  await saveScreenshot(browser, 'review-tip-card');
  await click(browser, byRole('button', 'Pay Now'));

  await visible(browser, exactText('succeeded'));
  await expectUrl(browser, /\/user_profile\/priya-natarajan\?redirect_status=succeeded$/);
  // The page the redirect opened is the server's until the app takes over.
  await waitForApp(browser);
  await visible(browser, CONGRATULATIONS);
  await saveScreenshot(browser, 'review-tip-congratulations');
  await click(browser, within(CONGRATULATIONS, byRole('button', 'OK')));
  await expectUrl(browser, /\/user_profile\/priya-natarajan$/);
  await waitForApp(browser);
  await visible(browser, within(byRole('article'), byText(text)));
  await saveScreenshot(browser, 'review-tip-published');

  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    rows.map((row) => [row.status, row.amountCents, row.feeCents]),
    [['succeeded', 1500, 95]],
  );
}
