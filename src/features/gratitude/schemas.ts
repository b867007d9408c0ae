// The Yup schemas of the guest details step and the review form (spec section 5).
import * as yup from 'yup';
import type { GratitudeIcon } from '../../api/contract/types';
import { MAX_FULL_NAME_LENGTH } from '../../api/contract/guest';
import { nameBrokenMessage, nameCharactersMessage } from '../../api/contract/names';
import { MAX_SAY_THANKS_LENGTH, MESSAGE_TEXT_OR_MEDIA_REQUIRED } from '../../api/contract/limits';
import { emailAddress, gratitudeIcon, personName, sayThanksText } from '../../api/contract/schemas';
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
const CHOOSE_ICON_MESSAGE = 'Please choose a kind of recognition';

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
  // The contract's names rule, one message at a time (required() says it when there is nothing;
  // a name of only invisible characters is empty too).
  fullName: personName(yup.string().required(FULL_NAME_MESSAGES.empty), FULL_NAME_MESSAGES),
  // The mock API's rule (any top-level domain), not Yup's own .email(); an empty email gets only
  // the empty message.
  email: emailAddress(
    yup.string().trim().required(emptyMessage(EMAIL_LABEL)),
    INVALID_EMAIL_MESSAGE,
  ),
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
    icon: gratitudeIcon(
      yup.mixed<GratitudeIcon>().required(CHOOSE_ICON_MESSAGE),
      CHOOSE_ICON_MESSAGE,
    ),
    sayThanks: sayThanksText(tooLongMessage(SAY_THANKS_LABEL, MAX_SAY_THANKS_LENGTH))
      .defined()
      .default(''),
    media: yup.array().of(yup.mixed<PickedMedia>().defined()).defined().default([]),
  })
  .test('text-or-media', MESSAGE_TEXT_OR_MEDIA_REQUIRED, function check(values) {
    if (hasTextOrMedia(values)) return true;
    return this.createError({ path: 'sayThanks', message: MESSAGE_TEXT_OR_MEDIA_REQUIRED });
  });
