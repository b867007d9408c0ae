import { startMockApi, type RunningMockApi } from '../testing';
import { STRIPE_JS_EMULATOR_ROUTE, setStripeJsAvailable, setWalletsSupported } from './stripeJs';

let api: RunningMockApi;
let base: string;

beforeAll(async () => {
  api = await startMockApi();
  base = `${api.origin}${STRIPE_JS_EMULATOR_ROUTE}`;
});

afterEach(() => {
  setWalletsSupported(true);
  setStripeJsAvailable(true);
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

it('reports wallets as supported until the scenario says otherwise', async () => {
  const config = async () => (await fetch(`${base}/config`)).json();
  expect(await config()).toEqual({ walletsSupported: true });
  setWalletsSupported(false);
  expect(await config()).toEqual({ walletsSupported: false });
});

it('fails to serve the script in the stripe-unavailable scenario', async () => {
  setStripeJsAvailable(false);
  expect((await fetch(`${base}/stripe.js`)).status).toBe(503);
});

it('answers 404 for anything else', async () => {
  expect((await fetch(`${base}/v3`)).status).toBe(404);
});
