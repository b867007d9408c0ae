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
    (req, _res, next) => {
      next(
        req.method === 'GET'
          ? (dataViewQueryError(req.query) ?? undefined)
          : new HttpError(405, 'read_only', 'The data view is read-only.'),
      );
    },
    store.router,
  );
  return router;
}

/**
 * json-server's router takes each query parameter as one string and throws (an HTML 500) on
 * anything else: repeated or bracketed parameters, a `_like` that is not a regular expression.
 * Those get a JSON 400 here first; JSONP (`callback`) is not offered.
 */
function dataViewQueryError(query: Request['query']): HttpError | null {
  for (const [name, value] of Object.entries(query)) {
    if (name === 'callback' || name === '_jsonp') {
      return badRequest(name, 'The data view answers JSON only.');
    }
    if (typeof value !== 'string') {
      return badRequest(name, `${name} must be given once, as plain text.`);
    }
    if (name.endsWith('_like')) {
      try {
        new RegExp(value, 'i');
      } catch {
        return badRequest(name, `${name} must be a valid regular expression.`);
      }
    }
  }
  return null;
}
