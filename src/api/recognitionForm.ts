// The spec's gratitude form (section 3) as the app sends it: the contract's fields
// (./contract/reviewForm.ts), then the files. Sent by the gratitude and the payment calls alike.
import type { Guest } from './contract/guest';
import { type GratitudeType, reviewFormFields } from './contract/reviewForm';
import type { GratitudeIcon } from './contract/types';

export interface SendRecognitionArgs {
  profileId: string;
  icon: GratitudeIcon;
  title: string;
  sayThanks: string;
  guest: Guest;
  isNonProfit: boolean;
  media: File[];
  /** The video's JPEG thumbnail, when media is one video. */
  thumbnail: Blob | null;
  /** One per submission: a retry or double click of the same values stores one recognition. */
  idempotencyKey: string;
  onProgress?: (percentSent: number) => void;
}

/** The review part of a gratitude form: everything but the key, the progress and the type. */
export type ReviewFormArgs = Omit<SendRecognitionArgs, 'idempotencyKey' | 'onProgress'>;

/**
 * The spec's gratitude form (section 3): a review alone (REVIEW), or the review part of a review
 * sent with a tip or donation (BOTH, where isDonate says whether the payment is a donation).
 */
export function recognitionForm(
  args: ReviewFormArgs,
  gratitudeType: GratitudeType = 'REVIEW',
  /** More text fields (a payment's), sent before the files. */
  extraFields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    ...reviewFormFields({
      gratitudeType,
      icon: args.icon,
      title: args.title,
      sayThanks: args.sayThanks,
      guestName: args.guest.fullName,
      email: args.guest.email,
      profileId: args.profileId,
      userId: args.guest.userId,
      isNonProfit: args.isNonProfit,
    }),
    ...extraFields,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of args.media) form.append('media', file, file.name);
  if (args.thumbnail) form.append('thumbnail', args.thumbnail, 'thumbnail.jpg');
  return form;
}
