// Mock-only: the demo profiles the home page lists, and a read-only view of the public data for
// testers (json-server's own router, over a copy of the public collections made per request).
import { Router, type Request, type RequestHandler } from 'express';
import jsonServer from 'json-server';
import type { DemoProfile } from '../../src/api/contract/types';
import type { Store } from '../db/store';
import type { Db } from '../db/types';
import { HttpError, badRequest, envelope } from '../http';

/**
 * What the data view shows: an allow-list. Payments, pending reviews, webhook events, idempotency
 * records and any collection added later stay out, whatever the data file holds (json-server
 * would make a route of every top-level key it finds there).
 */
export const PUBLIC_COLLECTIONS = ['users', 'feed', 'gallery', 'guests', 'profileClicks'] as const;
const PUBLIC = new Set<string>(PUBLIC_COLLECTIONS);

export function demoRoutes(store: Store): Router {
  const router = Router();
  router.get('/__demo-profiles', (_req, res) => {
    const profiles: DemoProfile[] = store.db.demoProfiles.flatMap(({ id, shows }) => {
      const user = store.db.users.find((u) => u._id === id);
      return user ? [{ id, fullName: user.fullName, shows }] : [];
    });
    res.json(envelope(profiles, profiles.length));
  });
  // GET only: /api/__db/db, /api/__db/users, /api/__db/feed?userId=ava-martinez, ...
  router.use('/__db', dataView(store));
  return router;
}

function dataView(store: Store): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET') throw new HttpError(405, 'read_only', 'The data view is read-only.');
    const segments = pathSegments(req);
    const query = checkedQuery(req.query);
    const [collection = '', id, nested] = segments;
    const whole = collection === 'db' && segments.length === 1;
    const offered =
      whole || (PUBLIC.has(collection) && segments.length <= 3 && (!nested || PUBLIC.has(nested)));
    if (!offered) {
      throw new HttpError(
        404,
        'not_offered',
        `The data view shows only ${PUBLIC_COLLECTIONS.join(', ')} and db (all of them).`,
      );
    }
    // json-server searches every field with q; here it runs on the copy, leaving emails out.
    const listed = id === undefined || nested !== undefined ? (nested ?? collection) : null;
    const search = query.q ? { collection: listed, text: query.q.toLowerCase() } : null;
    delete query.q;
    literalLikeFilters(query);
    // json-server's router reads (and trims) req.query: it gets the checked copy.
    req.query = query;
    const view = publicView(store.db, whole ? PUBLIC : collectionsRead(segments, query), search);
    const viewRouter = jsonServer.router(view);
    // json-server answers a failure of its own with an HTML 500 holding the stack trace: drop its
    // error handler, so a failure goes on to the API's JSON one.
    viewRouter.stack = viewRouter.stack.filter((layer) => layer.handle.length !== 4);
    viewRouter(req, res, next);
  };
}

/**
 * The path's parts, decoded. A malformed percent escape, in the path (json-server's router
 * answered it with an HTML 500 and its stack trace) or in the query (which express would read as
 * the literal text), is a 400.
 */
function pathSegments(req: Request): string[] {
  const at = req.originalUrl.indexOf('?');
  if (at !== -1) decoded(req.originalUrl.slice(at + 1).replace(/\+/g, ' '));
  const trimmed = req.path.replace(/^\//, '').replace(/\/$/, '');
  return trimmed.split('/').map(decoded);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(
      400,
      'bad_request',
      'The address holds a malformed percent escape (a % not followed by UTF-8 in hex).',
    );
  }
}

/** The collections a request reads: its own, the nested one and what it embeds or expands. */
function collectionsRead(segments: string[], query: Record<string, string>): Set<string> {
  const read = new Set(segments.filter((segment, i) => i !== 1 && PUBLIC.has(segment)));
  if (query._embed) read.add(query._embed);
  if (query._expand) read.add(`${query._expand}s`);
  return read;
}

/**
 * The query as strings, checked: json-server's router takes each parameter as one string and
 * throws (an HTML 500) on anything else; JSONP is not offered; `_delay` would hold the answer
 * as long as a caller asks; `_embed` and `_expand` may only name public collections; and no
 * filter or sort may read an email (`email=`, `email_gte`, `_sort=email`: each would tell a
 * caller what the masked addresses are, a request at a time).
 */
function checkedQuery(query: Request['query']): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'callback' || name === '_jsonp') {
      throw badRequest(name, 'The data view answers JSON only.');
    }
    if (typeof value !== 'string') {
      throw badRequest(name, `${name} must be given once, as plain text.`);
    }
    if (name === '_delay') throw badRequest(name, 'The data view does not delay its answers.');
    if (name === '_embed' && !PUBLIC.has(value)) {
      throw notOffered(name, `_embed may name ${PUBLIC_COLLECTIONS.join(', ')}.`);
    }
    if (name === '_expand' && !PUBLIC.has(`${value}s`)) {
      throw notOffered(name, '_expand may name user, guest or profileClick.');
    }
    const fields = name === '_sort' ? value.split(',') : FIELD_PARAMETER.test(name) ? [name] : [];
    if (fields.some(readsEmail)) {
      throw new HttpError(
        400,
        'bad_request',
        `${name}: the data view does not filter or sort by email; addresses are shown masked only.`,
        name,
      );
    }
    checked[name] = value;
  }
  return checked;
}

const notOffered = (field: string, message: string) =>
  new HttpError(400, 'bad_request', message, field);

/** A filter on a field (`email`, `feed.title_like`): any parameter but json-server's own. */
const FIELD_PARAMETER = /^(?!(q|_sort|_order|_start|_end|_limit|_page|_embed|_expand|_)$)/;

/**
 * Whether a field path reaches an email: its letters spell one anywhere, however the path is
 * written (`email`, `guest.email_gte`, `["em\ail"]`, `e.mail`: lodash reads them all as paths).
 */
const readsEmail = (field: string) => /email/i.test(field.replace(/[^a-z]/gi, ''));

/** Whether a field holds an email, so its value is masked and never searched. */
const holdsEmail = (key: string) => /email/i.test(key);

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

/**
 * The data json-server's router sees: a redacted copy of the `collections` asked for (public
 * ones only), the searched one keeping only its records whose text, emails aside, holds
 * `search.text` (json-server's q: a case-insensitive substring of any field, at any depth).
 */
function publicView(
  db: Db,
  collections: Set<string>,
  search: { collection: string | null; text: string } | null,
): Record<string, unknown[]> {
  const view: Record<string, unknown[]> = {};
  for (const name of PUBLIC_COLLECTIONS) {
    if (!collections.has(name)) continue;
    // A data file from before a collection existed has none: an empty one, as json-server needs.
    let records = (db[name] as unknown[] | undefined) ?? [];
    if (search && search.collection === name) {
      records = records.filter((record) => holdsText(record, search.text));
    }
    view[name] = redactDataView(records) as unknown[];
  }
  return view;
}

function holdsText(value: unknown, text: string, key = ''): boolean {
  if (holdsEmail(key)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsText(item, text, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([name, item]) => holdsText(item, text, name));
  }
  return (
    value !== null &&
    value !== undefined &&
    value !== '' &&
    String(value).toLowerCase().includes(text)
  );
}

const CLIENT_SECRET = /\bpi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+\b/g;

/** `ava@example.com` -> `a***@example.com`: enough to tell guests apart, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** What the data view may show: no PaymentIntent client secret anywhere, and emails masked. */
export function redactDataView(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    if (holdsEmail(key)) return maskEmail(value);
    return value.replace(CLIENT_SECRET, '[client secret hidden]');
  }
  if (Array.isArray(value)) return value.map((item) => redactDataView(item, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      if (/^client_?secret$/i.test(name)) continue;
      out[name] = redactDataView(item, name);
    }
    return out;
  }
  return value;
}
