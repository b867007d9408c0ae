// A review sent with a tip (gratitudeType BOTH), as e2e/review-gift.spec.ts pays it: the tip's
// own checks, the review sent but not shown until paid, 4242, the Congratulations modal, and the
// review on the profile.
import assert from 'node:assert/strict';
import type { HTTPRequest } from 'puppeteer-core';
import { expectAccessible, saveScreenshot, waitForApp, type JourneyContext } from '../harness';
import {
  byLabel,
  byRole,
  byText,
  click,
  expectAttribute,
  expectCount,
  expectFocused,
  expectText,
  expectUrl,
  fill,
  visible,
  visibleExactText,
  within,
} from '../queries';
import { fillCard, guestName, passCaptcha, paymentsOf, profileOf, startFlow } from '../steps';
import { CARD_OPTION } from './tip';

// A profile of its own: this journey adds to its feed and counts.
const PROFILE = 'priya-natarajan';
const TIP = byRole('region', 'Your tip');

async function feedTexts(baseUrl: string): Promise<string[]> {
  return (await profileOf(baseUrl, PROFILE)).userFeed.map((item) => item.sayThanks);
}

export async function reviewTipJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const guest = guestName('Both Guest');
  const text = `Thank you for the mentoring, ${guest}`;
  const forms: Promise<string | undefined>[] = [];
  page.on('request', (sent: HTTPRequest) => {
    if (sent.url().includes('/api/payment/payment-intent-for-both')) {
      forms.push(sent.fetchPostData());
    }
  });
  const { handshakeCount } = (await profileOf(baseUrl, PROFILE)).iconsCount;
  await startFlow(page, baseUrl, PROFILE, `Recognize, received ${handshakeCount}`, guest);
  await visible(page, byRole('textbox', 'Say thanks'));

  // Without text or media, the tip cannot go.
  await click(page, byRole('button', 'Add Gift'));
  await expectCount(page, byRole('button', 'Add Gift'), 0);
  const tip = await visible(page, TIP);
  await expectFocused(await visible(tip, byRole('heading', 'Your tip')));
  await (await visible(tip, byRole('button', '$10'))).click();
  await passCaptcha(page);
  await click(page, within(TIP, CARD_OPTION));
  await expectText(
    await visible(tip, byRole('alert')),
    'Either "Say Thanks" or "Post" must be provided.',
  );
  // At least $1 with a review.
  await fill(page, within(TIP, byLabel('Other (in Dollars)')), '0');
  await fill(page, byRole('textbox', 'Say thanks'), text);
  await click(page, within(TIP, CARD_OPTION));
  await expectText(
    await visible(tip, byRole('alert')),
    'Please enter a valid amount greater than 0.',
  );
  await click(page, within(TIP, byRole('button', '$15')));
  await visible(page, byText('You will be charged $15.95'));
  await expectAccessible(page);
  await saveScreenshot(page, 'review-tip-form');

  await click(page, within(TIP, CARD_OPTION));
  await visible(page, byRole('button', 'Pay Now'));
  await expectAttribute(await visible(page, byRole('textbox', 'Say thanks')), 'readonly', '');
  assert.equal(forms.length, 1, 'one review-with-tip form sent');
  // The multipart body, as Firefox sent it (WebDriver BiDi's network data collector).
  const form = (await forms[0]) ?? '';
  assert.ok(form.includes('name="gratitudeType"\r\n\r\nBOTH'), 'sent as BOTH');
  assert.ok(form.includes(text), 'with the review');
  // Sent, not yet paid: not on the profile.
  assert.ok(!(await feedTexts(baseUrl)).includes(text));

  await fillCard(page, '4242 4242 4242 4242');
  await saveScreenshot(page, 'review-tip-card');
  await click(page, byRole('button', 'Pay Now'));
  await visibleExactText(page, 'succeeded');
  await expectUrl(page, /\/user_profile\/priya-natarajan\?redirect_status=succeeded$/);
  const modal = await visible(
    page,
    byRole('dialog', 'Congratulations! Your recognition has been sent.'),
  );
  // The page the redirect opened is the server's until the app takes over.
  await waitForApp(page);
  await (await visible(modal, byRole('button', 'OK'))).click();
  await expectUrl(page, /\/user_profile\/priya-natarajan$/);
  await visible(page, byText(text));
  await saveScreenshot(page, 'review-tip-published');

  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    rows.map((row) => [row.status, row.amountCents, row.feeCents]),
    [['succeeded', 1500, 95]],
  );
}
