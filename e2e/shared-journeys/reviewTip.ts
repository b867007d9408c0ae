// A review with a tip (BOTH): no tip without words, at least $1, hidden until paid, then shown.
import assert from 'node:assert/strict';
import {
  byLabel,
  byRole,
  byText,
  exactText,
  expectAttribute,
  expectCount,
  expectFocused,
  expectProperty,
  expectText,
  expectUrl,
  within,
  type Driver,
} from '../driver/driver';
import {
  CARD_OPTION,
  CONGRATULATIONS,
  fillCard,
  passCaptcha,
  pressInDialog,
  startFlow,
} from '../driver/guest';
import { guestName } from '../journeyData';
import { paymentsOf, profileOf } from '../suiteApi';
import { PAYS } from '../testCards';

// Its own profile: this journey adds to its feed and counts.
const PROFILE = 'priya-natarajan';
const TIP = byRole('region', 'Your tip');
const SAY_THANKS = byRole('textbox', 'Say thanks');

export async function reviewTip(driver: Driver): Promise<void> {
  const { baseUrl } = driver;
  const guest = guestName(`${driver.engine} Both`);
  const text = `Thank you for the mentoring, ${guest}`;
  const sentForms = driver.recordBodies?.('/api/payment/payment-intent-for-both');
  // By its word, not its whole name: other Chromium tests change the count meanwhile.
  await startFlow(driver, PROFILE, exactText('Recognize'), guest);
  await driver.visible(SAY_THANKS);

  await driver.click(byRole('button', 'Add Gift'));
  await expectCount(driver, byRole('button', 'Add Gift'), 0);
  await expectFocused(driver, within(TIP, byRole('heading', 'Your tip')));
  await driver.click(within(TIP, byRole('button', '$10')));
  await passCaptcha(driver);
  const tipAlert = (text: string) => expectText(driver, within(TIP, byRole('alert')), text);
  await driver.click(within(TIP, CARD_OPTION));
  await tipAlert('Either "Say Thanks" or "Post" must be provided.');
  await driver.fill(within(TIP, byLabel('Other (in Dollars)')), '0');
  await driver.fill(SAY_THANKS, text);
  await driver.click(within(TIP, CARD_OPTION));
  await tipAlert('Please enter a valid amount greater than 0.');
  await driver.click(within(TIP, byRole('button', '$15')));
  await expectAttribute(driver, within(TIP, byRole('button', '$15')), 'aria-pressed', 'true');
  await driver.visible(byText('You will be charged $15.95'));
  await driver.expectAccessible();
  await driver.screenshot('review-tip-form');

  await driver.click(within(TIP, CARD_OPTION));
  await driver.visible(byRole('button', 'Pay Now'));
  await expectProperty(driver, SAY_THANKS, 'readOnly', true);
  if (sentForms) {
    const forms = await sentForms();
    assert.equal(forms.length, 1, 'one review-with-tip form sent');
    assert.ok(forms[0]!.includes('name="gratitudeType"\r\n\r\nBOTH'), 'sent as BOTH');
    assert.ok(forms[0]!.includes(text), 'with the review');
  }
  // Sent, not yet paid: not on the profile.
  const { userFeed } = await profileOf(baseUrl, PROFILE);
  assert.ok(!userFeed.some((item) => item.sayThanks === text));

  await fillCard(driver, PAYS);
  await driver.screenshot('review-tip-card');
  await driver.click(byRole('button', 'Pay Now'));
  await driver.visible(exactText('succeeded'));
  await expectUrl(driver, /\/user_profile\/priya-natarajan\?redirect_status=succeeded$/);
  await driver.waitForApp();
  await driver.visible(CONGRATULATIONS);
  await driver.screenshot('review-tip-congratulations');
  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  await expectUrl(driver, /\/user_profile\/priya-natarajan$/);
  await driver.waitForApp();
  await driver.visible(within(byRole('article'), byText(text)));
  await driver.screenshot('review-tip-published');

  const rows = await paymentsOf(baseUrl, guest);
  assert.deepEqual(
    rows.map((row) => [row.status, row.amountCents, row.feeCents]),
    [['succeeded', 1500, 95]],
  );
}
