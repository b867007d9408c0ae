// Shared steps of the flow browser tests: the guest details step, the gift-only flow, the emulated
// captcha and card inputs, the payments list of the mock API and its testers' scenario switch.
import type { ScenarioName } from '../mock-api/sharedDemo/scenarios';
import type { APIRequestContext, Page } from '@playwright/test';
import { OPERATOR_HEADER } from '../mock-api/sharedDemo/operator';
import { readEmulatorSecretKey, readOperatorSecret } from '../mock-api/sharedDemo/keyFiles';
import { byLabel, byRole, expectUrl } from './driver/driver';
import * as steps from './driver/guest';
import { driverOf, expect, GUEST_TOKEN } from './fixtures';
import type { PaymentRow } from './journeyData';
import { PAYS } from './testCards';
import { CARD_LABELS } from '../src/features/payments/giftLabels';

export { CONGRATULATIONS_MESSAGE as CONGRATULATIONS } from '../src/features/profile/CongratulationsModal';

/** The card option of a tip (its name goes on with the fee). */
export const CARD_OPTION = new RegExp(CARD_LABELS.tip);

export { guestName, type PaymentRow } from './journeyData';

/** What the amount field says under it before anything is paid (issue 52). */
export const AMOUNT_LIMIT = 'You can give up to $970,873.';

/** The amount field's description: the most a guest can give, then what it last refused. */
export const described = (help = '') => [AMOUNT_LIMIT, help].filter(Boolean).join(' ');

// A connection of its own for each call: a kept-alive one can be closed by the server (after its
// 5 s keep-alive) just as the next call, coming later on a slow machine, goes out on it.
const AUTH = { Authorization: `Bearer ${GUEST_TOKEN}`, Connection: 'close' };

/** The preview's data folder (globalSetup), where its secrets are kept for its owner. */
function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the browser tests start with globalSetup.');
  return dir;
}

/** The Stripe emulator's secret key as a server sends it (the preview's data folder's own). */
export const emulatorSecretAuth = () => ({
  Authorization: `Bearer ${readEmulatorSecretKey(dataDir())}`,
});

/** The operator's headers: the guest token and the secret the preview made at its start. */
export const operatorHeaders = () => ({
  ...AUTH,
  [OPERATOR_HEADER]: readOperatorSecret(dataDir()),
});

/**
 * The intents made for this guest, read from the mock API with their stored statuses, once
 * Stripe's webhooks sent so far have been handled (a delivery with no fault is `scheduled` only
 * until the mock API has answered it). Every tester's, as the operator: a guest with no tester
 * identity has none, and each test's browser context that chose a scenario is its own tester.
 */
export async function paymentsOf(
  request: APIRequestContext,
  guestName: string,
): Promise<PaymentRow[]> {
  const headers = operatorHeaders();
  await expect
    .poll(async () => {
      const answer = await request.get('/api/__webhooks?all=true', { headers });
      expect(answer.ok(), await answer.text()).toBe(true);
      const deliveries = ((await answer.json()) as { data: { data: WebhookRow[] } }).data.data;
      return deliveries.filter((row) => row.fault === null && row.status === 'scheduled').length;
    })
    .toBe(0);
  const response = await request.get('/api/__payments?all=true', { headers });
  expect(response.ok(), await response.text()).toBe(true);
  const rows = ((await response.json()) as { data: { data: PaymentRow[] } }).data.data;
  return rows.filter((row) => row.metadata.guestName === guestName);
}

/** The testers' fault scenarios, as the mock API lists them: each browser context's own. */
export type { ScenarioName };

/**
 * Picks a scenario for this page's browser context with `POST /api/__scenarios` (`null` clears
 * it) and checks it took: `page.request` shares the context's cookies, so the tester cookie the
 * answer sets comes with the page's own calls.
 */
export async function setScenario(
  page: Page,
  name: ScenarioName | null,
  delayMs?: number,
): Promise<void> {
  const response = await page.request.post('/api/__scenarios', {
    headers: AUTH,
    data: delayMs === undefined ? { name } : { name, delayMs },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const state = (await response.json()) as { data: { active: string | null } };
  expect(state.data.active).toBe(name);
}

// The guest's steps are e2e/driver/guest.ts's, as every engine takes them, on this page.

/** Opens the profile, presses `action` and gets through the guest details step. */
export const startFlow = (
  page: Page,
  profileId: string,
  action: RegExp,
  guest: string,
  emailDomain?: string,
) => steps.startFlow(driverOf(page), profileId, byRole('button', action), guest, emailDomain);

/** The gift-only flow up to its amount field. */
export async function startGift(page: Page, profileId: string, action: RegExp, guest: string) {
  await startFlow(page, profileId, action, guest);
  await driverOf(page).visible(byLabel('Other (in Dollars)'));
}

/** The guest details step: the guest's name and email, submitted. */
export const submitDetails = (page: Page, fullName: string, email: string) =>
  steps.submitDetails(driverOf(page), fullName, email);

/** Ticks the emulated reCAPTCHA checkbox. */
export const passCaptcha = (page: Page) => steps.passCaptcha(driverOf(page));

/** Types a card into the Payment Element (a valid future expiry, security code and ZIP). */
export const fillCard = (page: Page, number: string) => steps.fillCard(driverOf(page), number);

/**
 * Pays the open card form with 4242, follows Stripe's return to `profileId`'s page and presses
 * OK on its Congratulations, once the page works.
 */
export async function payAndAcknowledge(page: Page, profileId: string) {
  const driver = driverOf(page);
  await steps.fillCard(driver, PAYS);
  await driver.click(byRole('button', 'Pay Now'));
  await expectUrl(driver, new RegExp(`/user_profile/${profileId}\\?redirect_status=succeeded$`));
  await driver.waitForApp();
  await steps.pressInDialog(driver, steps.CONGRATULATIONS, 'OK');
}

/**
 * Sends this page's tester's `type` event for the intent again, as `stripe events resend` does
 * (`POST /api/__webhooks/{id}/resend`): with `webhook-lost` the event comes when the test says.
 */
export async function resendWebhook(page: Page, intentId: string, type: string): Promise<void> {
  const listed = await page.request.get('/api/__webhooks', { headers: AUTH });
  expect(listed.ok(), await listed.text()).toBe(true);
  const rows = ((await listed.json()) as { data: { data: WebhookRow[] } }).data.data;
  const event = rows.find((row) => row.intentId === intentId && row.type === type);
  expect(event, `${type} for ${intentId}`).toBeDefined();
  const resent = await page.request.post(`/api/__webhooks/${event!.id}/resend`, { headers: AUTH });
  expect(resent.ok(), await resent.text()).toBe(true);
}

interface WebhookRow {
  id: string;
  type: string;
  intentId: string | null;
  fault: string | null;
  status: string;
}
