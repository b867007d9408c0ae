// The spec's gratitude form (section 3) field by field, as the API takes it: a review alone
// (REVIEW), or the review part of a review sent with its tip or donation (BOTH). Written once here
// and read by the app (src/api/recognitionForm.ts), the mock API's checks, the bench and the tests.
import { GRATITUDE_KINDS } from './kinds';
import type { GratitudeIcon } from './types';

export type GratitudeType = 'REVIEW' | 'BOTH';

/** What a review form says, in the app's words. */
export interface ReviewFormValues {
  gratitudeType: GratitudeType;
  icon: GratitudeIcon;
  /** "{guestName} recognized {userName}" and its kind's other verbs. */
  title: string;
  sayThanks: string;
  guestName: string;
  email: string;
  /** The profile thanked. */
  profileId: string;
  /** The guest's id from the guest lookup. */
  userId: string;
  isNonProfit: boolean;
}

/** Each field of the form, in the order the app sends them, and how its value is written. */
const FIELDS = {
  gratitudeType: (v) => v.gratitudeType,
  icon: (v) => v.icon,
  title: (v) => v.title,
  sayThanks: (v) => v.sayThanks.trim(),
  accountType: () => 'Guest',
  guestName: (v) => v.guestName.trim(),
  email: (v) => v.email.trim(),
  latitude: () => '0',
  longitude: () => '0',
  getThanksUserId: (v) => v.profileId,
  userId: (v) => v.userId,
  ngoId: (v) => (v.isNonProfit ? v.profileId : ''),
  isRecurring: () => 'false',
  // A donation is the payment of a BOTH form to a non-profit.
  isDonate: (v) => String(v.gratitudeType === 'BOTH' && v.isNonProfit),
} satisfies Record<string, (values: ReviewFormValues) => string>;

export type ReviewFormField = keyof typeof FIELDS;

/** The form's field names: a field the API receives that is not here belongs to something else. */
export const REVIEW_FORM_FIELDS = Object.keys(FIELDS) as ReviewFormField[];

/** The form's text fields, as sent. */
export function reviewFormFields(values: ReviewFormValues): Record<ReviewFormField, string> {
  return Object.fromEntries(
    REVIEW_FORM_FIELDS.map((name) => [name, FIELDS[name](values)]),
  ) as Record<ReviewFormField, string>;
}

/** The read-only Review Title (spec section 2): `{guestName} {verb} {userName}`. */
export function reviewTitle(guestName: string, icon: GratitudeIcon, userName: string): string {
  return `${guestName.trim()} ${GRATITUDE_KINDS[icon].verb} ${userName}`;
}
