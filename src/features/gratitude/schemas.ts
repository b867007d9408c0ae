// The Yup schemas of the guest details step and the review form (spec section 5).
import * as yup from 'yup';
import { GRATITUDE_ICONS, type GratitudeIcon } from '../../api/contract/types';
import { EMAIL_PATTERN, MAX_FULL_NAME_LENGTH } from '../../api/contract/guest';
import {
  nameBrokenMessage,
  nameCharactersMessage,
  nameProblem,
  normalizeName,
} from '../../api/contract/names';
import { MAX_SAY_THANKS_LENGTH, MESSAGE_TEXT_OR_MEDIA_REQUIRED } from '../../api/contract/limits';
import type { PickedMedia } from './media/validateMedia';

/** The spec's one rule for an empty required field: '{label} is not allowed to be empty'. */
export const emptyMessage = (label: string) => `${label} is not allowed to be empty`;
/** Not written in the spec; worded like Yup's own max message. */
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

export const FULL_NAME_LABEL = 'Full Name';
export const EMAIL_LABEL = 'Email';
export const SAY_THANKS_LABEL = 'Say thanks';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email';

/** The form's message for each way a name breaks the rule of src/api/contract/names.ts. */
const FULL_NAME_MESSAGES = {
  empty: emptyMessage(FULL_NAME_LABEL),
  characters: nameCharactersMessage(FULL_NAME_LABEL),
  broken: nameBrokenMessage(FULL_NAME_LABEL),
  tooLong: tooLongMessage(FULL_NAME_LABEL, MAX_FULL_NAME_LENGTH),
};

/**
 * Both fields are trimmed before they are checked, and the name is also put in Unicode NFC (the
 * API's rule for names). Formik validates the cast values but submits the raw ones, so send
 * `guestDetailsSchema.cast(values)` to get the normalised name and the trimmed email.
 */
export const guestDetailsSchema = yup.object({
  fullName: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizeName(value) : value))
    .required(FULL_NAME_MESSAGES.empty)
    // One message at a time, in the rule's order (required() has said it when there is nothing):
    // a name of only invisible characters is empty too.
    .test('name', FULL_NAME_MESSAGES.empty, function check(value) {
      const problem = value ? nameProblem(value) : null;
      return problem === null || this.createError({ message: FULL_NAME_MESSAGES[problem] });
    }),
  email: yup
    .string()
    .trim()
    .required(emptyMessage(EMAIL_LABEL))
    // The mock API's rule (any top-level domain), not Yup's own .email(); an empty email gets only
    // the empty message.
    .matches(EMAIL_PATTERN, { message: INVALID_EMAIL_MESSAGE, excludeEmptyString: true }),
});

export type GuestDetailsValues = yup.InferType<typeof guestDetailsSchema>;

export interface ReviewValues {
  icon: GratitudeIcon;
  sayThanks: string;
  media: PickedMedia[];
}

/** Whether the review has something to send: trimmed text, or at least one attachment. */
export const hasTextOrMedia = (values: Pick<ReviewValues, 'sayThanks' | 'media'>) =>
  values.sayThanks.trim().length > 0 || values.media.length > 0;

/**
 * The media themselves are checked as they are picked (addMedia), so here they only count toward
 * "text or media". The "text or media" error is reported on `sayThanks`, the field the guest fills.
 */
export const reviewSchema = yup
  .object({
    icon: yup
      .mixed<GratitudeIcon>()
      .oneOf([...GRATITUDE_ICONS], 'Please choose a kind of recognition')
      .required('Please choose a kind of recognition'),
    sayThanks: yup
      .string()
      .trim()
      .max(MAX_SAY_THANKS_LENGTH, tooLongMessage(SAY_THANKS_LABEL, MAX_SAY_THANKS_LENGTH))
      .defined()
      .default(''),
    media: yup.array().of(yup.mixed<PickedMedia>().defined()).defined().default([]),
  })
  .test('text-or-media', MESSAGE_TEXT_OR_MEDIA_REQUIRED, function check(values) {
    if (hasTextOrMedia(values)) return true;
    return this.createError({ path: 'sayThanks', message: MESSAGE_TEXT_OR_MEDIA_REQUIRED });
  });
