import { jsonPost, startMockApi, type RunningMockApi } from '../testing';
import { TESTER_HEADER } from '../sharedDemo/testers';
import { STRIPE_JS_EMULATOR_ROUTE } from './stripeJs';

let api: RunningMockApi;
let base: string;

beforeAll(async () => {
  api = await startMockApi();
  base = `${api.origin}${STRIPE_JS_EMULATOR_ROUTE}`;
});

afterEach(() => api.request('__scenarios', jsonPost({ name: null })));

/** As this file's tester's browser asks (its cookie names it), or as nobody's. */
const asTester = { headers: { [TESTER_HEADER]: 'stripe-js-tester' } };
const setScenario = (name: string) =>
  api.request('__scenarios', {
    ...jsonPost({ name }),
    headers: { 'Content-Type': 'application/json', ...asTester.headers },
  });

afterAll(() => api.close());

it('serves the script that defines window.Stripe, to any origin', async () => {
  const response = await fetch(`${base}/stripe.js`, {
    headers: { Origin: 'http://localhost:3000' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(await response.text()).toContain('window.Stripe = StripeEmulator');
});

it("leaves the wallets to the browser's platform until the tester's scenario says otherwise", async () => {
  const config = async (init?: RequestInit) => (await fetch(`${base}/config`, init)).json();
  expect(await config(asTester)).toEqual({ wallets: 'device' });
  await setScenario('wallet-unsupported');
  expect(await config(asTester)).toEqual({ wallets: 'none' });
  await setScenario('wallet-apple-pay');
  expect(await config(asTester)).toEqual({ wallets: 'apple_pay' });
  await setScenario('wallet-google-pay');
  expect(await config(asTester)).toEqual({ wallets: 'google_pay' });
  // Nobody else's: another tester, and a browser with no tester, get their platform's.
  expect(await config({ headers: { [TESTER_HEADER]: 'someone-else' } })).toEqual({
    wallets: 'device',
  });
  expect(await config()).toEqual({ wallets: 'device' });
});

it("fails to serve the script in the tester's stripe-unavailable scenario", async () => {
  await setScenario('stripe-unavailable');
  expect((await fetch(`${base}/stripe.js`, asTester)).status).toBe(503);
  expect((await fetch(`${base}/stripe.js`)).status).toBe(200);
});

it('answers 404 for anything else', async () => {
  expect((await fetch(`${base}/v3`)).status).toBe(404);
});
