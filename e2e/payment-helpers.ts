// Shared steps of the flow specs (e2e/driver/guest.ts's, on a Playwright page), the mock API's
// payments list and its testers' scenario switch.
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

export const CARD_OPTION = new RegExp(CARD_LABELS.tip);

export { guestName, type PaymentRow } from './journeyData';

/** What the amount field says under it before anything is paid (issue 52). */
export const AMOUNT_LIMIT = 'You can give up to $970,873.';

/** The most a guest can give, then what it last refused. */
export const described = (help = '') => [AMOUNT_LIMIT, help].filter(Boolean).join(' ');

// A kept-alive connection can be closed by the server (5 s) just as a slow machine's next call goes.
const AUTH = { Authorization: `Bearer ${GUEST_TOKEN}`, Connection: 'close' };

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the browser tests start with globalSetup.');
  return dir;
}

export const emulatorSecretAuth = () => ({
  Authorization: `Bearer ${readEmulatorSecretKey(dataDir())}`,
});

export const operatorHeaders = () => ({
  ...AUTH,
  [OPERATOR_HEADER]: readOperatorSecret(dataDir()),
});

/** Once the webhooks sent so far are handled; every tester's, as the operator. */
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

export type { ScenarioName };

/** `null` clears it; `page.request` shares the context's cookies, so the tester cookie too. */
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

export const startFlow = (
  page: Page,
  profileId: string,
  action: RegExp,
  guest: string,
  emailDomain?: string,
) => steps.startFlow(driverOf(page), profileId, byRole('button', action), guest, emailDomain);

export async function startGift(page: Page, profileId: string, action: RegExp, guest: string) {
  await startFlow(page, profileId, action, guest);
  await driverOf(page).visible(byLabel('Other (in Dollars)'));
}

export const submitDetails = (page: Page, fullName: string, email: string) =>
  steps.submitDetails(driverOf(page), fullName, email);

export const passCaptcha = (page: Page) => steps.passCaptcha(driverOf(page));

export const fillCard = (page: Page, number: string) => steps.fillCard(driverOf(page), number);

/** Pays the open card form with 4242 and presses OK on the Congratulations. */
export async function payAndAcknowledge(page: Page, profileId: string) {
  const driver = driverOf(page);
  await steps.fillCard(driver, PAYS);
  await driver.click(byRole('button', 'Pay Now'));
  await expectUrl(driver, new RegExp(`/user_profile/${profileId}\\?redirect_status=succeeded$`));
  await driver.waitForApp();
  await steps.pressInDialog(driver, steps.CONGRATULATIONS, 'OK');
}

/** As `stripe events resend` does: with `webhook-lost`, the event comes when the test says. */
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
