// A new amount after a payment option (issue 32): the guest keeps their place. The method's
// highlight goes (spec 4); a captcha token spent on an intent cannot make another, so the pay
// buttons go until the captcha is passed again, and a pay button on screen always works (none
// answers "invalid Captcha"). In the gift flow, the Donate flow and a review's Add Gift.
import type { Locator, Page } from '@playwright/test';
import { CARD_LABELS } from '../src/features/payments/giftLabels';
import { PAYMENT_MESSAGES } from '../src/features/payments/paymentMessages';
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

/** The section's pay buttons: the card option and Stripe's wallet buttons. */
function payButtons(section: Locator, cardOption: RegExp) {
  return {
    card: section.getByRole('button', { name: cardOption }),
    applePay: section.getByRole('button', { name: /Apple Pay/ }),
    googlePay: section.getByRole('button', { name: /Google Pay/ }),
  };
}

/** $15, the captcha, then the card option: its intent takes the captcha's token. */
async function cardAtFifteen(page: Page, section: Locator, card: Locator) {
  await section.getByRole('button', { name: '$15' }).click();
  await passCaptcha(page);
  await card.click();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
}

/** Presses `button` on the Google Pay sheet. */
const onGooglePay = (page: Page, button: 'Pay' | 'Cancel') =>
  pressInDialog(driverOf(page), byRole('dialog', 'Google Pay'), button);

/**
 * $15, the captcha, the card option (its intent takes the captcha's token), then $20: the card
 * form and the card option's highlight go, and so do the pay buttons until the captcha is passed
 * again. Then each works for $20: the wallets' sheets show their $20 totals (closed unpaid), and
 * the card option opens the card form for a $20 intent.
 */
async function newAmountAfterTheCard(
  page: Page,
  section: Locator,
  cardOption: RegExp,
  /** More checks once the new amount is in (before the captcha is passed again). */
  afterNewAmount: () => Promise<void> = async () => {},
): Promise<void> {
  const dialogs = recordDialogs(page);
  const buttons = payButtons(section, cardOption);
  const captcha = locatorOf(page, CAPTCHA);
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await cardAtFifteen(page, section, buttons.card);
  await expect(buttons.card).toHaveAttribute('aria-pressed', 'true');

  await section.getByRole('button', { name: '$20' }).click();
  await expect(section.getByRole('button', { name: '$20' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(payNow).toHaveCount(0);
  // No button that cannot pay: they go until the captcha is passed again.
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
  // Both of Ava's journeys that pay, on one page, each former test a step (the first's payment
  // ends its flow, so the second starts afresh).
  test('gift flow: a new amount after the card, and a wallet after the card, each then pays', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    await test.step('gift flow: the pay buttons wait for the captcha, then pay the new amount', async () => {
      const guest = guestName('New Amount Tip');
      await startGift(page, 'ava-martinez', /Give Gift/, guest);
      const section = page.getByRole('region', { name: 'Your tip' });
      await newAmountAfterTheCard(page, section, CARD_OPTION, () =>
        saveScreenshot('new-amount-gift-captcha-again'),
      );
      await payAndAcknowledge(page, 'ava-martinez');
      const rows = await paymentsOf(request, guest);
      expect(rows.map((row) => [row.amountCents, row.status]).sort()).toEqual([
        [1500, 'requires_payment_method'],
        [2000, 'succeeded'],
      ]);
    });

    await test.step('a wallet after the card, at the same amount: the captcha is asked again, then the wallet pays', async () => {
      const dialogs = recordDialogs(page);
      const guest = guestName('Card Then Wallet');
      await startGift(page, 'ava-martinez', /Give Gift/, guest);
      const section = page.getByRole('region', { name: 'Your tip' });
      const buttons = payButtons(section, CARD_OPTION);
      const captcha = locatorOf(page, CAPTCHA);
      await cardAtFifteen(page, section, buttons.card);

      // The card's intent took the captcha's token: Google Pay's needs a new one.
      await buttons.googlePay.click();
      await expect(section.getByRole('alert')).toHaveText(PAYMENT_MESSAGES.captchaAgain);
      await expect(captcha).not.toBeChecked();
      await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
      await expect(buttons.card).toHaveCount(0);
      await expect(buttons.googlePay).toHaveCount(0);
      await expect(page.getByRole('dialog', { name: 'Google Pay' })).toHaveCount(0);
      await expect(section.getByLabel('Other (in Dollars)')).toHaveValue('15');
      await saveScreenshot('wallet-after-card-captcha-again');

      await passCaptcha(page);
      await expect(section.getByRole('alert')).toHaveText('');
      await buttons.googlePay.click();
      await onGooglePay(page, 'Pay');
      await expect(page).toHaveURL(/\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
      const rows = await paymentsOf(request, guest);
      expect(rows.map((row) => [row.amountCents, row.status]).sort()).toEqual([
        [1500, 'requires_payment_method'],
        [1500, 'succeeded'],
      ]);
      expect(dialogs).toEqual([]);
    });
  });

  test('Donate flow: the same for a donation', async ({ page, request }) => {
    const guest = guestName('New Amount Donor');
    await startGift(page, 'green-earth-fund', /Donate/, guest);
    const section = page.getByRole('region', { name: 'Your donation' });
    await newAmountAfterTheCard(page, section, new RegExp(CARD_LABELS.donation));
    const rows = await paymentsOf(request, guest);
    expect(rows.map((row) => row.amountCents).sort()).toEqual([1500, 2000]);
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
    await newAmountAfterTheCard(page, section, CARD_OPTION, async () => {
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
    const buttons = payButtons(section, CARD_OPTION);
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
