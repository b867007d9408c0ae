import { baseApi, type ThunkExtra } from '../../api/baseApi';
import { uploadForm } from '../../api/uploadForm';
import type { GratitudeIcon } from '../../api/contract/types';
import { type Guest } from '../../api/contract/guest';

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
  gratitudeType: 'REVIEW' | 'BOTH' = 'REVIEW',
  /** More text fields (a payment's), sent before the files. */
  extraFields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    gratitudeType,
    icon: args.icon,
    title: args.title,
    sayThanks: args.sayThanks.trim(),
    accountType: 'Guest',
    guestName: args.guest.fullName.trim(),
    email: args.guest.email.trim(),
    latitude: '0',
    longitude: '0',
    getThanksUserId: args.profileId,
    userId: args.guest.userId,
    ngoId: args.isNonProfit ? args.profileId : '',
    isRecurring: 'false',
    isDonate: String(gratitudeType === 'BOTH' && args.isNonProfit),
    ...extraFields,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of args.media) form.append('media', file, file.name);
  if (args.thumbnail) form.append('thumbnail', args.thumbnail, 'thumbnail.jpg');
  return form;
}

export const gratitudeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createWebUser: build.mutation<{ userId: string }, { email: string; fullName: string }>({
      query: (body) => ({ url: 'user/v2/createWebUser', method: 'POST', body }),
      transformResponse: (response: { data: { userId: string } }) => response.data,
    }),
    recordProfileClick: build.mutation<
      void,
      { userProfileId: string; profileClickBy: string; guestName: string }
    >({
      query: (body) => ({ url: 'user/userProfileClick', method: 'POST', body }),
      transformResponse: () => undefined,
    }),
    sendRecognition: build.mutation<{ id: string }, SendRecognitionArgs>({
      // Text only goes to create-gratitude, anything with media to image-gratitude (spec 7).
      queryFn: async (args, api) => {
        const result = await uploadForm<{ data: { data: { id: string } } }>(
          (api.extra as ThunkExtra).config,
          {
            path:
              args.media.length > 0 ? 'gratitude/image-gratitude' : 'gratitude/create-gratitude',
            form: recognitionForm(args),
            headers: { 'Idempotency-Key': args.idempotencyKey },
            onProgress: args.onProgress,
          },
          api.signal,
        );
        return 'error' in result ? result : { data: result.data.data.data };
      },
      invalidatesTags: (_result, _error, args) => [
        { type: 'Profile', id: args.profileId },
        { type: 'Gallery', id: args.profileId },
      ],
    }),
  }),
});

export const {
  useCreateWebUserMutation,
  useRecordProfileClickMutation,
  useSendRecognitionMutation,
} = gratitudeApi;
