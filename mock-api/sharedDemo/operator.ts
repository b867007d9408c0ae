// The operator of a shared demo: whoever started it. Everyone who reaches the demo holds the
// public guest token, so everyone's payments and webhook deliveries (`?all=true` on the testers'
// lists) need more: a secret the mock API makes at each start, prints to its own console and
// keeps in its data folder, readable by its owner only (the folder already holds every payment
// in full, so whoever can read the secret there could read them anyway; tools beside the server,
// such as the browser tests, read it there: ./keyFiles.ts). It is sent as `X-Grati-Operator: <secret>` beside
// the guest token; browsers are never told it, and the CORS answers do not let a page send it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { HttpError, badRequest } from '../http';

export const OPERATOR_HEADER = 'X-Grati-Operator';
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether the request is the operator's: false without the header, true with the right secret,
 * and a 403 with a wrong one (a mistyped secret should say so rather than quietly show less).
 */
export function operatorCheck(secret: string): (req: Request) => boolean {
  const expected = digest(secret);
  return (req) => {
    const given = req.get(OPERATOR_HEADER);
    if (given === undefined) return false;
    // Compared as digests, in constant time: neither the length nor a prefix is learned.
    if (timingSafeEqual(digest(given), expected)) return true;
    throw new HttpError(
      403,
      'operator_secret_invalid',
      `The ${OPERATOR_HEADER} secret is not valid: use the one this server printed when it started.`,
    );
  };
}

/**
 * Whether a testers' list shows everyone's rows: `?all=true` with the operator secret. Without
 * it, `?all=true` is a 403 that says what is missing.
 */
export function everyoneFor(req: Request, isOperator: (req: Request) => boolean): boolean {
  const all = req.query.all;
  if (all === undefined || all === 'false') return false;
  if (all !== 'true') {
    throw badRequest('all', 'all must be "true" or "false".');
  }
  if (isOperator(req)) return true;
  throw new HttpError(
    403,
    'operator_secret_required',
    `?all=true shows everyone's rows: it needs the operator secret this server printed when it started, sent as ${OPERATOR_HEADER}: <secret>. Without it you see your own.`,
  );
}

/** What the CLIs print to the server's own console for the operator (never to a page). */
export function operatorNotice(secrets: { operatorSecret: string; emulatorSecretKey: string }) {
  return [
    `Operator secret (everyone's payments and webhooks, as ${OPERATOR_HEADER}): ${secrets.operatorSecret}`,
    `Stripe emulator secret key (this data folder's, for /v1): ${secrets.emulatorSecretKey}`,
  ].join('\n');
}
