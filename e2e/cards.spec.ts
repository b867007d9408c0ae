// Stripe's documented test cards through the real gift-only screens (a tip to Ava, who is not a
// non-profit), against the Stripe.js emulator: what the guest sees after Pay Now, and what the
// mock API's payments list says about the guest's intent. 4242 and 0002 are in gift.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  passCaptcha,
  paymentsOf,
  CARD_OPTION,
  fillCard,
  guestName,
  startGift,
} from './payment-helpers';

const PROFILE = 'ava-martinez';

/** Gets a $10 tip to Ava up to a filled card form (the intent exists from here on). */
async function tipWithCard(page: Page, guest: string, card: string) {
  await startGift(page, PROFILE, /Give Gift/, guest);
  await page.getByRole('button', { name: '$10' }).click();
  await passCaptcha(page);
  await expect(page.getByText('You will be charged $10.80')).toBeVisible();
  await page.getByRole('button', { name: CARD_OPTION }).click();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await fillCard(page, card);
}

const AUTHENTICATION_FAILURE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

// The declined cards (9995, 9987, 0069, 0127, 0119): each card's code and message in
// mock-api/emulators/stripe/stripe.test.ts, the app showing Stripe's own message in
// src/features/payments/stripe/stripe.test.ts, and the screen after a decline in Chromium
// (one alert, Pay Now usable, the card kept, the address, axe, nothing charged) in
// e2e/shared-journeys/declinedCard.ts.
test.describe('Stripe test cards on a gift-only tip', () => {
  test('4000 0025 0000 3155 asks for 3-D Secure: Fail, then Complete on the same intent', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Card 3155');
    await tipWithCard(page, guest, '4000 0025 0000 3155');
    const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });

    await test.step('4000 0025 0000 3155 with Fail authentication shows Stripe’s message and charges nothing', async () => {
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await challenge.getByRole('button', { name: 'Fail authentication' }).click();
      await expect(challenge).toBeHidden();
      await expect(page.getByRole('alert')).toHaveText(AUTHENTICATION_FAILURE);
      await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
      await expect(page.getByText('succeeded', { exact: true })).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/user_profile/${PROFILE}\\?flow=gift&step=gift$`));
      await expectAccessible();
      await saveScreenshot('card-3ds-failed');

      const rows = await paymentsOf(request, guest);
      expect(rows.map((row) => [row.status, row.amountCents])).toEqual([
        ['requires_payment_method', 1000],
      ]);
    });

    await test.step('4000 0025 0000 3155 asks for 3-D Secure; Complete authentication pays', async () => {
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expect(challenge).toBeVisible();
      await expect(challenge).toContainText('Your bank asks you to confirm a payment of $10.80.');
      await expect(
        challenge.getByRole('button', { name: 'Complete authentication' }),
      ).toBeFocused();
      await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
      await expectAccessible();
      await saveScreenshot('card-3ds-challenge');
      // Not paid while the bank waits for the guest.
      expect((await paymentsOf(request, guest)).map((row) => row.status)).toEqual([
        'requires_action',
      ]);

      await challenge.getByRole('button', { name: 'Complete authentication' }).click();
      await expect(challenge).toBeHidden();
      await expect(page.getByText('succeeded', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(
        new RegExp(`/user_profile/${PROFILE}\\?redirect_status=succeeded$`),
      );
      await expect(
        page.getByRole('dialog', { name: /Congratulations! Your recognition has been sent\./ }),
      ).toBeVisible();
      await saveScreenshot('card-3ds-succeeded');

      const rows = await paymentsOf(request, guest);
      expect(rows.map((row) => [row.status, row.amountCents, row.totalCents])).toEqual([
        ['succeeded', 1000, 1080],
      ]);
    });
  });
});
