// The guest lookup (createWebUser) and the profile-click record.
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Store } from '../db/store';
import { EMAIL_PATTERN } from '../../src/api/contract/guest';
import { asyncRoute, jsonBody, notFound, requireString } from '../http';
import { requireName } from '../names';

export function guestRoutes(store: Store): Router {
  const router = Router();

  router.post(
    '/user/v2/createWebUser',
    asyncRoute(async (req, res) => {
      const body = jsonBody(req);
      const fullName = requireName(body, 'fullName');
      const email = requireString(body, 'email', {
        max: 254,
        pattern: EMAIL_PATTERN,
        patternMessage: 'email is not a valid address.',
      }).toLowerCase();
      const userId = await store.mutate((db) => {
        const known = db.guests.find((g) => g.email === email);
        if (known) return known.userId;
        const created = {
          userId: `guest-${randomUUID()}`,
          email,
          fullName,
          createdAt: new Date().toISOString(),
        };
        db.guests.push(created);
        return created.userId;
      });
      res.json({ status: 200, data: { userId } });
    }),
  );

  router.post(
    '/user/userProfileClick',
    asyncRoute(async (req, res) => {
      const body = jsonBody(req);
      const userProfileId = requireString(body, 'userProfileId', { max: 100 });
      const profileClickBy = requireString(body, 'profileClickBy', { max: 100 });
      const guestName = requireName(body, 'guestName');
      if (!store.db.users.some((u) => u._id === userProfileId)) {
        throw notFound(`No account exists with the id "${userProfileId}".`, 'userProfileId');
      }
      const click = {
        id: randomUUID(),
        userProfileId,
        profileClickBy,
        guestName,
        createdAt: new Date().toISOString(),
      };
      await store.mutate((db) => db.profileClicks.push(click));
      res.json({ status: 200, data: { data: { id: click.id } } });
    }),
  );

  return router;
}
