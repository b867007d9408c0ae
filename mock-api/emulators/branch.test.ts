import { startMockApi, type RunningMockApi } from '../testing';
import { BRANCH_EMULATOR_ROUTE, SLOW_LINK, SLOW_LINK_DELAY_MS } from './branch';

const KEY = 'key_test_gratiDemoEmulatorKey000000000000';

let api: RunningMockApi;
let base: string;

beforeAll(async () => {
  api = await startMockApi({ allowedOrigins: ['http://localhost:3000'] });
  base = `${api.origin}${BRANCH_EMULATOR_ROUTE}`;
});

afterAll(() => api.close());

/** POST as branch-sdk does: a form body, no Authorization header, from another origin. */
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost:4100',
    },
    body: new URLSearchParams(fields).toString(),
  });

const open = (fields: Record<string, string>) =>
  post('/v1/open', { branch_key: KEY, sdk: 'web2.89.2', options: '{}', ...fields });

interface OpenBody {
  session_id: string;
  identity_id: string;
  browser_fingerprint_id: string;
  data: string;
}
/** The link data of an open's answer: like Branch, a JSON string. */
const linkData = async (response: Response) =>
  JSON.parse(((await response.json()) as OpenBody).data) as Record<string, unknown>;

describe('POST /__branch/v1/open', () => {
  it('resolves qr-ava to link data carrying Ava as the dynamic key', async () => {
    const response = await open({ link_identifier: 'qr-ava', browser_fingerprint_id: '42' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as OpenBody;
    expect(body.session_id).toMatch(/^\d{17,19}$/);
    expect(body.identity_id).toMatch(/^\d{17,19}$/);
    expect(body.browser_fingerprint_id).toBe('42');
    expect(typeof body.data).toBe('string');
    expect(JSON.parse(body.data)).toMatchObject({
      '+clicked_branch_link': true,
      dynamicKey: 'ava-martinez',
      '~referring_link': 'https://grati.app.link/qr-ava',
    });
  });

  it(`resolves ${SLOW_LINK} to Ava, but only after ${SLOW_LINK_DELAY_MS} ms`, async () => {
    const started = Date.now();
    const response = await open({ link_identifier: SLOW_LINK });
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_LINK_DELAY_MS - 50);
    expect(response.status).toBe(200);
    expect((await linkData(response)).dynamicKey).toBe('ava-martinez');
  });

  it('fails qr-broken with a Branch-style error', async () => {
    const response = await open({ link_identifier: 'qr-broken' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 400, message: 'The link qr-broken is not valid.' },
    });
  });

  it.each([
    ['no link', {}],
    ['an unknown link', { link_identifier: 'qr-nobody' }],
  ])('opens a session without link data or dynamic key for %s', async (_case, fields) => {
    const response = await open(fields);
    expect(response.status).toBe(200);
    const data = await linkData(response);
    expect(data['+clicked_branch_link']).toBe(false);
    expect(data).not.toHaveProperty('dynamicKey');
  });

  it.each([
    ['no key', {}, 'Invalid or missing app id, Branch key, or secret'],
    ['a live key', { branch_key: `key_live_${'a'.repeat(32)}` }, 'test keys only'],
  ])('refuses %s', async (_case, fields, message) => {
    const response = await post('/v1/open', { link_identifier: 'qr-ava', ...fields });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(message);
  });
});

it('POST /__branch/v1/pageview answers that no Journey banner is configured', async () => {
  const response = await post('/v1/pageview', { branch_key: KEY, event: 'pageview' });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ branch_view_enabled: false });
});

describe('GET /__branch/app.link/_r (JSONP)', () => {
  it('calls the named callback with a numeric browser fingerprint', async () => {
    const response = await fetch(
      `${base}/app.link/_r?sdk=web2.89.2&branch_key=${KEY}&callback=branch_callback__0`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    let received: unknown;
    const branch_callback__0 = (value: unknown) => {
      received = value;
    };
    new Function('branch_callback__0', await response.text())(branch_callback__0);
    expect(received).toMatch(/^\d{17,19}$/);
  });

  // A callback that is not an identifier and an invalid key: fuzz.test.ts's JSONP property.
});

it('answers unknown emulator paths with a Branch-style 404', async () => {
  const response = await post('/v1/url', { branch_key: KEY });
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    error: { code: 404, message: 'The Branch emulator has no POST /v1/url.' },
  });
});
