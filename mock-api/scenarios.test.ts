// The testers' scenario switch (/api/__scenarios) and the scenarios acting outside the payment
// calls; the others are tested with the calls they act on (routes/payments.test.ts and others).
import { type RunningMockApi, jsonPost, startMockApi } from './testing';
import { DEFAULT_SLOW_DELAY_MS, SCENARIO_NAMES, type ScenarioState } from './sharedDemo/scenarios';
import { TESTER_COOKIE, TESTER_HEADER } from './sharedDemo/testers';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

afterEach(() => api.request('__scenarios', jsonPost({ name: null })));

const dataOf = async (answer: Response) => ((await answer.json()) as { data: ScenarioState }).data;

async function state(): Promise<ScenarioState> {
  const answer = await api.request('__scenarios');
  expect(answer.status).toBe(200);
  return dataOf(answer);
}

const choose = (body: unknown) => api.request('__scenarios', jsonPost(body));

async function expectRefused(body: unknown, field?: string) {
  const answer = await choose(body);
  expect(answer.status).toBe(400);
  if (field) expect(await answer.json()).toMatchObject({ field });
}

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
  expect(await dataOf(chosen)).toMatchObject({ active: 'slow', delayMs: 1500 });
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
  await expectRefused({ name: 'explode' }, 'name');
  await expectRefused({});
  await expectRefused({ name: 'slow', delayMs: -1 }, 'delayMs');
  expect((await state()).active).toBe('slow');
});

/** As this file's tester's browser asks the emulators (its cookie names it). */
const asTester = () => ({ headers: { [TESTER_HEADER]: api.tester } });

it('the wallet scenarios set the Stripe.js emulator’s wallets; without one, the platform decides', async () => {
  const wallets = async () => {
    const config = await fetch(`${api.origin}/__stripe/config`, asTester());
    return ((await config.json()) as { wallets: string }).wallets;
  };
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
  /** A request as `tester` (null: none), with `cookie` when given. */
  const as = (tester: string | null, cookie?: string): RequestInit => ({
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${api.guestToken}`,
      ...(tester === null ? {} : { [TESTER_HEADER]: tester }),
      ...(cookie === undefined ? {} : { Cookie: cookie }),
    },
  });
  const scenarios = (init: RequestInit) => fetch(`${api.apiBaseUrl}/__scenarios`, init);
  const postAs = (init: RequestInit, body: unknown, to = '__scenarios') =>
    fetch(`${api.apiBaseUrl}/${to}`, { ...init, method: 'POST', body: JSON.stringify(body) });
  const stateOf = async (init: RequestInit) => dataOf(await scenarios(init));
  const cookieId = (answer: Response) =>
    new RegExp(`^${TESTER_COOKIE}=([^;]+);`).exec(answer.headers.get('set-cookie') ?? '')?.[1];

  it('two testers on one server never see each other’s, and nobody gets one', async () => {
    await postAs(as('tester-a'), { name: 'intent-error' });
    await postAs(as('tester-b'), { name: 'slow', delayMs: 100 });
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
    // The payment call: A's fails, nobody's is not touched by A's scenario.
    const intent = (tester: string | null) =>
      postAs(as(tester), {}, 'payment/create-payment-intent');
    expect((await intent('tester-a')).status).toBe(500);
    expect((await intent(null)).status).toBe(400);
    await postAs(as('tester-a'), { name: null });
    await postAs(as('tester-b'), { name: null });
  });

  it('a browser without a tester is given one (a cookie) when it sets a scenario', async () => {
    const set = await postAs(as(null), { name: 'captcha-fail' });
    expect(set.status).toBe(200);
    const id = cookieId(set);
    expect(id).toBeDefined();
    expect(set.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(set.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);
    // The answers never say the id: only the browser's cookie holds it.
    expect(await set.text()).not.toContain(id);
    const withCookie = as(null, `other=1; ${TESTER_COOKIE}=${id}`);
    const text = await (await scenarios(withCookie)).text();
    expect(text).not.toContain(id);
    const { data } = JSON.parse(text) as { data: ScenarioState };
    expect(data).toMatchObject({ identified: true, active: 'captcha-fail' });
    expect(await stateOf(as(null))).toMatchObject({ active: null });
    await postAs(withCookie, { name: null });
    expect(await stateOf(withCookie)).toMatchObject({ active: null });
  });

  it('expires on its own: 30 minutes unless ttlMinutes says otherwise', async () => {
    // Between the request and its answer, whatever the machine's speed (1 ms either side: whole ms).
    const expectExpiresIn = async (minutes: number, ttlMinutes?: number) => {
      const before = Date.now();
      const chosen = await dataOf(await choose({ name: 'slow', ttlMinutes }));
      const after = Date.now();
      const expires = Date.parse(chosen.expiresAt ?? '');
      expect(expires).toBeGreaterThanOrEqual(before + minutes * 60_000 - 1);
      expect(expires).toBeLessThanOrEqual(after + minutes * 60_000 + 1);
    };
    await expectExpiresIn(30);
    await expectExpiresIn(5, 5);
    await expectRefused({ name: 'slow', ttlMinutes: 0 }, 'ttlMinutes');
  });

  it("cannot reach a browser's scenario by sending its cookie id as X-Grati-Tester", async () => {
    const id = cookieId(await postAs(as(null), { name: 'slow' }))!;
    const browser = as(null, `${TESTER_COOKIE}=${id}`);
    // A stranger who learned the id names themselves with it: their own scope.
    expect(await stateOf(as(id))).toMatchObject({ identified: true, active: null });
    const hijack = await postAs(as(id), { name: 'captcha-fail', ttlMinutes: 24 * 60 });
    expect(hijack.status).toBe(200);
    expect(await stateOf(browser)).toMatchObject({ active: 'slow' });
    await postAs(as(id), { name: null });
    await postAs(browser, { name: null });
  });

  it('ignores a cookie it did not make, and gives that browser one of its own', async () => {
    const chosen = as(null, `${TESTER_COOKIE}=tester-a`);
    expect(await stateOf(chosen)).toMatchObject({ identified: false, active: null });
    const set = await postAs(chosen, { name: 'slow' });
    expect(set.headers.get('set-cookie')).toMatch(
      new RegExp(
        `^${TESTER_COOKIE}=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12};`,
      ),
    );
    // tester-a as a header name is another scope altogether.
    expect(await stateOf(as('tester-a'))).toMatchObject({ active: null });
  });

  it('refuses a tester name it cannot keep', async () => {
    const answer = await postAs(as('a name with spaces'), { name: 'slow' });
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
