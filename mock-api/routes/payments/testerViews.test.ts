// The testers' lists on a shared demo (GET /api/__payments, /api/__webhooks and their refund and
// resend): every visitor holds the guest token, so each sees only their own tester scope's rows,
// with emails masked and no tester id; everyone's need the operator secret.
import { randomUUID } from 'node:crypto';
import { readOperatorSecret } from '../../sharedDemo/keyFiles';
import { OPERATOR_HEADER } from '../../sharedDemo/operator';
import { TESTER_COOKIE, TESTER_HEADER } from '../../sharedDemo/testers';
import {
  type RunningMockApi,
  confirmWithCard,
  intentIdOf,
  jsonPost,
  startMockApi,
} from '../../testing';
import { captchaToken, cardTipBody } from '../../testingSends';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

/** Headers of a caller: the guest token, and a tester header name, a cookie, or neither. */
function as(caller: { header?: string; cookie?: string; operator?: string } = {}) {
  return {
    Authorization: `Bearer ${api.guestToken}`,
    ...(caller.header ? { [TESTER_HEADER]: caller.header } : {}),
    ...(caller.cookie ? { Cookie: `${TESTER_COOKIE}=${caller.cookie}` } : {}),
    ...(caller.operator ? { [OPERATOR_HEADER]: caller.operator } : {}),
  };
}
const operator = () => as({ operator: api.asOperator[OPERATOR_HEADER] });

const get = (path: string, headers: Record<string, string>) =>
  fetch(`${api.apiBaseUrl}/${path}`, { headers });
const post = (path: string, headers: Record<string, string>) =>
  fetch(`${api.apiBaseUrl}/${path}`, { method: 'POST', headers });

/** A browser that chose a scenario (and so has a tester cookie), then cleared it. */
async function browserWithCookie(): Promise<string> {
  const set = await fetch(`${api.apiBaseUrl}/__scenarios`, {
    ...jsonPost({ name: null }),
    headers: { ...as(), 'Content-Type': 'application/json' },
  });
  const cookie = /grati_tester=([^;]+);/.exec(set.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no tester cookie');
  return cookie;
}

/** A $15 tip to Ava by card 4242, paid: the payer's email, the intent id. */
async function tip(headers: Record<string, string>, email: string) {
  const body = cardTipBody(1500, await captchaToken(api));
  const answer = await fetch(`${api.apiBaseUrl}/payment/create-payment-intent`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ ...body, metadata: { ...(body.metadata as object), email } }),
  });
  expect(answer.status).toBe(200);
  const secret = ((await answer.json()) as { data: { paymentIntent: string } }).data.paymentIntent;
  const intentId = intentIdOf(secret);
  expect((await confirmWithCard(api, secret)).status).toBe(200);
  // Its payment_intent.succeeded has been handled: the stored status says so.
  await until(async () =>
    (
      (await rows('__payments?all=true', operator())) as { intentId: string; status: string }[]
    ).some((row) => row.intentId === intentId && row.status === 'succeeded'),
  );
  return intentId;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('never came true');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rows(path: string, headers: Record<string, string>): Promise<unknown[]> {
  const answer = await get(path, headers);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { data: unknown[] } }).data.data;
}

const idsOf = (list: unknown[]) => list.map((row) => (row as { intentId: string }).intentId);

describe('on a demo where everyone holds the guest token', () => {
  let browser: string;
  let browserIntent: string;
  let anonymousIntent: string;
  let headerIntent: string;

  beforeAll(async () => {
    browser = await browserWithCookie();
    browserIntent = await tip(as({ cookie: browser }), 'browser.payer@example.com');
    anonymousIntent = await tip(as(), 'anonymous.payer@example.com');
    headerIntent = await tip(as({ header: 'ana' }), 'ana.payer@example.com');
  });

  it('shows each caller their own payments, and a caller with no tester identity none', async () => {
    expect(idsOf(await rows('__payments', as({ cookie: browser })))).toEqual([browserIntent]);
    expect(idsOf(await rows('__payments', as({ header: 'ana' })))).toEqual([headerIntent]);
    expect(await rows('__payments', as())).toEqual([]);
    expect(await rows('__payments', as({ header: 'someone-else' }))).toEqual([]);
  });

  it('never shows an email in full nor a tester id, to anyone', async () => {
    for (const headers of [as({ cookie: browser }), as({ header: 'ana' }), as(), operator()]) {
      for (const path of ['__payments', '__webhooks', '__scenarios']) {
        const text = await (await get(path, headers)).text();
        expect(text).not.toContain(browser);
        expect(text).not.toMatch(/[a-z]+\.payer@example\.com/);
      }
    }
    const everyone = await (await get('__payments?all=true', operator())).text();
    expect(everyone).not.toContain(browser);
    expect(everyone).not.toContain('"tester"');
    expect(everyone).not.toMatch(/[a-z]+\.payer@example\.com/);
    const own = (await rows('__payments', as({ header: 'ana' })))[0];
    expect(own).toMatchObject({ metadata: { email: 'a***@example.com' } });
    expect(own).not.toHaveProperty('tester');
  });

  it("lists everyone's only for the operator: ?all=true without the secret is a 403", async () => {
    for (const path of ['__payments?all=true', '__webhooks?all=true']) {
      for (const headers of [as(), as({ cookie: browser }), as({ header: 'ana' })]) {
        const refused = await get(path, headers);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({
          error: 'operator_secret_required',
          message: expect.stringContaining(OPERATOR_HEADER),
        });
      }
      const wrong = await get(path, as({ operator: 'op_guessed' }));
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toMatchObject({ error: 'operator_secret_invalid' });
      // Not even the public guest token is the secret.
      expect((await get(path, as({ operator: api.guestToken }))).status).toBe(403);
    }
    expect(idsOf(await rows('__payments?all=true', operator()))).toEqual(
      expect.arrayContaining([browserIntent, anonymousIntent, headerIntent]),
    );
    const deliveries = (await rows('__webhooks?all=true', operator())) as { intentId: string }[];
    expect(deliveries.map((d) => d.intentId)).toEqual(
      expect.arrayContaining([browserIntent, anonymousIntent, headerIntent]),
    );
    expect(JSON.stringify(deliveries)).not.toContain('"tester"');
    expect((await get('__payments?all=maybe', operator())).status).toBe(400);
  });

  it('keeps the secret in the data folder for its owner only (the one this start made)', () => {
    expect(readOperatorSecret(api.dataDir)).toBe(api.asOperator[OPERATOR_HEADER]);
    expect(api.asOperator[OPERATOR_HEADER]).not.toBe(api.guestToken);
  });

  it("lists each tester's own webhook deliveries, and none to a caller with none", async () => {
    const own = (await rows('__webhooks', as({ cookie: browser }))) as { intentId: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((d) => d.intentId))).toEqual(new Set([browserIntent]));
    expect(await rows('__webhooks', as())).toEqual([]);
    expect(await rows('__webhooks', as({ header: browser }))).toEqual([]);
  });

  it("refunds or resends only the caller's own: another's is unknown, and nothing changes", async () => {
    const deliveries = (await rows('__webhooks?all=true', operator())) as {
      id: string;
      intentId: string;
      attempts: unknown[];
    }[];
    const browserDelivery = deliveries.find((d) => d.intentId === browserIntent)!;
    for (const stranger of [as(), as({ header: 'ana' }), as({ header: browser })]) {
      for (const intentId of [browserIntent, anonymousIntent]) {
        const refund = await post(`__payments/${intentId}/refund`, stranger);
        expect(refund.status).toBe(404);
        expect(await refund.json()).toMatchObject({ error: 'not_found' });
      }
      expect((await post(`__webhooks/${browserDelivery.id}/resend`, stranger)).status).toBe(404);
    }
    const after = (await rows('__payments?all=true', operator())) as {
      intentId: string;
      refunded?: boolean;
    }[];
    expect(after.find((p) => p.intentId === browserIntent)?.refunded).toBeUndefined();
    const resentNone = (await rows('__webhooks?all=true', operator())) as typeof deliveries;
    expect(resentNone.find((d) => d.id === browserDelivery.id)?.attempts).toHaveLength(
      browserDelivery.attempts.length,
    );

    // The owner can; so can the operator, whoever's it is.
    const resent = await post(`__webhooks/${browserDelivery.id}/resend`, as({ cookie: browser }));
    expect(resent.status).toBe(200);
    expect(await resent.text()).not.toContain(browser);
    const refunded = await post(`__payments/${browserIntent}/refund`, as({ cookie: browser }));
    expect(refunded.status).toBe(200);
    const refundText = await refunded.text();
    expect(refundText).not.toContain(browser);
    expect(refundText).not.toContain('browser.payer@example.com');
    expect((await post(`__payments/${anonymousIntent}/refund`, operator())).status).toBe(200);
  });
});
