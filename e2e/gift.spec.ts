// Gift-only tips and donations by card, against the Stripe.js and reCAPTCHA emulators. The tip to
// Ava with 4242 (and its double clicks) is a step of thanks-in-place.spec.ts's gift-only journey.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  CARD_OPTION,
  CONGRATULATIONS,
  fillCard,
  guestName,
  passCaptcha,
  paymentsOf,
  startGift,
  submitDetails,
} from './payment-helpers';
import { PAYS } from './testCards';

/** The payment scripts' requests (Stripe.js, the captcha's) the page makes, as they go out. */
function watchPaymentScripts(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/__recaptcha/api.js' || pathname === '/__stripe/stripe.js')
      asked.push(pathname);
  });
  return asked;
}

test.describe('gift-only payments by card', () => {
  test('the payment’s scripts come while the guest types their details, once each', async ({
    page,
  }) => {
    const asked = watchPaymentScripts(page);
    await page.goto('/user_profile/ava-martinez');
    await page.getByRole('button', { name: 'Give Gift', exact: true }).click();
    await expect(page.getByLabel('Full Name')).toBeVisible();
    // The details step: both scripts asked for before the guest has typed anything.
    await expect
      .poll(() => [...asked].sort())
      .toEqual(['/__recaptcha/api.js', '/__stripe/stripe.js']);
    await submitDetails(page, guestName('Early Scripts'), 'early.scripts@example.com');
    await page.getByRole('button', { name: '$10' }).click();
    await passCaptcha(page);
    await expect(page.getByRole('button', { name: CARD_OPTION })).toBeEnabled();
    // The widget and the payment options used what came ahead: nothing was asked again.
    expect([...asked].sort()).toEqual(['/__recaptcha/api.js', '/__stripe/stripe.js']);
  });

  test('a recognition alone asks for no payment script', async ({ page }) => {
    const asked = watchPaymentScripts(page);
    await page.goto('/user_profile/ava-martinez');
    await page.getByRole('button', { name: /^Recognize/ }).click();
    await submitDetails(page, guestName('No Scripts'), 'no.scripts@example.com');
    await expect(page.getByLabel('Say thanks')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });

  test('a donation to Green Earth Fund with 4242 succeeds', async ({ page, request }) => {
    const guest = guestName('Donor Guest');
    await startGift(page, 'green-earth-fund', /Donate/, guest);
    await page.getByLabel('Other (in Dollars)').fill('25');
    await passCaptcha(page);
    await expect(page.getByText('You will be charged $26.25')).toBeVisible();
    await page.getByRole('button', { name: /Donate via Debit\/Credit Card/ }).click();
    await fillCard(page, PAYS);
    await page.getByRole('button', { name: 'Pay Now' }).click();

    await expect(page).toHaveURL(/\/user_profile\/green-earth-fund\?redirect_status=succeeded$/);
    await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
    const rows = await paymentsOf(request, guest);
    expect(rows.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', 2500]]);
    expect(rows[0]!.metadata.title).toBe(`${guest} donated to greenearthfund`);
  });
});
