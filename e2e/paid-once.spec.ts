// Paid once, sent once (issue 49): whatever a guest does while a tip or a review is on its way, one
// charge and one review, counted in the mock API's data views, and the page tells what happened.
import type { Locator, Page, Route } from '@playwright/test';
import { TEST_CARDS, type CardOutcome } from '../mock-api/emulators/stripe/testCards';
import { PAYMENT_MESSAGES } from '../src/features/payments/paymentMessages';
import { SENT_ELSEWHERE_MESSAGE } from '../src/features/gratitude/ReviewForm';
import { TRY_AGAIN_MESSAGE, UNSETTLED_SEND_NOTE } from '../src/config/messages';
import { test, expect, waitForApp, GUEST_TOKEN } from './fixtures';
import {
  CARD_OPTION,
  CONGRATULATIONS,
  fillCard,
  guestName,
  passCaptcha,
  type PaymentRow,
  paymentsOf,
  startFlow,
  startGift,
  submitDetails,
} from './payment-helpers';
import path from 'node:path';
import { asTyped, PAYS } from './testCards';

const PROFILE = 'ava-martinez';
/** Reviews go to a profile whose feed no other spec reads whole (each finds its own words). */
const REVIEWED = 'elliot-fairbanks';
const PHOTO = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-feed-02.jpg');

/** A test card of the emulator's list, as a guest types it. */
const card = (matches: (outcome: CardOutcome) => boolean) =>
  asTyped(TEST_CARDS.find((c) => matches(c.outcome))!);
const CHECK_IN_PAGE = card((o) => o.kind === 'requires3ds' && o.nextAction === 'use_stripe_sdk');
const CHECK_AT_BANK = card((o) => o.kind === 'requires3ds' && o.nextAction === 'redirect_to_url');

const freshWords = (label: string) =>
  `${label}: thanks (${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)})`;

const succeeded = (rows: PaymentRow[]) => rows.filter((row) => row.status === 'succeeded');

/** The published reviews that carry these words (the reviewed profile's feed, its data view). */
async function publishedWith(page: Page, words: string): Promise<{ giver: string }[]> {
  const answer = await page.request.get(`/api/__db/feed?userId=${REVIEWED}`, {
    headers: { Authorization: `Bearer ${GUEST_TOKEN}` },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const items = (await answer.json()) as {
    sayThanks: string;
    giveThanksUser: { fullName: string };
  }[];
  return items
    .filter((item) => item.sayThanks === words)
    .map((item) => ({ giver: item.giveThanksUser.fullName }));
}

/** Holds the answers of `url` (Stripe's confirmations) until `release()`; the server acts at once. */
async function holdConfirmAnswers(page: Page, url = '**/v1/payment_intents/*/confirm') {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route: Route) => {
    const answer = await route.fetch();
    await released;
    await route.fulfill({ response: answer }).catch(() => undefined); // the page may be gone
  });
  return { release };
}

/** The next answer of `url` is lost after the server acted: the request goes, nothing comes back. */
async function loseNextAnswer(page: Page, url: string) {
  let lost = false;
  await page.route(url, async (route: Route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}

/** The captcha, the card option (of `scope`), the card `number`, then Pay Now pressed. */
async function payByCard(page: Page, number: string, scope: Page | Locator = page) {
  await passCaptcha(page);
  await scope.getByRole('button', { name: CARD_OPTION }).click();
  await fillCard(page, number);
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

/** A $20 tip to Ava up to Pay Now pressed with `number`. */
async function tipUpToPayNow(page: Page, guest: string, number: string) {
  await startGift(page, PROFILE, /Give Gift/, guest);
  await page.getByRole('button', { name: '$20' }).click();
  await payByCard(page, number);
}

/** A $20 tip paid while Stripe's answer is held: charged, and the page not told yet. */
async function heldTip(page: Page, label: string) {
  const guest = guestName(label);
  const held = await holdConfirmAnswers(page);
  await tipUpToPayNow(page, guest, PAYS);
  await expect.poll(async () => succeeded(await paymentsOf(page.request, guest)).length).toBe(1);
  return { guest, held };
}

/** Browser Back from the card form while Stripe confirms: the details step says so, not asks. */
async function backWhileConfirming(page: Page) {
  await page.goBack();
  await expect(page).toHaveURL(/\?flow=gift&step=guest$/);
  const confirming = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.confirming });
  await expect(confirming).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveCount(0);
}

/** The page says succeeded, then congratulates on the profile; the guest has one payment, paid. */
async function toldPaidOnce(page: Page, guest: string, profile = PROFILE) {
  await expect(page.getByText(PAYMENT_MESSAGES.succeeded, { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user_profile/${profile}\\?redirect_status=succeeded$`));
  await expect.poll(async () => succeeded(await paymentsOf(page.request, guest)).length).toBe(1);
  expect((await paymentsOf(page.request, guest)).length, 'one intent for the one attempt').toBe(1);
}

async function offersNoPayment(page: Page) {
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: CARD_OPTION })).toHaveCount(0);
}

/** A new guest's recognition of REVIEWED, up to its words typed. */
async function startReview(page: Page, label: string, action = /^Recognize/) {
  const guest = guestName(label);
  const words = freshWords(label);
  await startFlow(page, REVIEWED, action, guest);
  await page.getByLabel('Say thanks').fill(words);
  return { guest, words };
}

test.describe('a tip while Pay Now is confirming', () => {
  // A reload while confirming, and the flow's arrow disabled meanwhile: the shared journey
  // e2e/shared-journeys/reloadMidConfirm.ts.

  test('browser Back: the details step is not offered, the payment is told when it ends; one charge', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow();
    const { guest, held } = await heldTip(page, 'Back Mid Pay');
    await backWhileConfirming(page);
    await saveScreenshot('paid-once-back-confirming');
    held.release();
    await toldPaidOnce(page, guest);
    await offersNoPayment(page);
  });

  test('Back out of the flow while confirming: the profile says a payment may have gone through, and the flow tells it; one charge', async ({
    page,
  }) => {
    test.slow();
    const { guest, held } = await heldTip(page, 'Out Mid Pay');
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/user_profile/${PROFILE}$`));
    held.release();
    await page.getByRole('button', { name: 'See what happened' }).click();
    await toldPaidOnce(page, guest);
    await offersNoPayment(page);
  });

  test('Back during the in-page 3-D Secure check: completing it is told; one charge', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow();
    const guest = guestName('Back Mid 3DS');
    await tipUpToPayNow(page, guest, CHECK_IN_PAGE);
    const challenge = page.getByRole('dialog', { name: '3D Secure authentication' });
    await expect(challenge).toBeVisible();
    await backWhileConfirming(page);
    await saveScreenshot('paid-once-back-during-3ds');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await toldPaidOnce(page, guest);
  });

  test('a 3-D Secure failed on the bank’s page comes back to the flow saying so; the same intent then pays once', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow();
    const guest = guestName('Failed At Bank');
    await tipUpToPayNow(page, guest, CHECK_AT_BANK);
    await expect(page.getByRole('heading', { name: '3D Secure authentication' })).toBeVisible();
    await page.getByRole('button', { name: 'Fail authentication' }).click();

    await expect(page).toHaveURL(/\?flow=gift&step=gift$/);
    await waitForApp(page);
    await expect(
      page.getByRole('alert').filter({ hasText: PAYMENT_MESSAGES.incomplete }),
    ).toBeVisible();
    // The draft is kept: the amount is still chosen, and the guest can try again.
    await expect(page.getByRole('button', { name: '$20' })).toHaveAttribute('aria-pressed', 'true');
    await saveScreenshot('paid-once-failed-at-bank');
    await payByCard(page, PAYS);
    await toldPaidOnce(page, guest);
  });
});

/** A review whose send may have gone through: Submit (the same send), and no Add Gift. */
async function expectOnlySubmit(page: Page) {
  await expect(page.getByText(UNSETTLED_SEND_NOTE)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Gift' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
}

test.describe('a recognition on its way', () => {
  test('browser Back while it is sending: the profile congratulates where the flow was opened, the review published once', async ({
    page,
  }) => {
    test.slow();
    const { guest, words } = await startReview(page, 'Back Mid Send');
    const held = await holdConfirmAnswers(page, '**/api/gratitude/create-gratitude');
    await page.getByRole('button', { name: 'Submit' }).click();
    const sending = page.getByRole('status').filter({ hasText: PAYMENT_MESSAGES.sending });
    await expect(sending).toBeVisible();
    await expect.poll(() => publishedWith(page, words)).toEqual([{ giver: guest }]);

    await page.goBack();
    await expect(page).toHaveURL(/\?flow=recognize&step=guest$/);
    await expect(sending).toBeVisible();
    await expect(page.getByLabel('Full Name')).toHaveCount(0);
    held.release();
    await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/user_profile/${REVIEWED}\\?show=true$`));
    expect(await publishedWith(page, words)).toEqual([{ giver: guest }]);
  });
});

test.describe('an answer lost after the server acted, then a reload', () => {
  for (const { call, media } of [
    { call: 'create-gratitude', media: false },
    { call: 'image-gratitude', media: true },
  ] as const) {
    test(`${call}: Submit again sends the same review, published once`, async ({ page }) => {
      test.slow();
      const { guest, words } = await startReview(page, `Lost ${media ? 'Photo' : 'Words'}`);
      if (media) {
        await page.getByLabel('Attach photos or a video').setInputFiles(PHOTO);
        await expect(page.getByRole('img', { name: 'ava-feed-02.jpg' })).toBeVisible();
      }
      await loseNextAnswer(page, `**/api/gratitude/${call}`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
      expect(await publishedWith(page, words)).toEqual([{ giver: guest }]);
      // With a tip it would be published a second time: only the same send is offered.
      await expectOnlySubmit(page);

      await page.reload();
      await waitForApp(page);
      await expect(page.getByLabel('Say thanks')).toHaveValue(words);
      if (media) await expect(page.getByRole('img', { name: 'ava-feed-02.jpg' })).toBeVisible();
      await expectOnlySubmit(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
      expect(await publishedWith(page, words)).toEqual([{ giver: guest }]);
    });
  }

  test('payment-intent-for-both: the same intent comes back, is paid once, and the review is published once', async ({
    page,
  }) => {
    test.slow();
    const { guest, words } = await startReview(page, 'Lost Both');
    await page.getByRole('button', { name: 'Add Gift' }).click();
    const tip = page.getByRole('region', { name: 'Your tip' });
    await tip.getByRole('button', { name: '$10' }).click();
    await passCaptcha(page);
    await loseNextAnswer(page, '**/api/payment/payment-intent-for-both');
    await tip.getByRole('button', { name: CARD_OPTION }).click();
    await expect(tip.getByRole('alert')).toHaveText(TRY_AGAIN_MESSAGE);
    expect(await paymentsOf(page.request, guest)).toHaveLength(1);

    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel('Say thanks')).toHaveValue(words);
    await expect(tip.getByRole('button', { name: '$10' })).toHaveAttribute('aria-pressed', 'true');
    await payByCard(page, PAYS, tip);
    await toldPaidOnce(page, guest, REVIEWED);
    await expect.poll(() => publishedWith(page, words)).toEqual([{ giver: guest }]);
  });
});

test.describe('one draft in two places', () => {
  test('two tabs: the one that did not send says the draft was sent, and cannot send it again', async ({
    page,
    context,
    saveScreenshot,
  }) => {
    const { guest, words } = await startReview(page, 'Two Tabs', /^Appreciate/);

    const other = await context.newPage();
    await other.goto(`/user_profile/${REVIEWED}`);
    await other.getByRole('button', { name: 'Continue your draft' }).click();
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect(other.getByLabel('Say thanks')).toHaveValue(words);

    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
    await expect(
      other.getByRole('alert').filter({ hasText: SENT_ELSEWHERE_MESSAGE }),
    ).toBeVisible();
    await expect(other.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await saveScreenshot('paid-once-sent-elsewhere', other);
    expect(await publishedWith(page, words)).toEqual([{ giver: guest }]);
  });

  test('the next guest on a shared phone starts empty; the earlier draft only when asked for', async ({
    page,
  }) => {
    await startReview(page, 'First Guest');
    // The first guest leaves the flow; the phone goes to the next guest.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Continue your draft' })).toBeVisible();

    await page.getByRole('button', { name: /^Recognize/ }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('');
    await expect(page.getByRole('status').filter({ hasText: 'Draft restored' })).toHaveCount(0);
    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel('Full Name')).toHaveValue('');

    const next = guestName('Next Guest');
    const words = freshWords('next');
    await submitDetails(page, next, 'next@example.com');
    await page.getByLabel('Say thanks').fill(words);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
    expect(await publishedWith(page, words)).toEqual([{ giver: next }]);
  });
});
