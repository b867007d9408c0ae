// A new amount after a payment option (issue 32): the pay buttons go until the captcha is passed
// again (an intent spent its token), so none on screen answers "invalid Captcha".
import type { Locator, Page } from '@playwright/test';
import { byRole } from './driver/driver';
import { CAPTCHA, pressInDialog } from './driver/guest';
import { locatorOf } from './driver/playwright';
import { driverOf, test, expect } from './fixtures';
import {
  passCaptcha,
  payAndAcknowledge,
  paymentsOf,
  CARD_OPTION,
  guestName,
  startFlow,
  startGift,
} from './payment-helpers';

/** Every dialog the page opens (window.alert included), answered so the page goes on. */
function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

function payButtons(section: Locator) {
  return {
    card: section.getByRole('button', { name: CARD_OPTION }),
    applePay: section.getByRole('button', { name: /Apple Pay/ }),
    googlePay: section.getByRole('button', { name: /Google Pay/ }),
  };
}

const onGooglePay = (page: Page, button: 'Pay' | 'Cancel') =>
  pressInDialog(driverOf(page), byRole('dialog', 'Google Pay'), button);

/**
 * $15, the captcha, the card option (its intent takes the token), then $20: the card form and the
 * pay buttons go until the captcha is passed again; then each works for $20.
 */
async function newAmountAfterTheCard(
  page: Page,
  section: Locator,
  /** More checks once the new amount is in (before the captcha is passed again). */
  afterNewAmount: () => Promise<void> = async () => {},
): Promise<void> {
  const dialogs = recordDialogs(page);
  const buttons = payButtons(section);
  const captcha = locatorOf(page, CAPTCHA);
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await section.getByRole('button', { name: '$15' }).click();
  await passCaptcha(page);
  await buttons.card.click();
  await expect(payNow).toBeVisible();
  await expect(buttons.card).toHaveAttribute('aria-pressed', 'true');

  await section.getByRole('button', { name: '$20' }).click();
  await expect(section.getByRole('button', { name: '$20' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(payNow).toHaveCount(0);
  await expect(captcha).not.toBeChecked();
  await expect(buttons.card).toHaveCount(0);
  await expect(buttons.applePay).toHaveCount(0);
  await expect(buttons.googlePay).toHaveCount(0);
  await expect(section.getByLabel('Other (in Dollars)')).toHaveValue('20');
  await afterNewAmount();

  await passCaptcha(page);
  await expect(buttons.card).toHaveAttribute('aria-pressed', 'false');
  // This desktop Chromium's wallet is Google Pay (Apple Pay's $20 total, $21.10: wallets.spec.ts).
  await expect(buttons.applePay).toHaveCount(0);
  await buttons.googlePay.click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(sheet).toContainText('$20.88');
  await onGooglePay(page, 'Cancel');
  await expect(sheet).toHaveCount(0);
  await buttons.card.click();
  await expect(payNow).toBeVisible();
  await expect(section.getByRole('alert')).toHaveText('');
  await expect(page.getByText('You will be charged $21.10')).toBeVisible();
  expect(dialogs).toEqual([]);
}

test.describe('a new amount after a payment option keeps the guest’s place', () => {
  test('gift flow: the pay buttons wait for the captcha, then pay the new amount', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    const guest = guestName('New Amount Tip');
    await startGift(page, 'ava-martinez', /Give Gift/, guest);
    const section = page.getByRole('region', { name: 'Your tip' });
    await newAmountAfterTheCard(page, section, () =>
      saveScreenshot('new-amount-gift-captcha-again'),
    );
    await payAndAcknowledge(page, 'ava-martinez');
    const rows = await paymentsOf(request, guest);
    expect(rows.map((row) => [row.amountCents, row.status]).sort()).toEqual([
      [1500, 'requires_payment_method'],
      [2000, 'succeeded'],
    ]);
  });

  test('a review’s Add Gift: the same, the review editable again', async ({
    page,
    saveScreenshot,
  }) => {
    await startFlow(page, 'priya-natarajan', /^Recognize/, guestName('New Amount Review'));
    await page.getByLabel('Say thanks').fill('Thank you for the new amount');
    await page.getByRole('button', { name: 'Add Gift' }).click();
    const section = page.getByRole('region', { name: 'Your tip' });
    const sayThanks = page.getByLabel('Say thanks');
    await newAmountAfterTheCard(page, section, async () => {
      // The review, locked while its card form was open, may change again.
      await expect(sayThanks).not.toHaveAttribute('readonly');
      await saveScreenshot('new-amount-review-captcha-again');
    });
    // Paying it is the review-gift spec's journey; here the new $20 intent is ready.
    await expect(sayThanks).toHaveAttribute('readonly', '');
  });

  test('a captcha no intent took stays passed: a new amount leaves the pay buttons working', async ({
    page,
    request,
  }) => {
    const dialogs = recordDialogs(page);
    const guest = guestName('New Amount Wallet');
    await startGift(page, 'ava-martinez', /Give Gift/, guest);
    const section = page.getByRole('region', { name: 'Your tip' });
    const buttons = payButtons(section);
    await section.getByRole('button', { name: '$15' }).click();
    await passCaptcha(page);
    // A sheet closed unpaid makes no intent: the captcha's token is still unused.
    await buttons.googlePay.click();
    await onGooglePay(page, 'Cancel');

    await section.getByRole('button', { name: '$20' }).click();
    await expect(locatorOf(page, CAPTCHA)).toBeChecked();
    await buttons.card.click();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await expect(section.getByRole('alert')).toHaveText('');
    expect((await paymentsOf(request, guest)).map((row) => row.amountCents)).toEqual([2000]);
    expect(dialogs).toEqual([]);
  });
});
