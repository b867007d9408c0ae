// Tester scopes: what a shared demo's testers are told apart by. A tester is named by the
// `X-Grati-Tester` header (API clients) or the `grati_tester` cookie (browsers: the first
// POST /api/__scenarios without either sets one). A tester's scenario, payments and webhook
// deliveries are kept under its scope, an opaque key (`testerScopeOf`). The header and the cookie
// are two namespaces that never meet:
// - a browser's cookie id is a random UUID this server made (122 random bits), sent only in that
//   browser's HttpOnly Set-Cookie and never in any answer, so nobody else can learn or guess it;
//   a cookie of any other shape is ignored;
// - a header name is chosen by its API client: a label, not a secret (whoever sends the same name
//   shares its scope), so it can never be the key to a browser's scope: sending a browser's
//   cookie id as `X-Grati-Tester` lands in the header scope of that name, not in the browser's.
// The scope is a hash of the namespace and the id, so what is stored with a payment (its
// `tester`) is not the cookie id either, and no request takes a scope itself as input.
import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { badRequest } from '../http';

/** An API client names itself with this header; it wins over the cookie. */
export const TESTER_HEADER = 'X-Grati-Tester';
/** A browser's tester name, set by the first POST /api/__scenarios it makes without one. */
export const TESTER_COOKIE = 'grati_tester';
const TESTER_NAME = /^[A-Za-z0-9._@-]{1,64}$/;
/** The shape of the ids this server makes for browsers (randomUUID). */
const COOKIE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The value of one cookie in a Cookie header (no other cookie is looked at). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The scope of a header name or a cookie id: the two namespaces hash apart. */
export function testerScope(kind: 'header' | 'cookie', id: string): string {
  return `t_${createHash('sha256').update(`${kind}:${id}`).digest('base64url').slice(0, 32)}`;
}

/** The request's tester scope: from its X-Grati-Tester header, else its cookie, else null. */
export function testerScopeOf(req: Request): string | null {
  const header = req.get(TESTER_HEADER);
  if (header !== undefined) return TESTER_NAME.test(header) ? testerScope('header', header) : null;
  const cookie = cookieValue(req.headers.cookie, TESTER_COOKIE);
  return cookie !== undefined && COOKIE_ID.test(cookie) ? testerScope('cookie', cookie) : null;
}

/**
 * The caller's tester scope when it changes something of its own; a browser without one is given
 * one (a cookie, kept `maxAgeMs`). A malformed header is a 400.
 */
export function testerForChange(req: Request, res: Response, maxAgeMs: number): string {
  const header = req.get(TESTER_HEADER);
  if (header !== undefined && !TESTER_NAME.test(header)) {
    throw badRequest(
      TESTER_HEADER,
      `${TESTER_HEADER} must be 1 to 64 letters, digits, ".", "_", "@" or "-".`,
    );
  }
  const known = testerScopeOf(req);
  if (known !== null) return known;
  const id = randomUUID();
  res.cookie(TESTER_COOKIE, id, {
    path: '/',
    sameSite: 'lax',
    httpOnly: true,
    // Over HTTPS (this server's TLS, or a trusted proxy's: the `trust proxy` setting), the
    // browser never sends it back over plain HTTP, where anyone on the way could read it.
    secure: req.secure,
    maxAge: maxAgeMs,
  });
  return testerScope('cookie', id);
}
