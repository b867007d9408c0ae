import { startMockApi, type RunningMockApi } from '../testing';
import { createCaptchaVerifier } from '../captchaVerifier';
import { RECAPTCHA_EMULATOR_ROUTE, TOKEN_TTL_MS, recaptchaEmulator } from './recaptcha';

let api: RunningMockApi;
let base: string;

beforeAll(async () => {
  api = await startMockApi();
  base = `${api.origin}${RECAPTCHA_EMULATOR_ROUTE}`;
});

afterAll(() => api.close());

/** The checkbox's request, from the app's origin. */
async function issueToken(sitekey = 'emulator-site-key'): Promise<string> {
  const response = await fetch(`${base}/token`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://localhost:3000',
    },
    body: new URLSearchParams({ sitekey }).toString(),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  const body = (await response.json()) as { token: string; expiresInMs: number };
  expect(body.expiresInMs).toBe(TOKEN_TTL_MS);
  return body.token;
}

const siteverify = async (fields: Record<string, string>) => {
  const response = await fetch(`${base}/siteverify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
};
/** Google's siteverify answer, and the verifier's, for a token refused with `code`. */
const failed = (code: string) => ({ success: false, 'error-codes': [code] });
const refused = (reason: string) => ({ ok: false, reason });

describe('the reCAPTCHA emulator over HTTP', () => {
  it('serves the browser script that defines grecaptcha', async () => {
    const response = await fetch(`${base}/api.js?onload=onloadcallback&render=explicit`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toContain('window.grecaptcha =');
  });

  it('verifies a token once, like Google, then answers timeout-or-duplicate', async () => {
    const token = await issueToken();
    const first = await siteverify({ secret: 'any-secret', response: token });
    expect(first).toEqual({
      success: true,
      'error-codes': [],
      hostname: 'localhost',
      challenge_ts: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    });
    expect(await siteverify({ secret: 'any-secret', response: token })).toEqual(
      failed('timeout-or-duplicate'),
    );
  });

  it('answers invalid-input-response for an unknown token and names missing fields', async () => {
    expect(await siteverify({ secret: 's', response: 'made-up-token' })).toEqual(
      failed('invalid-input-response'),
    );
    expect(await siteverify({ secret: 's' })).toEqual(failed('missing-input-response'));
    const token = await issueToken();
    expect(await siteverify({ response: token })).toEqual(failed('missing-input-secret'));
    // A request without the secret does not use the token up.
    expect(await siteverify({ secret: 's', response: token })).toMatchObject({ success: true });
  });

  it('is what the live verifier talks to when pointed at it', async () => {
    const verifier = createCaptchaVerifier({
      secret: 'test-secret',
      verifyUrl: `${base}/siteverify`,
    });
    const token = await issueToken();
    await expect(verifier.verify(token)).resolves.toEqual({ ok: true });
    await expect(verifier.verify(token)).resolves.toEqual(refused('timeout-or-duplicate'));
    await expect(verifier.verify('')).resolves.toEqual(refused('missing-input-response'));
  });

  it('reports an unreachable siteverify as a failed check', async () => {
    const verifier = createCaptchaVerifier({
      secret: 'test-secret',
      verifyUrl: `${base}/no-such-endpoint`,
    });
    await expect(verifier.verify('some-token')).resolves.toEqual(refused('siteverify-http-404'));
  });
});

describe('the in-process emulator and verifier', () => {
  it('expires a token after two minutes', async () => {
    let now = Date.parse('2026-01-01T12:00:00Z');
    const emulator = recaptchaEmulator({ now: () => now });
    const verifier = createCaptchaVerifier({ secret: '', emulator });
    const fresh = emulator.issue('site-key', 'localhost').token;
    const stale = emulator.issue('site-key', 'localhost').token;

    now += TOKEN_TTL_MS;
    await expect(verifier.verify(fresh)).resolves.toEqual({ ok: true });
    now += 1;
    await expect(verifier.verify(stale)).resolves.toEqual(refused('timeout-or-duplicate'));
  });

  it('rejects a missing, unknown or reused token', async () => {
    const emulator = recaptchaEmulator();
    const verifier = createCaptchaVerifier({ secret: '', emulator });
    await expect(verifier.verify(undefined)).resolves.toEqual(refused('missing-input-response'));
    await expect(verifier.verify('emulated.nope')).resolves.toEqual(
      refused('invalid-input-response'),
    );
    const { token } = emulator.issue('site-key', 'localhost');
    expect(emulator.verify(token)).toMatchObject({ success: true, hostname: 'localhost' });
    await expect(verifier.verify(token)).resolves.toEqual(refused('timeout-or-duplicate'));
  });

  it('needs a secret or the emulator', () => {
    expect(() => createCaptchaVerifier({ secret: '' })).toThrow(/RECAPTCHA_SECRET_KEY/);
  });
});
