// API keys as Stripe checks them: which key a request carries, what a publishable key may reach,
// and what it may see.
import type { Request } from 'express';
import { invalidRequest } from './errors';
import { checkParams, isText, param, required, rule, type Fields } from './fields';
import type { PaymentIntent } from './types';

/**
 * The publishable key the emulator accepts unless another is given (the app's demo default): it is
 * public by design, as Stripe's are. The secret key is never a constant: each data folder has its
 * own (../../sharedDemo/keyFiles.ts), and any other key, such as the once documented `sk_test_emulator`, is refused as
 * Stripe refuses an unknown key (401 `api_key_invalid`).
 */
export const EMULATOR_PUBLISHABLE_KEY = 'pk_test_emulator';

export interface ApiKeys {
  secretKey: string;
  publishableKey: string;
}

export type Auth = { kind: 'secret' | 'publishable'; key: string };

/** The request's key: from Authorization (Bearer or Basic), else a `key` parameter. */
export function authenticate(req: Request, fields: Fields, keys: ApiKeys): Auth {
  const key = keyOf(req, fields);
  if (!key) {
    throw invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      undefined,
      undefined,
      401,
    );
  }
  if (key === keys.secretKey) {
    // A browser marks what it sends (Origin on cross-origin and POST requests, Sec-Fetch-Site
    // on all): the secret key is for servers, so a page holding it learns nothing.
    if (req.get('origin') !== undefined || req.get('sec-fetch-site') !== undefined) {
      throw invalidRequest(
        'Secret API keys cannot be used from a browser. Use your publishable key with Stripe.js, and your secret key only on your server.',
        undefined,
        'secret_key_in_browser',
        403,
      );
    }
    return { kind: 'secret', key };
  }
  if (key === keys.publishableKey) return { kind: 'publishable', key };
  throw invalidRequest(
    `Invalid API Key provided: ${maskKey(key)}`,
    undefined,
    'api_key_invalid',
    401,
  );
}

function keyOf(req: Request, fields: Fields): string | undefined {
  const header = req.get('authorization');
  if (header) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header);
    const basic = /^Basic\s+(\S+)$/i.exec(header);
    if (bearer) return bearer[1];
    if (basic) {
      return Buffer.from(basic[1] ?? '', 'base64')
        .toString('utf8')
        .split(':')[0];
    }
    return undefined;
  }
  // Stripe.js sends its publishable key as a `key` parameter (a CORS "simple" request).
  return typeof fields.key === 'string' ? fields.key : undefined;
}

export function requireSecret(auth: Auth): void {
  if (auth.kind !== 'secret') {
    throw invalidRequest(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      undefined,
      'secret_key_required',
      401,
    );
  }
}

/** A publishable key reaches a PaymentIntent only with its client secret, as with Stripe.js. */
export function authorizeIntent(auth: Auth, intent: PaymentIntent, fields: Fields): void {
  if (auth.kind === 'secret') return;
  checkClientSecret(intent, fields);
}

/** The intent's `client_secret` among the fields, else Stripe's error (missing, or another). */
export function checkClientSecret(intent: PaymentIntent, fields: Fields): void {
  const mismatch =
    'The client_secret provided does not match the client_secret associated with the PaymentIntent.';
  checkParams(fields, {
    client_secret: param()
      .test(required(undefined, isText))
      .test(rule('payment_intent_invalid_parameter', mismatch, (s) => s === intent.client_secret)),
  });
}

/** A copy of the intent as the key may see it. */
export function viewIntent(intent: PaymentIntent, auth: Auth): PaymentIntent {
  const copy = structuredClone(intent);
  // A publishable key sees the PaymentIntent without its metadata, as Stripe.js does.
  if (auth.kind === 'publishable') copy.metadata = {};
  return copy;
}

function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  if (key.length <= prefix.length + 4) return `${prefix}****`;
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - 4))}${key.slice(-4)}`;
}
