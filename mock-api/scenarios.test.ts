// The testers' scenario switch (GET/POST /api/__scenarios) and the scenarios that act outside
// the payment calls (the Stripe.js emulator's wallet and script). The payment calls' scenarios
// are tested with those calls (routes/payments.test.ts).
import { type RunningMockApi, jsonPost, startMockApi } from './testing';
import { DEFAULT_SLOW_DELAY_MS, SCENARIO_NAMES, type ScenarioState } from './scenarios';

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
    'captcha-fail',
    'wallet-unsupported',
    'stripe-unavailable',
  ]);
  expect(current.scenarios.every((s) => s.description.length > 10)).toBe(true);
  expect(SCENARIO_NAMES).toHaveLength(7);
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

it('wallet-unsupported makes the Stripe.js emulator offer no wallet', async () => {
  const walletsSupported = async () =>
    ((await (await fetch(`${api.origin}/__stripe/config`)).json()) as { walletsSupported: boolean })
      .walletsSupported;
  expect(await walletsSupported()).toBe(true);
  await choose({ name: 'wallet-unsupported' });
  expect(await walletsSupported()).toBe(false);
  await choose({ name: null });
  expect(await walletsSupported()).toBe(true);
});

it('stripe-unavailable makes the Stripe.js script answer 503', async () => {
  const script = () => fetch(`${api.origin}/__stripe/stripe.js`);
  expect((await script()).status).toBe(200);
  await choose({ name: 'stripe-unavailable' });
  expect((await script()).status).toBe(503);
  await choose({ name: null });
  expect((await script()).status).toBe(200);
});
