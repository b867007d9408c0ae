// Each collection's records field by field, as the routes write them (./types.ts) and read them
// back: checked when the data file is opened (./dataShape.ts), so a record with a field of the
// wrong type (a payment whose metadata is null, a feed item whose createdAt is a number) is
// refused by name at the start instead of failing every lookup that reads it. Types and the
// values the code looks things up by (a kind's icon, a payment method); not the routes' content
// rules (a name's characters, an email's form), which a record an older version stored may
// predate and which break nothing that reads it.
import { type AnySchema, array, boolean, mixed, number, object, string } from 'yup';
import { PAYMENT_METHOD_KINDS } from '../../src/api/contract/fees';
import {
  GRATITUDE_ICONS,
  type BusinessType,
  type GratitudeType,
} from '../../src/api/contract/types';
import type { PendingGratitudeRecord } from './types';

/** How a problem names what it found: "an object", "a list", "a string", "null". */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

type Problem = { path: string; value: unknown };

/** "<path> must be <what>, not <what it is>": every message starts with the field's path. */
export const notA =
  (what: string) =>
  ({ path, value }: Problem) =>
    `${path} must be ${what}, not ${kindOf(value)}`;

const missing =
  (what: string) =>
  ({ path }: Problem) =>
    `${path} is missing (it must be ${what})`;

/** A value as a problem quotes it: short, and on one line whatever it holds. */
const quoted = (value: unknown) => JSON.stringify(value)?.slice(0, 60) ?? String(value);

interface Presence {
  /** The field may be absent (added after files were first written, or only sometimes set). */
  optional?: boolean;
  /** null is one of its values. */
  nullable?: boolean;
}

/** `schema` of `what`, present and not null unless `presence` allows it. */
function field<S extends AnySchema>(schema: S, what: string, presence: Presence = {}): AnySchema {
  const wanted = presence.nullable ? `${what} or null` : what;
  let rule: AnySchema = schema
    .strict()
    .typeError(notA(wanted))
    .nonNullable(notA(wanted))
    .defined(missing(wanted));
  if (presence.nullable) rule = rule.nullable();
  return presence.optional ? rule.optional() : rule;
}

const text = (presence?: Presence) => field(string(), 'a string', presence);
const flag = (presence?: Presence) => field(boolean(), 'true or false', presence);

/** A whole number of at least 0 (a count, or cents). */
const whole = (presence?: Presence) =>
  field(
    number().test(
      'whole',
      ({ path, value }: Problem) =>
        `${path} must be a whole number of at least 0, not ${quoted(value)}`,
      (value) => value == null || (Number.isSafeInteger(value) && value >= 0),
    ),
    'a number',
    presence,
  );

/** One of `values`: what the code looks things up by. */
const oneOf = (values: readonly string[], presence?: Presence) =>
  field(
    string().test(
      'one-of',
      ({ path, value }: Problem) =>
        `${path} must be one of ${values.join(', ')}, not ${quoted(value)}`,
      (value) => value == null || values.includes(value),
    ),
    'a string',
    presence,
  );

/** An object with these fields (others are left alone). */
export const recordOf = (shape: Record<string, AnySchema>, presence?: Presence) =>
  field(object(shape), 'an object', presence);

/** An object whose every value is a string, as a `Record<string, string>` is. */
const textByKey = () =>
  field(
    object().test('text-by-key', function check(value: Record<string, unknown> | undefined) {
      const [key, wrong] = Object.entries(value ?? {}).find(([, v]) => typeof v !== 'string') ?? [];
      if (key === undefined) return true;
      const path = `${this.path}.${key}`;
      return this.createError({ path, message: notA('a string')({ path, value: wrong }) });
    }),
    'an object',
  );

/** A list of `item`s. */
export const listOf = (item: AnySchema, presence?: Presence) =>
  field(array().of(item), 'a list', presence);

const BUSINESS_TYPES: readonly BusinessType[] = ['PERSON', 'WORKPLACE', 'NON-PROFIT'];
const GRATITUDE_TYPES: readonly GratitudeType[] = ['REVIEW', 'TIP', 'BOTH'];
const WITHHELD: readonly NonNullable<PendingGratitudeRecord['withheld']>[] = [
  'refunded',
  'disputed',
  'canceled',
];

const user = recordOf({
  _id: text(),
  fullName: text(),
  userName: text(),
  profession: text({ nullable: true }),
  workPlace: text({ nullable: true }),
  bio: text({ nullable: true }),
  businessType: oneOf(BUSINESS_TYPES),
  premium: recordOf({ isProfileVerified: flag() }),
  isNgoVerified: flag(),
  profilePicture: text({ nullable: true }),
  socialLinks: recordOf({
    FBlink: text({ nullable: true }),
    InstaLink: text({ nullable: true }),
    LinkedInLink: text({ nullable: true }),
  }),
  memberIds: listOf(text()),
  workPlaceId: text({ nullable: true }),
  iconsCount: recordOf({
    handshakeCount: whole(),
    thumbsupCount: whole(),
    cleberateCount: whole(),
    thankyouCount: whole(),
  }),
});

const feedItem = recordOf({
  id: text(),
  userId: text(),
  gratitudeType: oneOf(GRATITUDE_TYPES),
  // The contract's kinds, as the review form's check has them: publishing counts a review under
  // its kind's count.
  icon: oneOf(GRATITUDE_ICONS),
  title: text(),
  sayThanks: text(),
  media: listOf(
    recordOf({
      imgUrl: text(),
      mimeType: text(),
      // A video's poster; absent in files written before posters were.
      thumbnailUrl: text({ optional: true, nullable: true }),
    }),
  ),
  createdAt: text(),
  boosted: flag(),
  tipAmount: whole({ nullable: true }),
  giveThanksUser: recordOf({ fullName: text(), profilePicture: text({ nullable: true }) }),
});

const galleryItem = recordOf({
  id: text(),
  userId: text(),
  media: text(),
  mimeType: text(),
  thumbnailUrl: text({ optional: true }),
  createdAt: text(),
});

const guest = recordOf({ userId: text(), email: text(), fullName: text(), createdAt: text() });

const profileClick = recordOf({
  id: text(),
  userProfileId: text(),
  profileClickBy: text(),
  guestName: text(),
  createdAt: text(),
});

const demoProfile = recordOf({ id: text(), shows: text() });

const idempotencyRecord = recordOf({
  key: text(),
  endpoint: text(),
  bodyHash: text(),
  response: mixed().defined(missing('the answer given')),
  createdAt: text(),
});

const payment = recordOf({
  id: text(),
  intentId: text(),
  endpoint: text(),
  amountCents: whole(),
  feeCents: whole(),
  totalCents: whole(),
  paymentMethodTypes: listOf(oneOf(PAYMENT_METHOD_KINDS)),
  // What the payment call sent Stripe (the wire's PaymentMetadata, every value as text).
  metadata: textByKey(),
  idempotencyKey: text(),
  status: text(),
  walletPrepare: flag(),
  tester: text({ optional: true, nullable: true }),
  refunded: flag({ optional: true }),
  disputed: flag({ optional: true }),
  createdAt: text(),
  gratitudeId: text({ optional: true }),
});

const pendingGratitude = recordOf({
  record: feedItem,
  intentId: text(),
  withheld: oneOf(WITHHELD, { optional: true }),
});

/** Each collection's record, and the field that names a record in a problem. */
export const RECORDS = {
  users: { record: user, id: '_id' },
  feed: { record: feedItem, id: 'id' },
  gallery: { record: galleryItem, id: 'id' },
  guests: { record: guest, id: 'userId' },
  profileClicks: { record: profileClick, id: 'id' },
  demoProfiles: { record: demoProfile, id: 'id' },
  idempotency: { record: idempotencyRecord, id: 'key' },
  payments: { record: payment, id: 'id' },
  pendingGratitudes: { record: pendingGratitude, id: 'intentId' },
  webhookEvents: { record: text(), id: null },
} as const satisfies Record<string, { record: AnySchema; id: string | null }>;

export type Collection = keyof typeof RECORDS;

/**
 * A problem Yup found at `path` (`payments[3].metadata`), said with the record it is in named by
 * its id: `payments[3] (id "pi_1"): metadata must be an object, not null`.
 */
export function namingTheRecord(message: string, path: string, saved: unknown): string {
  const match = /^(\w+)\[(\d+)\]\.(.+)$/.exec(path);
  if (!match || !message.startsWith(path)) return message;
  const [, collection = '', index = '', inner = ''] = match;
  const idField = (RECORDS as Record<string, { id: string | null }>)[collection]?.id;
  const list = (saved as Record<string, unknown>)[collection];
  const record = Array.isArray(list) ? (list[Number(index)] as Record<string, unknown>) : undefined;
  const id = idField ? record?.[idField] : undefined;
  const named = typeof id === 'string' ? ` (${idField} ${quoted(id)})` : '';
  return `${collection}[${index}]${named}: ${inner}${message.slice(path.length)}`;
}
