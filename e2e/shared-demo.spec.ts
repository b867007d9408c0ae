// A demo strangers share: everyone who reaches it holds the public guest token. A guest with no
// tester identity and a tester (a browser that chose a scenario) each tip with 4242; a stranger
// (no identity, then a tester name of their own) reading the testers' lists and the data view
// learns neither payer's email nor the browser's tester id, cannot refund the tester's payment,
// cannot take over the tester's scenarios with that id, and cannot use the Stripe emulator's
// once documented secret key. The operator (the secret the preview made at its start) sees both
// payments, emails masked.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, gotoWaitsForApp } from './fixtures';
import {
  fillCard,
  guestName,
  operatorHeaders,
  passCaptcha,
  paymentsOf,
  setScenario,
  startFlow,
} from './payment-helpers';

const AUTH = { Authorization: 'Bearer demo-guest-token', Connection: 'close' };
const PROFILE = 'ava-martinez';
const EMAIL_DOMAIN = 'shared-demo.example.com';

/** A $15 tip to Ava by card 4242, from the guest details step to the Congratulations modal. */
async function tip(page: Page, guest: string) {
  await startFlow(page, PROFILE, /Give Gift/, guest, EMAIL_DOMAIN);
  await page.getByRole('button', { name: '$15' }).click();
  await passCaptcha(page);
  await page.getByRole('button', { name: /Tip via Debit\/Credit Card/ }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('dialog', { name: /Congratulations/ })).toBeVisible();
}

const emailOf = (guest: string) => `${guest.split(' ')[0]!.toLowerCase()}@${EMAIL_DOMAIN}`;

/** What a stranger reads, as raw text (whatever its status): the lists and the data view. */
async function strangerReads(request: APIRequestContext, headers: Record<string, string>) {
  const reads: { path: string; status: number; text: string }[] = [];
  for (const path of [
    '/api/__payments',
    '/api/__payments?all=true',
    '/api/__webhooks',
    '/api/__webhooks?all=true',
    '/api/__scenarios',
    '/api/__db/db',
  ]) {
    const answer = await request.get(path, { headers });
    reads.push({ path, status: answer.status(), text: await answer.text() });
  }
  return reads;
}

test('a stranger on a shared demo sees no one’s email or tester id, and refunds nothing', async ({
  page,
  browser,
  baseURL,
  request,
  expectAccessible,
}) => {
  test.slow(); // two payments in two browsers
  // A guest with no tester identity (this context never chose a scenario).
  const nobody = guestName('Nobodyguest');
  await tip(page, nobody);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('grati_tester');

  // A tester: a browser that chose a scenario (and cleared it) has its tester cookie.
  const testerContext = await browser.newContext({ baseURL });
  try {
    const testerPage = gotoWaitsForApp(await testerContext.newPage());
    await setScenario(testerPage, 'slow', 0);
    await setScenario(testerPage, null);
    const testerId = (await testerContext.cookies()).find((c) => c.name === 'grati_tester')?.value;
    expect(testerId).toMatch(/^[0-9a-f-]{36}$/);
    const tester = guestName('Testerguest');
    await tip(testerPage, tester);
    await expectAccessible(testerPage);

    // The operator sees both payments, with the payers' emails masked.
    const [nobodyRow] = await paymentsOf(request, nobody);
    const [testerRow] = await paymentsOf(request, tester);
    expect(nobodyRow).toMatchObject({
      status: 'succeeded',
      metadata: { email: `n***@${EMAIL_DOMAIN}` },
    });
    expect(testerRow).toMatchObject({
      status: 'succeeded',
      metadata: { email: `t***@${EMAIL_DOMAIN}` },
    });
    // The tester sees their own payment; the guest with no identity has nobody's list to read.
    const own = await testerPage.request.get('/api/__payments', { headers: AUTH });
    const ownIds = ((await own.json()) as { data: { data: { intentId: string }[] } }).data.data.map(
      (row) => row.intentId,
    );
    expect(ownIds).toEqual([testerRow!.intentId]);
    expect(await own.text()).not.toContain(testerId!);

    const secrets = [emailOf(nobody), emailOf(tester), testerId!];
    const strangers = [AUTH, { ...AUTH, 'X-Grati-Tester': `stranger-${Date.now()}` }];
    for (const stranger of strangers) {
      for (const read of await strangerReads(request, stranger)) {
        for (const secret of secrets) {
          expect(read.text, `${read.path} (${read.status})`).not.toContain(secret);
        }
        if (read.path.endsWith('?all=true')) expect(read.status, read.path).toBe(403);
      }
      const list = await request.get('/api/__payments', { headers: stranger });
      expect(((await list.json()) as { data: { data: unknown[] } }).data.data).toEqual([]);

      // Refunding the tester's payment: refused, and nothing changes.
      const refund = await request.post(`/api/__payments/${testerRow!.intentId}/refund`, {
        headers: stranger,
      });
      expect([403, 404]).toContain(refund.status());
    }
    const [afterRow] = await paymentsOf(request, tester);
    expect(afterRow).toMatchObject({ status: 'succeeded' });
    expect(afterRow).not.toHaveProperty('refunded', true);

    // The tester's id sent as a tester name is someone else's scope: the tester's is untouched.
    const hijack = await request.post('/api/__scenarios', {
      headers: { ...AUTH, 'X-Grati-Tester': testerId! },
      data: { name: 'captcha-fail', ttlMinutes: 1440 },
    });
    expect(await hijack.text()).not.toContain(testerId!);
    const testerState = await testerPage.request.get('/api/__scenarios', { headers: AUTH });
    expect(((await testerState.json()) as { data: { active: string | null } }).data.active).toBe(
      null,
    );

    // The Stripe emulator's once documented secret key opens nothing.
    const documented = await request.get('/v1/payment_intents', {
      headers: { Authorization: 'Bearer sk_test_emulator' },
    });
    expect(documented.status()).toBe(401);
    const documentedText = await documented.text();
    expect(documentedText).toContain('api_key_invalid');
    for (const secret of secrets) expect(documentedText).not.toContain(secret);

    // With the operator secret, everyone's: both payments, masked.
    const everyone = await request.get('/api/__payments?all=true', { headers: operatorHeaders() });
    expect(everyone.status()).toBe(200);
    const everyoneText = await everyone.text();
    for (const secret of secrets) expect(everyoneText).not.toContain(secret);
    const names = (
      (await everyone.json()) as {
        data: { data: { metadata: { guestName: string; email: string } }[] };
      }
    ).data.data
      .filter((row) => [nobody, tester].includes(row.metadata.guestName))
      .map((row) => [row.metadata.guestName, row.metadata.email]);
    expect(names.sort()).toEqual(
      [
        [nobody, `n***@${EMAIL_DOMAIN}`],
        [tester, `t***@${EMAIL_DOMAIN}`],
      ].sort(),
    );
  } finally {
    await testerContext.close();
  }
});
