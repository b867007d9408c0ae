// The most a guest can give (issue 52): said under the amount before anything is paid, and an
// amount past it ($999,999: 'You will be charged $1,029,999.47' before, then 'Payment could not
// be processed' from the card, which no retry could fix) refused in the form, naming the most,
// before any payment option and with no intent asked for.
import type { Request } from '@playwright/test';
import { test, expect } from './fixtures';
import { AMOUNT_LIMIT, guestName, passCaptcha, paymentsOf, startGift } from './payment-helpers';

/** A payment intent call for a profile (not the page's one wallet preparation call). */
function isGuestIntentCall(sent: Request): boolean {
  const { pathname } = new URL(sent.url());
  if (
    !/\/api\/payment\/(create-payment-intent|create-donation-intent|payment-intent-for-both)$/.test(
      pathname,
    )
  ) {
    return false;
  }
  const body = sent.postData() ?? '';
  return !body.includes('"wallet-prepare"');
}

test('$999,999 is refused in the form with the most a guest can give named, and no intent is asked for', async ({
  page,
  request,
  expectAccessible,
  saveScreenshot,
}) => {
  const intentCalls: string[] = [];
  page.on('request', (sent) => {
    if (isGuestIntentCall(sent)) intentCalls.push(sent.url());
  });
  const guest = guestName('Most Guest');
  await startGift(page, 'ava-martinez', /Give Gift/, guest);
  const field = page.getByLabel('Other (in Dollars)');
  // Said before anything is paid.
  await expect(page.getByText(AMOUNT_LIMIT)).toBeVisible();

  await field.pressSequentially('999999');
  const tooMuch = 'Please enter an amount up to $970,873.';
  // Refused as typed, before the captcha and any payment option.
  await expect(page.getByText(tooMuch)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(`${tooMuch} ${AMOUNT_LIMIT}`);
  await expect(page.getByRole('button', { name: /Tip via Debit\/Credit Card/ })).toHaveCount(0);
  await expectAccessible();
  await saveScreenshot('amount-over-the-most');

  // Still refused once the options show: no total no card could carry, no intent, no card form.
  await passCaptcha(page);
  const card = page.getByRole('button', { name: /Tip via Debit\/Credit Card/ });
  await card.click();
  await expect(page.getByText(tooMuch)).toHaveCount(1);
  await expect(page.getByText(/You will be charged/)).toHaveCount(0);
  await expect(page.getByText('Payment could not be processed. Please try again.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  expect(intentCalls).toEqual([]);
  expect(await paymentsOf(request, guest)).toEqual([]);

  // The most itself is taken: its card total fits Stripe's $999,999.99.
  await field.fill('970873');
  await expect(page.getByText(tooMuch)).toHaveCount(0);
  await expect(field).toHaveAttribute('aria-invalid', 'false');
  await passCaptcha(page);
  await expect(page.getByText('You will be charged $999,999.69')).toBeVisible();
  await card.click();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  expect(intentCalls).toHaveLength(1);
});
