// The testers' scenario switch (GET/POST /api/__scenarios) and the scenarios that act outside
// the payment calls (the Stripe.js emulator's wallet and script). The payment calls' scenarios
// are tested with those calls (routes/payments.test.ts), answer-lost with the calls it acts on
// (routes/answerLost.test.ts), confirm-slow with Stripe's confirmations
// (routes/payments/confirmSlow.test.ts).
import { type RunningMockApi, jsonPost, startMockApi } from './testing';
import { DEFAULT_SLOW_DELAY_MS, SCENARIO_NAMES, type ScenarioState } from './sharedDemo/scenarios';
import { TESTER_COOKIE, TESTER_HEADER } from './sharedDemo/testers';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

afterEach(() => api.request('__scenarios', jsonPost({ name: null })));

async function state(): Promise<ScenarioState> {
  const answer = await api.request('__scenarios');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: ScenarioState }).data;
}

const choose = (body: unknown) => api.request('__scenarios', jsonPost(body));

it('lists every scenario with a description, none active at first', async () => {
  const current = await state();
  expect(current.active).toBeNull();
  expect(current.delayMs).toBe(DEFAULT_SLOW_DELAY_MS);
  expect(current.scenarios.map((s) => s.name)).toEqual([
    'intent-error',
    'intent-missing',
    'network-drop',
    'slow',
    'answer-lost',
    'captcha-fail',
    'wallet-unsupported',
    'wallet-apple-pay',
    'wallet-google-pay',
    'stripe-unavailable',
    'confirm-slow',
    'webhook-delayed',
    'webhook-duplicate',
    'webhook-out-of-order',
    'webhook-lost',
  ]);
  expect(current.scenarios.every((s) => s.description.length > 10)).toBe(true);
  expect(current.scenarios).toEqual(
    expect.arrayContaining([
      {
        name: 'confirm-slow',
        description:
          "Stripe's confirmations of your payments are made at once and answered after a delay (delayMs, 3000 ms unless given).",
      },
      {
        name: 'answer-lost',
        description:
          'The recognition and payment calls do their work, store it, then close the connection without an answer.',
      },
    ]),
  );
  expect(SCENARIO_NAMES).toHaveLength(15);
});

it('sets one scenario, then clears it with null or "none"', async () => {
  const chosen = await choose({ name: 'slow', delayMs: 1500 });
  expect(chosen.status).toBe(200);
  expect(((await chosen.json()) as { data: ScenarioState }).data).toMatchObject({
    active: 'slow',
    delayMs: 1500,
  });
  expect(await state()).toMatchObject({ active: 'slow', delayMs: 1500 });

  await choose({ name: 'intent-error' });
  expect(await state()).toMatchObject({ active: 'intent-error', delayMs: DEFAULT_SLOW_DELAY_MS });

  await choose({ name: 'none' });
  expect((await state()).active).toBeNull();
  await choose({ name: 'captcha-fail' });
  await choose({ name: null });
  expect((await state()).active).toBeNull();
});

it('refuses an unknown name or a bad delay, keeping the active scenario', async () => {
  await choose({ name: 'slow' });
  const unknown = await choose({ name: 'explode' });
  expect(unknown.status).toBe(400);
  expect(await unknown.json()).toMatchObject({ field: 'name' });
  const missing = await choose({});
  expect(missing.status).toBe(400);
  const delay = await choose({ name: 'slow', delayMs: -1 });
  expect(delay.status).toBe(400);
  expect(await delay.json()).toMatchObject({ field: 'delayMs' });
  expect((await state()).active).toBe('slow');
});

it('needs the guest token like the rest of the API', async () => {
  const answer = await fetch(`${api.apiBaseUrl}/__scenarios`);
  expect(answer.status).toBe(401);
});

/** As this file's tester's browser asks the emulators (its cookie names it). */
const asTester = () => ({ headers: { [TESTER_HEADER]: api.tester } });

it('the wallet scenarios set the Stripe.js emulator’s wallets; without one, the platform decides', async () => {
  const wallets = async () =>
    (
      (await (await fetch(`${api.origin}/__stripe/config`, asTester())).json()) as {
        wallets: string;
      }
    ).wallets;
  expect(await wallets()).toBe('device');
  await choose({ name: 'wallet-unsupported' });
  expect(await wallets()).toBe('none');
  await choose({ name: 'wallet-apple-pay' });
  expect(await wallets()).toBe('apple_pay');
  await choose({ name: 'wallet-google-pay' });
  expect(await wallets()).toBe('google_pay');
  await choose({ name: 'slow' });
  expect(await wallets()).toBe('device');
  await choose({ name: null });
  expect(await wallets()).toBe('device');
});

it('stripe-unavailable makes the Stripe.js script answer 503', async () => {
  const script = () => fetch(`${api.origin}/__stripe/stripe.js`, asTester());
  expect((await script()).status).toBe(200);
  await choose({ name: 'stripe-unavailable' });
  expect((await script()).status).toBe(503);
  await choose({ name: null });
  expect((await script()).status).toBe(200);
});

describe('a scenario belongs to its tester', () => {
  const as = (tester: string | null, init: RequestInit = {}) => ({
    ...init,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${api.guestToken}`,
      ...(tester === null ? {} : { [TESTER_HEADER]: tester }),
      ...(init.headers as Record<string, string>),
    },
  });
  const stateOf = async (init: RequestInit) =>
    ((await (await fetch(`${api.apiBaseUrl}/__scenarios`, init)).json()) as { data: ScenarioState })
      .data;

  it('two testers on one server never see each other’s, and nobody gets one', async () => {
    await fetch(
      `${api.apiBaseUrl}/__scenarios`,
      as('tester-a', jsonPost({ name: 'intent-error' })),
    );
    await fetch(
      `${api.apiBaseUrl}/__scenarios`,
      as('tester-b', jsonPost({ name: 'slow', delayMs: 100 })),
    );
    expect(await stateOf(as('tester-a'))).toMatchObject({
      identified: true,
      active: 'intent-error',
    });
    expect(await stateOf(as('tester-b'))).toMatchObject({
      identified: true,
      active: 'slow',
      delayMs: 100,
    });
    expect(await stateOf(as(null))).toMatchObject({ identified: false, active: null });
    // The payment call itself: A's fails, B's and nobody's are not touched by A's scenario.
    const intent = (tester: string | null) =>
      fetch(`${api.apiBaseUrl}/payment/create-payment-intent`, as(tester, jsonPost({})));
    expect((await intent('tester-a')).status).toBe(500);
    expect((await intent(null)).status).toBe(400);
    await fetch(`${api.apiBaseUrl}/__scenarios`, as('tester-a', jsonPost({ name: null })));
    await fetch(`${api.apiBaseUrl}/__scenarios`, as('tester-b', jsonPost({ name: null })));
  });

  it('a browser without a tester is given one (a cookie) when it sets a scenario', async () => {
    const set = await fetch(
      `${api.apiBaseUrl}/__scenarios`,
      as(null, jsonPost({ name: 'captcha-fail' })),
    );
    expect(set.status).toBe(200);
    const cookie = set.headers.get('set-cookie') ?? '';
    const match = new RegExp(`^${TESTER_COOKIE}=([^;]+);`).exec(cookie);
    expect(match).not.toBeNull();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The answers never say the id: only the browser's cookie holds it.
    expect(await set.text()).not.toContain(match![1]);
    const withCookie = as(null, { headers: { Cookie: `other=1; ${TESTER_COOKIE}=${match![1]}` } });
    const withCookieState = await fetch(`${api.apiBaseUrl}/__scenarios`, withCookie);
    const text = await withCookieState.text();
    expect(text).not.toContain(match![1]);
    expect((JSON.parse(text) as { data: ScenarioState }).data).toMatchObject({
      identified: true,
      active: 'captcha-fail',
    });
    expect(await stateOf(as(null))).toMatchObject({ active: null });
    await fetch(`${api.apiBaseUrl}/__scenarios`, {
      ...withCookie,
      ...jsonPost({ name: null }),
      headers: { ...(withCookie.headers as Record<string, string>) },
    });
    expect(await stateOf(withCookie)).toMatchObject({ active: null });
  });

  it('expires on its own: 30 minutes unless ttlMinutes says otherwise', async () => {
    // Between the time before the request and the time after its answer, whatever the machine's
    // speed (the answer's time is in whole ms, hence the 1 ms either side).
    const chosenWithin = async (ttlMinutes?: number) => {
      const before = Date.now();
      const chosen = (await (await choose({ name: 'slow', ttlMinutes })).json()) as {
        data: ScenarioState;
      };
      const after = Date.now();
      return { before, after, expires: Date.parse(chosen.data.expiresAt ?? '') };
    };
    const standard = await chosenWithin();
    expect(standard.expires).toBeGreaterThanOrEqual(standard.before + 30 * 60_000 - 1);
    expect(standard.expires).toBeLessThanOrEqual(standard.after + 30 * 60_000 + 1);
    const short = await chosenWithin(5);
    expect(short.expires).toBeGreaterThanOrEqual(short.before + 5 * 60_000 - 1);
    expect(short.expires).toBeLessThanOrEqual(short.after + 5 * 60_000 + 1);
    const bad = await choose({ name: 'slow', ttlMinutes: 0 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'ttlMinutes' });
  });

  it("cannot reach a browser's scenario by sending its cookie id as X-Grati-Tester", async () => {
    const set = await fetch(`${api.apiBaseUrl}/__scenarios`, as(null, jsonPost({ name: 'slow' })));
    const id = new RegExp(`^${TESTER_COOKIE}=([^;]+);`).exec(
      set.headers.get('set-cookie') ?? '',
    )![1]!;
    const browser = as(null, { headers: { Cookie: `${TESTER_COOKIE}=${id}` } });
    // A stranger who somehow learned the id names themselves with it: their own scope.
    expect(await stateOf(as(id))).toMatchObject({ identified: true, active: null });
    const hijack = await fetch(
      `${api.apiBaseUrl}/__scenarios`,
      as(id, jsonPost({ name: 'captcha-fail', ttlMinutes: 24 * 60 })),
    );
    expect(hijack.status).toBe(200);
    expect(await stateOf(browser)).toMatchObject({ active: 'slow' });
    // Cleared again, each in its own scope.
    await fetch(`${api.apiBaseUrl}/__scenarios`, as(id, jsonPost({ name: null })));
    await fetch(`${api.apiBaseUrl}/__scenarios`, {
      ...browser,
      ...jsonPost({ name: null }),
      headers: browser.headers,
    });
  });

  it('ignores a cookie it did not make, and gives that browser one of its own', async () => {
    const chosen = as(null, { headers: { Cookie: `${TESTER_COOKIE}=tester-a` } });
    expect(await stateOf(chosen)).toMatchObject({ identified: false, active: null });
    const set = await fetch(`${api.apiBaseUrl}/__scenarios`, {
      ...chosen,
      ...jsonPost({ name: 'slow' }),
      headers: chosen.headers,
    });
    expect(set.headers.get('set-cookie')).toMatch(
      new RegExp(
        `^${TESTER_COOKIE}=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12};`,
      ),
    );
    // tester-a as a header name is another scope altogether.
    expect(await stateOf(as('tester-a'))).toMatchObject({ active: null });
  });

  it('refuses a tester name it cannot keep', async () => {
    const answer = await fetch(
      `${api.apiBaseUrl}/__scenarios`,
      as('a name with spaces', jsonPost({ name: 'slow' })),
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ field: TESTER_HEADER });
  });
});

describe('the tester cookie behind an HTTPS proxy (trustProxy, TRUST_PROXY)', () => {
  let behindProxy: RunningMockApi;

  beforeAll(async () => {
    // This test's requests come from 127.0.0.1, as a proxy on the same machine's would.
    behindProxy = await startMockApi({ trustProxy: 'loopback' });
  });

  afterAll(() => behindProxy.close());

  /** A browser's first scenario (no tester yet): the cookie it is given. */
  async function cookieFor(server: RunningMockApi, headers: Record<string, string>) {
    const answer = await fetch(`${server.apiBaseUrl}/__scenarios`, {
      ...jsonPost({ name: 'slow' }),
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${server.guestToken}`,
        ...headers,
      },
    });
    expect(answer.status).toBe(200);
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${TESTER_COOKIE}=`));
    return cookie;
  }

  it('is Secure when a trusted proxy says the browser came over HTTPS', async () => {
    expect(await cookieFor(behindProxy, { 'X-Forwarded-Proto': 'https' })).toMatch(/;\s*Secure/i);
  });

  it('is not Secure over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    expect(await cookieFor(behindProxy, {})).not.toMatch(/Secure/i);
    expect(await cookieFor(behindProxy, { 'X-Forwarded-Proto': 'http' })).not.toMatch(/Secure/i);
    // The default trusts no proxy: a client's own X-Forwarded-Proto is not believed.
    expect(await cookieFor(api, { 'X-Forwarded-Proto': 'https' })).not.toMatch(/Secure/i);
    expect(await cookieFor(api, {})).not.toMatch(/Secure/i);
  });
});
