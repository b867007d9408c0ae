// Issue 34's "Must show 3": after one card tip in the demo, the demo's console (its request logs,
// on as a tester would have them) names the payment but never its client secret, not even when
// the guest comes back by Stripe's return address, which carries it; the data folder is its
// owner's alone (0700, db.json 0600); db.json does not hold the Stripe emulator's secret key. A
// demo of its own, so its output and its folder are this test's to read.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test, expect, gotoWaitsForApp } from './fixtures';
import { fillCard, guestName, passCaptcha, startGift } from './payment-helpers';
import { EMULATORS_KEY } from '../mock-api/db/store';
import { EMULATOR_SECRET_KEY_FILE, readOperatorSecret } from '../mock-api/sharedDemo/keyFiles';
import { OPERATOR_HEADER } from '../mock-api/sharedDemo/operator';
import { startPreview, type PreviewServer } from '../scripts/serverProcess';
import type { PaymentRow } from './journeyData';

const PROFILE = 'ava-martinez';

/** The permission bits of a path (0o700...). */
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

test('after one card tip, no client secret is printed and no secret key is in db.json', async ({
  browser,
  saveScreenshot,
}) => {
  test.slow(); // a server start and a payment journey
  let printed = '';
  let server: PreviewServer | undefined;
  try {
    server = await startPreview('grati-secrets', {
      // Both request logs on, as a demo run by hand has them (CI turns them off by default).
      env: { MOCK_API_LOG: '1', LOG_LEVEL: 'info' },
      onOutput: (text) => void (printed += text),
    });
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = gotoWaitsForApp(await context.newPage());
    const guest = guestName('Secrets Guest');
    await startGift(page, PROFILE, /Give Gift/, guest);
    await page.getByRole('button', { name: '$10' }).click();
    await passCaptcha(page);
    await page.getByRole('button', { name: /Tip via Debit\/Credit Card/ }).click();
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/user_profile/${PROFILE}\\?redirect_status=succeeded$`),
    );
    await expect(page.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();

    // The payment, as the operator lists it: its intent id is what the log may name.
    const listed = await page.request.get('/api/__payments?all=true', {
      headers: {
        Authorization: 'Bearer demo-guest-token',
        [OPERATOR_HEADER]: readOperatorSecret(server.dataDir),
        Connection: 'close',
      },
    });
    expect(listed.ok(), await listed.text()).toBe(true);
    const rows = ((await listed.json()) as { data: { data: PaymentRow[] } }).data.data;
    const payment = rows.find((row) => row.metadata.guestName === guest);
    expect(payment?.status).toBe('succeeded');
    const intentId = payment!.intentId;

    // The intent's client secret, as the emulator keeps it (the guest's page had it).
    const dataFile = path.join(server.dataDir, 'db.json');
    const stored = JSON.parse(await readFile(dataFile, 'utf8')) as {
      [EMULATORS_KEY]: { stripe: { paymentIntents: Record<string, { client_secret: string }> } };
    };
    const clientSecret = stored[EMULATORS_KEY].stripe.paymentIntents[intentId]!.client_secret;
    expect(clientSecret).toMatch(new RegExp(`^${intentId}_secret_`));

    // The guest comes back to the profile as from a redirect (a wallet, a bank): Stripe's return
    // address carries the client secret, the page asks Stripe.js's retrievePaymentIntent with it.
    await page.goto(
      `/user_profile/${PROFILE}?payment_intent=${intentId}` +
        `&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
    );
    await expect(page.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();

    // Both logs show the calls about the intent, with the secrets' values [REDACTED]...
    await expect
      .poll(() => printed)
      .toContain(`GET /v1/payment_intents/${intentId}?key=[REDACTED]&client_secret=[REDACTED] 200`);
    await expect.poll(() => printed).toContain('payment_intent_client_secret=[REDACTED]');
    expect(printed).toContain(`POST /v1/payment_intents/${intentId}/confirm 200`);
    // ...and never a client secret: every client_secret value printed is [REDACTED].
    expect(printed).not.toContain(clientSecret);
    expect(printed).not.toMatch(/pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/);
    const clientSecretValues = [...printed.matchAll(/client_secret=([^&\s"]*)/g)].map((m) => m[1]);
    expect(clientSecretValues.length).toBeGreaterThan(0);
    expect(clientSecretValues.filter((value) => value !== '[REDACTED]')).toEqual([]);

    // The data folder is its owner's alone (soft: each of the three is reported on its own)...
    expect.soft((await modeOf(server.dataDir)).toString(8), 'the data folder').toBe('700');
    expect.soft((await modeOf(dataFile)).toString(8), 'db.json').toBe('600');
    // ...and db.json never holds the emulator's secret key.
    const secretKey = (
      await readFile(path.join(server.dataDir, EMULATOR_SECRET_KEY_FILE), 'utf8')
    ).trim();
    expect(secretKey).toMatch(/^sk_test_emu_/);
    const data = await readFile(dataFile, 'utf8');
    expect(data).toContain(intentId);
    expect(data).not.toContain(secretKey);
    await saveScreenshot('secrets-after-return', page);
    await context.close();
  } finally {
    server?.stop();
  }
});
