// Stripe's 3-D Secure test card through the gift-only screens of a tip to Ava, against the Stripe.js
// emulator: what the guest sees after Pay Now, and what the mock API's payments list says.
import type { Page } from '@playwright/test';
import { STRIPE_MESSAGES, TEST_CARDS } from '../mock-api/emulators/stripe/testCards';
import { openCardForm } from './driver/guest';
import { driverOf, test, expect } from './fixtures';
import { CONGRATULATIONS, paymentsOf, fillCard, guestName, startGift } from './payment-helpers';
import { asTyped } from './testCards';

const PROFILE = 'ava-martinez';
const THREE_D_SECURE = asTyped(TEST_CARDS.find((card) => card.id === 'threeDSecureInPage')!);

/** Gets a $10 tip to Ava up to a filled card form (the intent exists from here on). */
async function tipWithCard(page: Page, guest: string, card: string) {
  await startGift(page, PROFILE, /Give Gift/, guest);
  await openCardForm(driverOf(page), '$10');
  await fillCard(page, card);
}

test.describe('Stripe test cards on a gift-only tip', () => {
  test('4000 0025 0000 3155 asks for 3-D Secure: Fail, then Complete on the same intent', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const guest = guestName('Card 3155');
    await tipWithCard(page, guest, THREE_D_SECURE);
    const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });

    await test.step('4000 0025 0000 3155 with Fail authentication shows Stripe’s message and charges nothing', async () => {
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await challenge.getByRole('button', { name: 'Fail authentication' }).click();
      await expect(challenge).toBeHidden();
      await expect(page.getByRole('alert')).toHaveText(STRIPE_MESSAGES.authenticationFailure);
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
      await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
      await saveScreenshot('card-3ds-succeeded');

      const rows = await paymentsOf(request, guest);
      expect(rows.map((row) => [row.status, row.amountCents, row.totalCents])).toEqual([
        ['succeeded', 1000, 1080],
      ]);
    });
  });
});
