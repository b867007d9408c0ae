// An offline stand-in for reCAPTCHA v2 (checkbox): the browser script that defines
// `window.grecaptcha` (api.js: the TypeScript modules in browser/recaptcha/, bundled by
// bundleBrowserScript.ts), the token the checkbox asks for, and Google's siteverify answer.
// Tokens are single use and expire after two minutes, as Google's do. The mock API checks tokens
// in-process with `verify`; a live setup posts to Google instead (mock-api/captchaVerifier.ts).
//
// Emulator builds inline emulator-redirects.js into the page shell (webpack.config.js): it sends
// the https://www.google.com/recaptcha/api.js script that react-google-recaptcha injects to
// GET /__recaptcha/api.js, so the captcha code loads only when a page shows the captcha.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { sendBrowserScript } from './bundleBrowserScript';
import { allowAnyOrigin } from './crossOrigin';

export const RECAPTCHA_EMULATOR_ROUTE = '/__recaptcha';

const SCRIPT_ENTRY = path.join(__dirname, 'browser', 'recaptcha', 'index.ts');

/** How long a token stays valid, as with Google (two minutes). */
export const TOKEN_TTL_MS = 2 * 60 * 1000;

/** Issued, used and expired tokens are forgotten after this long (then unknown). */
const FORGET_AFTER_MS = 10 * TOKEN_TTL_MS;

/** Google's siteverify answer. */
export interface SiteverifyResult {
  success: boolean;
  'error-codes': string[];
  /** ISO time the token was issued (success only). */
  challenge_ts?: string;
  /** The host name of the page the token was issued to (success only). */
  hostname?: string;
}

export interface RecaptchaEmulatorOptions {
  /** The clock (milliseconds); tests inject one to expire tokens. */
  now?: () => number;
}

export interface RecaptchaEmulator {
  /** Mounted at RECAPTCHA_EMULATOR_ROUTE. */
  router: Router;
  /** Issues a token as the checkbox does. */
  issue(sitekey: string, hostname: string): { token: string; expiresInMs: number };
  /** Checks a token as siteverify does: once only, within TOKEN_TTL_MS. */
  verify(token: unknown): SiteverifyResult;
}

interface IssuedToken {
  issuedAt: number;
  hostname: string;
  used: boolean;
}

export function recaptchaEmulator(options: RecaptchaEmulatorOptions = {}): RecaptchaEmulator {
  const now = options.now ?? Date.now;
  const tokens = new Map<string, IssuedToken>();

  function forgetOldTokens(): void {
    const cutoff = now() - FORGET_AFTER_MS;
    for (const [token, entry] of tokens) if (entry.issuedAt < cutoff) tokens.delete(token);
  }

  function issue(sitekey: string, hostname: string): { token: string; expiresInMs: number } {
    forgetOldTokens();
    const token = `emulated.${Buffer.from(sitekey).toString('base64url').slice(0, 16)}.${randomBytes(32).toString('base64url')}`;
    tokens.set(token, { issuedAt: now(), hostname, used: false });
    return { token, expiresInMs: TOKEN_TTL_MS };
  }

  function verify(token: unknown): SiteverifyResult {
    if (typeof token !== 'string' || token === '') return failure('missing-input-response');
    const entry = tokens.get(token);
    if (!entry) return failure('invalid-input-response');
    const expired = now() - entry.issuedAt > TOKEN_TTL_MS;
    if (entry.used || expired) {
      entry.used = true;
      return failure('timeout-or-duplicate');
    }
    entry.used = true;
    return {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(entry.issuedAt).toISOString(),
      hostname: entry.hostname,
    };
  }

  const router = Router();
  // Google's endpoints are cross-origin to every site and need no credentials.
  router.use(allowAnyOrigin());
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));
  router.use(express.json({ limit: '10kb' }));

  router.get('/api.js', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    sendBrowserScript(res, SCRIPT_ENTRY, next);
  });

  // The checkbox's request: { sitekey } -> { token, expiresInMs }.
  router.post('/token', (req, res) => {
    const sitekey = field(req, 'sitekey');
    if (!sitekey) {
      res.status(400).json({ error: 'Missing required parameters: sitekey' });
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.json(issue(sitekey, pageHostname(req)));
  });

  // https://developers.google.com/recaptcha/docs/verify: secret and response, always HTTP 200.
  router.post('/siteverify', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!field(req, 'secret')) {
      res.json(failure('missing-input-secret'));
      return;
    }
    res.json(verify(field(req, 'response')));
  });

  router.use((req, res) => {
    res.status(404).json({ error: `The reCAPTCHA emulator has no ${req.method} ${req.path}.` });
  });

  return { router, issue, verify };
}

function failure(code: string): SiteverifyResult {
  return { success: false, 'error-codes': [code] };
}

/** A string field of a form or JSON body. */
function field(req: Request, name: string): string | undefined {
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The page the checkbox ran on: its Origin header, else the host the request was sent to. */
function pageHostname(req: Request): string {
  const origin = req.get('origin');
  if (origin) {
    try {
      return new URL(origin).hostname;
    } catch {
      // An opaque origin ("null"): fall through.
    }
  }
  return req.hostname;
}
