// Thanks without a reload (issue 36): a flow that went through in place moves to the profile's
// Congratulations with no document load since the guest's last tap; every load after OK shows it.
import type { Locator, Page } from '@playwright/test';
import { test, expect, waitForApp } from './fixtures';
import {
  passCaptcha,
  paymentsOf,
  CARD_OPTION,
  CONGRATULATIONS,
  fillCard,
  guestName,
  startFlow,
  startGift,
} from './payment-helpers';
import { asTyped, PAYS } from './testCards';
import { TEST_CARDS } from '../mock-api/emulators/stripe/testCards';

// sent.spec.ts sends here too; each test finds its own card by words no other test sends.
const PROFILE = 'elliot-fairbanks';
/** Stripe's test card whose 3-D Secure is a full-page redirect to the bank. */
const BANK_REDIRECT = asTyped(TEST_CARDS.find((c) => c.id === 'threeDSecureRequired')!);

const freshWords = (label: string) =>
  `${label}: thank you (${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)})`;

/** Watches for a new document from now on: a load event, or a page without this one's mark. */
async function watchDocumentLoads(page: Page) {
  const loads: string[] = [];
  page.on('domcontentloaded', () => loads.push(page.url()));
  await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
  return {
    expectNone: async () => {
      expect(loads, 'no document was loaded since the last tap').toEqual([]);
      const same = await page.evaluate(
        () => (window as { __sameDocument?: boolean }).__sameDocument,
      );
      expect(same, 'the page is still the document the last tap was in').toBe(true);
    },
  };
}

/** A review with a $10 tip, up to the card form filled with `card`; the review's words. */
async function reviewWithTipByCard(page: Page, who: string, card: string): Promise<string> {
  const words = freshWords(who);
  await startFlow(page, PROFILE, /^Recognize/, guestName(`${who} Guest`));
  await page.getByLabel('Say thanks').fill(words);
  await page.getByRole('button', { name: 'Add Gift' }).click();
  const tip = page.getByRole('region', { name: 'Your tip' });
  await tip.getByRole('button', { name: '$10' }).click();
  await passCaptcha(page);
  await tip.getByRole('button', { name: CARD_OPTION }).click();
  await fillCard(page, card);
  return words;
}

const cardWith = (page: Page, words: string) =>
  page.getByRole('article').filter({ hasText: words });

/** OK cleans the address and reloads (the spec); the paid review is on every load after it. */
async function okThenPaidReviewOnEveryLoad(page: Page, dialog: Locator, words: string) {
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(new RegExp(`/user_profile/${PROFILE}$`));
  await waitForApp(page);
  await expect(cardWith(page, words)).toBeVisible();
  await page.reload();
  await waitForApp(page);
  await expect(cardWith(page, words)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe('thanks without a reload', () => {
  test('a review with a $10 tip paid with 4242: succeeded, then the modal on the profile, with no document load; a reload after OK shows the paid review', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow(); // a payment journey
    const words = await reviewWithTipByCard(page, 'In Place', PAYS);

    const watch = await watchDocumentLoads(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByText('succeeded', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`/user_profile/${PROFILE}\\?redirect_status=succeeded$`),
    );
    const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
    await expect(dialog).toBeVisible();
    await saveScreenshot('thanks-in-place-payment');
    await watch.expectNone();
    // The profile was asked afresh: the paid review is there under the modal.
    await expect(cardWith(page, words)).toBeVisible();

    await okThenPaidReviewOnEveryLoad(page, dialog, words);
  });

  test('3-D Secure through a redirect still comes back through the return address, and a reload after OK shows the paid review', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow(); // a payment journey through the bank's page
    const words = await reviewWithTipByCard(page, 'Redirected', BANK_REDIRECT);
    await page.getByRole('button', { name: 'Pay Now' }).click();

    await expect(page.getByRole('heading', { name: '3D Secure authentication' })).toBeVisible();
    await saveScreenshot('thanks-3ds-redirect-bank');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    // Back at the return address: the profile asks Stripe before it congratulates.
    await expect(page).toHaveURL(
      new RegExp(`/user_profile/${PROFILE}\\?.*redirect_status=succeeded`),
    );
    await waitForApp(page);
    const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
    await expect(dialog).toBeVisible();
    await okThenPaidReviewOnEveryLoad(page, dialog, words);
  });

  test('a tip alone (Give Gift) paid with 4242: succeeded, then the modal on the profile, with no document load', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    test.slow(); // a payment journey
    const profile = 'ava-martinez';
    const guest = guestName('In Place Tipper');
    const intentCalls: string[] = [];
    const confirmCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() !== 'POST') return;
      // The tip's intent calls (the wallet preparation call on load is another account's).
      if (
        sent.url().includes('/api/payment/create-payment-intent') &&
        (sent.postDataJSON() as { metadata: { guestName: string } }).metadata.guestName === guest
      ) {
        intentCalls.push(sent.url());
      }
      if (/\/v1\/payment_intents\/[^/]+\/confirm/.test(sent.url())) confirmCalls.push(sent.url());
    });
    await startGift(page, profile, /Give Gift/, guest);

    const cardOption = page.getByRole('button', { name: CARD_OPTION });
    await test.step('a tip to Ava with 4242 succeeds and shows the Congratulations modal: the form', async () => {
      await page.getByRole('button', { name: '$15' }).click();
      await passCaptcha(page);
      await expect(cardOption).toBeVisible();
      await expect(page.getByText('You will be charged $15.95')).toBeVisible();
      await expectAccessible();
      await saveScreenshot('gift-form');
    });

    await test.step('double clicks on the card option and on Pay Now make one intent and one charge: the card option', async () => {
      await cardOption.dblclick();
      await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
      await fillCard(page, PAYS);
      await expectAccessible();
      await saveScreenshot('gift-card-form');
    });

    const watch = await watchDocumentLoads(page);
    const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
    await test.step('a tip alone (Give Gift) paid with 4242: succeeded, then the modal on the profile, with no document load', async () => {
      await page.getByRole('button', { name: 'Pay Now' }).dblclick();
      await expect(page.getByText('succeeded', { exact: true })).toBeVisible();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(
        new RegExp(`/user_profile/${profile}\\?redirect_status=succeeded$`),
      );
      await watch.expectNone();
      // The profile, not the flow, is under the modal.
      await expect(page.getByRole('button', { name: 'Give Gift' })).toBeVisible();
    });

    await test.step('a tip to Ava with 4242 succeeds and shows the Congratulations modal: the payment', async () => {
      const rows = await paymentsOf(request, guest);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        amountCents: 1500,
        feeCents: 95,
        totalCents: 1595,
        status: 'succeeded',
        metadata: { getThanksUserID: 'ava-martinez', title: 'Tip to ava.martinez' },
      });
    });

    await test.step('a stranger on a shared demo: a tip with no tester identity gets no tester cookie', async () => {
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain('grati_tester');
    });

    await test.step('double clicks on the card option and on Pay Now make one intent and one charge: the calls', async () => {
      expect(intentCalls).toHaveLength(1);
      expect(confirmCalls).toHaveLength(1);
    });

    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(new RegExp(`/user_profile/${profile}$`));
  });

  test('a recognition sent: the modal on the profile with no document load, the review under it', async ({
    page,
  }) => {
    const words = freshWords('Sent in place');
    await startFlow(page, PROFILE, /^Appreciate/, guestName('In Place Review'));
    await page.getByLabel('Say thanks').fill(words);
    const watch = await watchDocumentLoads(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
    await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
    await watch.expectNone();
    await expect(cardWith(page, words)).toBeVisible();
  });
});
