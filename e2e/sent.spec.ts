// Right after sending, every load of the profile shows what was sent (no cache hides it), and one
// Back leaves the finished flow.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import {
  CONGRATULATIONS as CONGRATULATIONS_DIALOG,
  openCardForm,
  pressInDialog,
} from './driver/guest';
import { driverOf, test, expect, waitForApp } from './fixtures';
import {
  CONGRATULATIONS,
  guestName,
  payAndAcknowledge,
  startFlow,
  startGift,
  submitDetails,
} from './payment-helpers';

const PROFILE = 'elliot-fairbanks';
const profileAddress = (id: string) => new RegExp(`/user_profile/${id}$`);

const freshWords = (label: string) =>
  `${label}: thank you (${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)})`;

/** A text review sent to PROFILE, a stranger's load of the profile (cached) just before Submit. */
async function sendReview(page: Page, stranger: APIRequestContext, words: string, guest: string) {
  await startFlow(page, PROFILE, /^Appreciate/, guest);
  await page.getByLabel('Say thanks').fill(words);
  const before = await stranger.get(`/user_profile/${PROFILE}`);
  expect(await before.text()).not.toContain(words);
  await submitToCongratulations(page);
}

async function submitToCongratulations(page: Page) {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  await waitForApp(page);
  await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();
}

const pressOk = (page: Page) => pressInDialog(driverOf(page), CONGRATULATIONS_DIALOG, 'OK');

/** The server's own answer to the load has the review, and no cache may keep it. */
async function expectServedWith(response: Response | null, words: string) {
  expect(response, 'the page was loaded from the server').not.toBeNull();
  expect((await response!.text()).includes(words), "the server's page has the review").toBe(true);
  expect(response!.headers()['cache-control']).toContain('no-store');
}

const cardWith = (page: Page, words: string) =>
  page.getByRole('article').filter({ hasText: words });

test.describe('the profile right after sending', () => {
  test('a reload right after Submit, and right after OK, shows the review', async ({
    page,
    request,
  }) => {
    const words = freshWords('Reloaded');
    await sendReview(page, request, words, guestName('Reload Guest'));

    // Before OK: the Congratulations page again, with the review under it.
    await expectServedWith(await page.reload(), words);
    await waitForApp(page);
    await expect(cardWith(page, words)).toBeVisible();

    await pressOk(page);
    await page.waitForURL(profileAddress(PROFILE));
    // At once (well within a second of OK on any machine that loads a page in time).
    await expectServedWith(await page.reload(), words);
    await waitForApp(page);
    await expect(cardWith(page, words)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the profile opened again in the same tab right after sending shows the review', async ({
    page,
    request,
  }) => {
    const words = freshWords('Reopened');
    await sendReview(page, request, words, guestName('Reopen Guest'));
    // No OK: the guest opens the profile's address again.
    await expectServedWith(await page.goto(`/user_profile/${PROFILE}`), words);
    await expect(cardWith(page, words)).toBeVisible();
  });
});

/** Tips $10 with 4242 from the open gift form, and presses OK on the profile it comes back to. */
async function tipTenAndAcknowledge(page: Page, profileId: string) {
  await openCardForm(driverOf(page), '$10');
  await payAndAcknowledge(page, profileId);
  await expect(page).toHaveURL(profileAddress(profileId));
  await waitForApp(page);
}

async function expectOneBackToSamLee(page: Page) {
  await page.goBack();
  await expect(page).toHaveURL(profileAddress('sam-lee'));
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Lee' })).toBeVisible();
}

test.describe('Back after the flow is done', () => {
  test('one Back after a 4242 tip and OK leaves the flow', async ({ page }) => {
    test.slow(); // a payment journey
    // Where the guest came from.
    await page.goto('/user_profile/sam-lee');
    await startGift(page, 'ava-martinez', /Give Gift/, guestName('Back Tip Guest'));
    await tipTenAndAcknowledge(page, 'ava-martinez');
    await expectOneBackToSamLee(page);
    await expect(page.getByLabel('Full Name')).toHaveCount(0);
  });

  test('a gift flow opened by a link goes to its result when paid, and one Back leaves it', async ({
    page,
  }) => {
    test.slow(); // a payment journey
    await page.goto('/user_profile/sam-lee');
    // The flow's first entry is the link's own: there is no entry of the profile without it.
    await page.goto('/user_profile/ava-martinez?flow=gift&step=guest');
    await waitForApp(page);
    const guest = guestName('Link Tip Guest');
    await submitDetails(page, guest, 'link.tip@example.com');
    await tipTenAndAcknowledge(page, 'ava-martinez');
    await expectOneBackToSamLee(page);
  });

  test('one Back after a review Submit and OK leaves the flow, also when it was reloaded on the way', async ({
    page,
  }) => {
    await page.goto('/user_profile/sam-lee');
    const words = freshWords('Reloaded flow');
    await startFlow(page, PROFILE, /^Appreciate/, guestName('Back Reload Guest'));
    await page.getByLabel('Say thanks').fill(words);
    // The flow's steps are now in two documents: the profile's and the reloaded step's.
    await page.reload();
    await waitForApp(page);
    await expect(page.getByLabel('Say thanks')).toHaveValue(words);
    await submitToCongratulations(page);
    await pressOk(page);
    await page.waitForURL(profileAddress(PROFILE));
    await waitForApp(page);
    await expectOneBackToSamLee(page);
  });
});
