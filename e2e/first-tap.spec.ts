// No dead taps: a tap on the server-rendered page before its scripts work is replayed once they do
// (src/lib/firstTap.ts). Chromium at 390x844 with 4x CPU throttling and a Slow-4G-like network.
import { test as base, expect, type Page } from '@playwright/test';
import { holdRequests } from './fixtures';

const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// 4× throttled on a machine that may itself be several times slower than a fast one.
const THROTTLED_TIMEOUT = 60_000;

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

const isReady = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.appReady === 'true');

// Held until `release()`: the tap surely lands before the page works.
const holdScripts = (page: Page) => holdRequests(page, '**/assets/*.js');

test('a tap on Recognize right after the first paint opens the guest form, once', async ({
  page,
}) => {
  await throttle(page);
  const { release } = await holdScripts(page);
  await page.goto('/user_profile/ava-martinez', { waitUntil: 'commit' });
  const recognize = page.getByRole('button', { name: /^Recognize/ });
  await recognize.waitFor();
  await recognize.tap();
  expect(await isReady(page), 'the tap came before the page worked').toBe(false);
  await expect(recognize).toHaveAttribute('data-tap-pending', '');
  release();
  await expect(page.getByLabel('Full Name')).toBeVisible({ timeout: THROTTLED_TIMEOUT });
  await expect(page.getByRole('heading', { level: 2, name: /^Recognize/ })).toBeVisible();
  // Once: the flow is open, not opened and closed again, and the button is no longer marked.
  await expect(page.locator('[data-tap-pending]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: /^Recognize/ })).toHaveCount(1);
});

test('a tap on a tab right after the first paint shows that tab', async ({ page }) => {
  await throttle(page);
  const { release } = await holdScripts(page);
  await page.goto('/user_profile/ava-martinez', { waitUntil: 'commit' });
  const socials = page.getByRole('tab', { name: 'Socials' });
  await socials.waitFor();
  await socials.tap();
  expect(await isReady(page), 'the tap came before the page worked').toBe(false);
  release();
  await expect(socials).toHaveAttribute('aria-selected', 'true', {
    timeout: THROTTLED_TIMEOUT,
  });
  await expect(page.getByRole('tabpanel', { name: 'Socials' })).toBeVisible();
});
