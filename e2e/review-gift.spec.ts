// A review sent with a tip (gratitudeType BOTH): paid, it is published; declined, it never shows.
import type { Page } from '@playwright/test';
import { PENDING_REVIEW_NOTE } from '../src/features/feed/FeedCard';
import { STRIPE_MESSAGES } from '../mock-api/emulators/stripe/testCards';
import { GUEST_TOKEN, test, expect, gotoWaitsForApp } from './fixtures';
import {
  CONGRATULATIONS,
  passCaptcha,
  payAndAcknowledge,
  paymentsOf,
  CARD_OPTION,
  fillCard,
  guestName,
  resendWebhook,
  setScenario,
  startFlow,
} from './payment-helpers';
import { DECLINED } from './testCards';

// A profile of its own: these tests add to its feed and counts.
const PROFILE = 'priya-natarajan';

async function feedTexts(page: Page): Promise<string[]> {
  const response = await page.request.post('/api/gratitude/findUser', {
    headers: { Authorization: `Bearer ${GUEST_TOKEN}` },
    data: { _id: PROFILE, profilePage: true },
  });
  const feed = (await response.json()).data.data.userFeed as { sayThanks: string }[];
  return feed.map((item) => item.sayThanks);
}

/** Writes the review, opens Add Gift and gets to the card form for `dollars`. */
async function reviewWithTip(page: Page, text: string, dollars: string) {
  await page.getByLabel('Say thanks').fill(text);
  await page.getByRole('button', { name: 'Add Gift' }).click();
  const tip = page.getByRole('region', { name: 'Your tip' });
  await tip.getByLabel('Other (in Dollars)').fill(dollars);
  await passCaptcha(page);
  await tip.getByRole('button', { name: CARD_OPTION }).click();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  return tip;
}

test.describe('a review with a tip (BOTH)', () => {
  // Paid with 4242: the shared journey e2e/shared-journeys/reviewTip.ts.
  test('declined, the review never shows on the profile, whatever the address says', async ({
    page,
    request,
  }) => {
    const guest = guestName('Declined Both');
    const text = `A declined thank-you from ${guest}`;
    await startFlow(page, PROFILE, /^Recognize/, guest);
    await reviewWithTip(page, text, '12');
    await fillCard(page, DECLINED);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'declined' });
    await expect(alert).toHaveText(STRIPE_MESSAGES.genericDecline);

    // A hand-made success address publishes nothing: only Stripe's status does.
    await page.goto(`/user_profile/${PROFILE}?redirect_status=succeeded`);
    await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('tab', { name: /Feed/ })).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
    expect(await feedTexts(page)).not.toContain(text);
    const rows = await paymentsOf(request, guest);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).not.toBe('succeeded');
  });

  test('while its webhook is late, only the guest who paid sees the review, marked, until it is confirmed', async ({
    page,
    request,
    browser,
    baseURL,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    // The event comes when the test resends it, not after a time a slow machine could outlast.
    await setScenario(page, 'webhook-lost');
    const guest = guestName('Late Guest');
    const text = `Thanks for the patience, ${guest}`;
    await startFlow(page, PROFILE, /^Recognize/, guest);
    await reviewWithTip(page, text, '12');
    await payAndAcknowledge(page, 'priya-natarajan');

    // Not published yet (its event has not come): the guest sees it, marked.
    const card = page.getByRole('article').filter({ hasText: text });
    await expect(card).toBeVisible();
    await expect(card).toContainText(PENDING_REVIEW_NOTE);
    expect(await feedTexts(page)).not.toContain(text);
    await saveScreenshot('review-gift-being-confirmed');

    // Nobody else sees it.
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = gotoWaitsForApp(await other.newPage());
      await otherPage.goto(`/user_profile/${PROFILE}`);
      await expect(otherPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(otherPage.getByText(text)).toHaveCount(0);
    } finally {
      await other.close();
    }

    // The event arrives, the page asks again: the review is published, the mark gone.
    const [payment] = await paymentsOf(request, guest);
    await resendWebhook(page, payment!.intentId, 'payment_intent.succeeded');
    await expect(card).not.toContainText('Being confirmed');
    await expect(card).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(1);
    expect(await feedTexts(page)).toContain(text);
  });
});
