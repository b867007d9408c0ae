// POST gratitude/findUser: the profile lookup (user details, feed, icon counts).
import { Router, type Request } from 'express';
import type { FeedItem, FindUserResult, UserDetails } from '../../src/api/contract/types';
import type { Db, FeedRecord, UserRecord } from '../db/types';
import type { Store } from '../db/store';
import { asyncRoute, envelope, jsonBody, notFound } from '../http';
import { mediaUrl, requestOrigin, wireMedia } from '../media';
import { checkFields, optionalBool, text } from '../validation';

const FIND_USER = { _id: text({ max: 100 }), profilePage: optionalBool() };

export interface ProfileRoutesOptions {
  /**
   * A step the lookup awaits once the request is checked, before it reads the data, with the
   * profile asked for (mock-api/server.ts: the payment reconciliation, which may publish reviews
   * the answer then shows).
   */
  beforeLookup?: (req: Request, profileId: string) => Promise<void>;
}

export function profileRoutes(store: Store, options: ProfileRoutesOptions = {}): Router {
  const { beforeLookup } = options;
  const router = Router();
  router.post(
    '/gratitude/findUser',
    asyncRoute(async (req, res) => {
      const body = jsonBody(req);
      const { _id: id } = checkFields(body, FIND_USER);
      if (beforeLookup) await beforeLookup(req, id);
      const user = store.db.users.find((u) => u._id === id);
      if (!user) throw notFound(`No account exists with the id "${id}".`, '_id');
      const feed = feedOf(store.db, id);
      const result = findUserResult(store.db, user, feed, requestOrigin(req));
      res.json(envelope(result, feed.length));
    }),
  );
  return router;
}

/** The profile's feed, newest first. */
export function feedOf(db: Db, userId: string): FeedRecord[] {
  return db.feed
    .filter((item) => item.userId === userId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

function findUserResult(
  db: Db,
  user: UserRecord,
  feed: FeedRecord[],
  origin: string,
): FindUserResult {
  return {
    userDetails: userDetails(db, user, origin),
    userFeed: feed.map((item) => feedItem(item, origin)),
    iconsCount: user.iconsCount,
  };
}

function userDetails(db: Db, user: UserRecord, origin: string): UserDetails {
  const byId = (id: string) => db.users.find((u) => u._id === id);
  const workPlace = user.workPlaceId ? byId(user.workPlaceId) : undefined;
  return {
    _id: user._id,
    fullName: user.fullName,
    userName: user.userName,
    profession: user.profession,
    workPlace: user.workPlace,
    bio: user.bio,
    businessType: user.businessType,
    premium: user.premium,
    isNgoVerified: user.isNgoVerified,
    profilePicture: mediaUrl(origin, user.profilePicture),
    socialLinks: user.socialLinks,
    workPlaceMembersData: user.memberIds.flatMap((id) => {
      const member = byId(id);
      return member
        ? [
            {
              _id: member._id,
              fullName: member.fullName,
              profilePicture: mediaUrl(origin, member.profilePicture),
            },
          ]
        : [];
    }),
    associatedWithWorkPlaceDetails: workPlace
      ? { workPlace: { _id: workPlace._id, fullName: workPlace.fullName } }
      : null,
  };
}

function feedItem(record: FeedRecord, origin: string): FeedItem {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- userId is ours, not the wire's
  const { userId, ...item } = record;
  return {
    ...item,
    media: item.media.map((m) => wireMedia(m, origin)),
    giveThanksUser: {
      ...item.giveThanksUser,
      profilePicture: mediaUrl(origin, item.giveThanksUser.profilePicture),
    },
  };
}
