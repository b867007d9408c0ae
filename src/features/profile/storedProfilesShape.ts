// The shape a kept profile must have to be shown (storedProfiles.ts): every field the page reads,
// of the type the wire contract gives it (src/api/contract/types.ts). A copy is only what this
// browser's storage holds, which an older build, an extension or a hand may have written: one
// that is not this shape would reach the page's components as if the API had answered it, and a
// field of the wrong type there is the error screen ("Something went wrong") for that visit.
import type { FindUserResult } from '../../api/contract/types';

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Check = (value) => typeof value === 'string';
const boolean: Check = (value) => typeof value === 'boolean';
const count: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
/** An object with at least these fields, each of its type (more fields are the API's own). */
const shaped =
  (fields: Record<string, Check>): Check =>
  (value) =>
    isObject(value) && Object.entries(fields).every(([name, check]) => check(value[name]));
/** A time the page can say "... ago" of. */
const timestamp: Check = (value) => string(value) && Number.isFinite(Date.parse(value as string));

const person = shaped({ fullName: string, profilePicture: orNull(string) });

const userDetails = shaped({
  _id: string,
  fullName: string,
  userName: string,
  profession: orNull(string),
  workPlace: orNull(string),
  bio: orNull(string),
  businessType: string,
  premium: shaped({ isProfileVerified: boolean }),
  isNgoVerified: boolean,
  profilePicture: orNull(string),
  socialLinks: shaped({
    FBlink: orNull(string),
    InstaLink: orNull(string),
    LinkedInLink: orNull(string),
  }),
  workPlaceMembersData: arrayOf(
    shaped({ _id: string, fullName: string, profilePicture: orNull(string) }),
  ),
  associatedWithWorkPlaceDetails: orNull(
    shaped({ workPlace: shaped({ _id: string, fullName: string }) }),
  ),
});

const feedItem = shaped({
  id: string,
  gratitudeType: string,
  icon: string,
  title: string,
  sayThanks: string,
  media: arrayOf(
    shaped({ imgUrl: string, mimeType: string, thumbnailUrl: optional(orNull(string)) }),
  ),
  createdAt: timestamp,
  boosted: boolean,
  tipAmount: orNull(count),
  giveThanksUser: person,
});

// A count the API leaves out shows as none; one of another type is not a count.
const iconsCount = shaped({
  handshakeCount: optional(count),
  thumbsupCount: optional(count),
  cleberateCount: optional(count),
  thankyouCount: optional(count),
});

const findUserResult = shaped({ userDetails, userFeed: arrayOf(feedItem), iconsCount });

/** Whether `value` is a profile the page can show, and `id`'s. */
export function isStoredProfileOf(id: string, value: unknown): value is FindUserResult {
  return findUserResult(value) && (value as FindUserResult).userDetails._id === id;
}
