// Mock-only: the demo profiles the home page lists, and a read-only view of the data for testers.
import { Router } from 'express';
import type { DemoProfile } from '../../src/api/types';
import type { Store } from '../db/store';
import { HttpError, envelope } from '../http';

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
          ? undefined
          : new HttpError(405, 'read_only', 'The data view is read-only.'),
      );
    },
    store.router,
  );
  return router;
}
