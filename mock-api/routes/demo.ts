// Mock-only: the demo profiles the home page lists, and a read-only view of the data for testers.
import { Router, type Request } from 'express';
import type { DemoProfile } from '../../src/api/contract/types';
import type { Store } from '../db/store';
import { HttpError, badRequest, envelope } from '../http';

export function demoRoutes(store: Store): Router {
  const router = Router();
  router.get('/__demo-profiles', (_req, res) => {
    const profiles: DemoProfile[] = store.db.demoProfiles.flatMap(({ id, shows }) => {
      const user = store.db.users.find((u) => u._id === id);
      return user ? [{ id, fullName: user.fullName, shows }] : [];
    });
    res.json(envelope(profiles, profiles.length));
  });
  // json-server's own router, GET only: /api/__db/users, /api/__db/feed?userId=ava-martinez, ...
  router.use(
    '/__db',
    (req, res, next) => {
      if (req.method !== 'GET') {
        next(new HttpError(405, 'read_only', 'The data view is read-only.'));
        return;
      }
      const collection = req.path.split('/')[1] ?? '';
      if (HIDDEN_COLLECTIONS.has(collection)) {
        next(
          new HttpError(
            404,
            'not_offered',
            `The data view does not show ${collection}: its records hold client secrets.`,
          ),
        );
        return;
      }
      const error = dataViewQueryError(req.query);
      if (error) {
        next(error);
        return;
      }
      literalLikeFilters(req.query as Record<string, string>);
      // json-server answers with res.jsonp: what it answers is redacted on the way out.
      const jsonp = res.jsonp.bind(res);
      res.jsonp = (body?: unknown) => jsonp(redactDataView(body));
      next();
    },
    store.router,
  );
  return router;
}

/** Collections kept out of the data view (their records replay answers with client secrets). */
const HIDDEN_COLLECTIONS = new Set(['idempotency']);

/**
 * json-server runs each `<field>_like` as a case-insensitive regular expression: a caller's
 * pattern could take the server down (catastrophic backtracking). Here it is a plain,
 * case-insensitive substring: its characters are escaped before json-server sees it.
 */
function literalLikeFilters(query: Record<string, string>): void {
  for (const [name, value] of Object.entries(query)) {
    if (name.endsWith('_like')) query[name] = value.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
}

const CLIENT_SECRET = /\bpi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+\b/g;

/** `ava@example.com` -> `a***@example.com`: enough to tell guests apart, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/**
 * What the data view may show: no PaymentIntent client secret anywhere (field or text), the
 * idempotency records left out of the whole-data view, and emails masked.
 */
export function redactDataView(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (/email/i.test(key)) return maskEmail(value);
    return value.replace(CLIENT_SECRET, '[client secret hidden]');
  }
  if (Array.isArray(value)) return value.map((item) => redactDataView(item, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      if (HIDDEN_COLLECTIONS.has(name)) continue;
      if (/^client_?secret$/i.test(name)) continue;
      out[name] = redactDataView(item, name);
    }
    return out;
  }
  return value;
}

/**
 * json-server's router takes each query parameter as one string and throws (an HTML 500) on
 * anything else: repeated or bracketed parameters. Those get a JSON 400 here first; JSONP
 * (`callback`) is not offered.
 */
function dataViewQueryError(query: Request['query']): HttpError | null {
  for (const [name, value] of Object.entries(query)) {
    if (name === 'callback' || name === '_jsonp') {
      return badRequest(name, 'The data view answers JSON only.');
    }
    if (typeof value !== 'string') {
      return badRequest(name, `${name} must be given once, as plain text.`);
    }
  }
  return null;
}
