// Checks the captcha token a payment request carries, before any intent is created. Live
// (RECAPTCHA_SECRET_KEY set): Google's siteverify. Offline: the in-process reCAPTCHA emulator,
// the same one whose widget issued the token.
import type { RecaptchaEmulator } from './emulators/recaptcha';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface CaptchaVerdict {
  ok: boolean;
  /** Google's error code (e.g. `timeout-or-duplicate`) when not ok. */
  reason?: string;
}

export interface CaptchaVerifier {
  verify(token: unknown): Promise<CaptchaVerdict>;
}

export interface CaptchaVerifierOptions {
  /** Google's secret key; defaults to RECAPTCHA_SECRET_KEY. Unset: the emulator. */
  secret?: string;
  /** Where to post when a secret is set (Google's siteverify unless told otherwise). */
  verifyUrl?: string;
  /** The mock API's emulator, used when no secret is set. */
  emulator?: Pick<RecaptchaEmulator, 'verify'>;
  /** Milliseconds to wait for siteverify. */
  timeoutMs?: number;
}

export function createCaptchaVerifier(options: CaptchaVerifierOptions = {}): CaptchaVerifier {
  const secret = options.secret ?? (process.env.RECAPTCHA_SECRET_KEY || undefined);
  if (!secret) {
    const { emulator } = options;
    if (!emulator) {
      throw new Error('Set RECAPTCHA_SECRET_KEY, or pass the reCAPTCHA emulator to check tokens.');
    }
    return {
      verify: async (token) => verdict(emulator.verify(token)),
    };
  }
  const verifyUrl = options.verifyUrl ?? GOOGLE_SITEVERIFY_URL;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async verify(token) {
      if (typeof token !== 'string' || token === '') {
        return { ok: false, reason: 'missing-input-response' };
      }
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { ok: false, reason: `siteverify-http-${response.status}` };
        return verdict(await response.json());
      } catch {
        return { ok: false, reason: 'siteverify-unreachable' };
      }
    },
  };
}

function verdict(body: unknown): CaptchaVerdict {
  const result = (body ?? {}) as { success?: unknown; 'error-codes'?: unknown };
  if (result.success === true) return { ok: true };
  const codes = Array.isArray(result['error-codes']) ? result['error-codes'] : [];
  const first: unknown = codes[0];
  return { ok: false, reason: typeof first === 'string' ? first : 'verification-failed' };
}
