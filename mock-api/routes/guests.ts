// The guest lookup (createWebUser) and the profile-click record.
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Store } from '../db/store';
import { emailAddress } from '../../src/api/contract/schemas';
import { asyncRoute, jsonBody, notFound } from '../http';
import { asSent, checkFields, nameField, text, textString } from '../validation';

const GUEST_LOOKUP = {
  fullName: nameField(),
  email: asSent(emailAddress(textString({ max: 254 }), '${path} is not a valid address.')),
};
const PROFILE_CLICK = {
  userProfileId: text({ max: 100 }),
  profileClickBy: text({ max: 100 }),
  guestName: nameField(),
};

export function guestRoutes(store: Store): Router {
  const router = Router();

  router.post(
    '/user/v2/createWebUser',
    asyncRoute(async (req, res) => {
      const body = jsonBody(req);
      const { fullName, ...guest } = checkFields(body, GUEST_LOOKUP);
      const email = guest.email.toLowerCase();
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
      const { userProfileId, profileClickBy, guestName } = checkFields(body, PROFILE_CLICK);
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
