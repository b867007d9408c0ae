// The page's Content-Security-Policy holds while a guest walks the main flows: any violation the
// browser reports (securitypolicyviolation events, console CSP errors) fails the test.
import path from 'node:path';
import { openCardForm } from './driver/guest';
import { driverOf, test, expect } from './fixtures';
import {
  CONGRATULATIONS,
  passCaptcha,
  fillCard,
  guestName,
  setScenario,
  startFlow,
  startGift,
} from './payment-helpers';
import { recordViolations } from './pageProblems';
import { asTyped } from './testCards';
import { TEST_CARDS } from '../mock-api/emulators/stripe/testCards';

const SEED_IMAGE = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-feed-01.jpg');
const THREE_D_SECURE = asTyped(TEST_CARDS.find((card) => card.id === 'threeDSecureInPage')!);

test.describe('Content-Security-Policy', () => {
  test('the pages carry the policy and the security headers', async ({ request }) => {
    for (const url of ['/', '/user_profile/ava-martinez', '/gpay']) {
      const response = await request.get(url);
      const headers = response.headers();
      const policy = headers['content-security-policy'] ?? '';
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain("base-uri 'self'");
      expect(policy).toContain("form-action 'self'");
      // An emulator build: no third-party origin at all.
      expect(policy).not.toMatch(/https:\/\//);
      // Only the emulated Branch API's 127.0.0.1 twin of this origin is added.
      expect(policy).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+;/);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // A profile page may be kept a few seconds by a CDN or reverse proxy; the others revalidate.
      expect(headers['cache-control']).toBe(
        url.startsWith('/user_profile/')
          ? 'public, max-age=0, s-maxage=5, stale-while-revalidate=30'
          : 'no-cache',
      );
    }
    const api = await request.post('/api/gratitude/findUser', {
      headers: { Authorization: 'Bearer demo-guest-token' },
      data: { _id: 'ava-martinez' },
    });
    expect(api.headers()['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });

  test('browsing a profile, its tabs and a deep link; a recognition with an image, a card tip with 3-D Secure, Apple Pay and /gpay: no violation', async ({
    page,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    const violations = await recordViolations(page);

    await test.step('browsing a profile, its tabs and a deep link: no violation', async () => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: /Ava Martinez/ }).first()).toBeVisible();
      await page.goto('/?_branch_match_id=qr-ava');
      await expect(page).toHaveURL(/\/user_profile\/ava-martinez/);
      await expect(page.getByRole('heading', { name: 'Ava Martinez', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: /next/i }).first().click();
      await page.getByRole('tab', { name: 'Photos/Videos' }).click();
      await expect(page.getByRole('tabpanel').getByRole('img').first()).toBeVisible();
      await page.mouse.wheel(0, 4000);
      await page.getByRole('tab', { name: 'Socials' }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      expect(violations).toEqual([]);
    });

    await test.step('a recognition with an image, a card tip with 3-D Secure, Apple Pay and /gpay: no violation', async () => {
      await startFlow(page, 'nadia-okafor', /^Recognize/, guestName('Csp Photo'));
      await page.getByLabel('Attach photos or a video').setInputFiles(SEED_IMAGE);
      await expect(
        page.getByRole('list', { name: 'Attached media' }).getByRole('img'),
      ).toBeVisible();

      await startGift(page, 'ava-martinez', /Give Gift/, guestName('Csp Card'));
      await openCardForm(driverOf(page), '$10');
      await fillCard(page, THREE_D_SECURE);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await page.getByRole('button', { name: 'Complete authentication' }).click();
      await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();

      // Apple Pay in this desktop Chromium: the tester's scenario forces it, until /gpay.
      await setScenario(page, 'wallet-apple-pay');
      await startGift(page, 'bluebird-cafe', /Give Gift/, guestName('Csp Wallet'));
      await page.getByRole('button', { name: '$15' }).click();
      await passCaptcha(page);
      await page.getByRole('button', { name: /Apple Pay/ }).click();
      await page
        .getByRole('dialog', { name: 'Apple Pay' })
        .getByRole('button', { name: 'Pay' })
        .click();
      await expect(page.getByRole('dialog', { name: CONGRATULATIONS })).toBeVisible();

      await setScenario(page, null);
      await page.goto('/gpay');
      await passCaptcha(page);
      await expect(page.getByRole('button', { name: /Google Pay/ })).toBeVisible();
      expect(violations).toEqual([]);
    });
  });
});
