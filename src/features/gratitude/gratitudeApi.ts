import { baseApi, thunkExtra } from '../../api/baseApi';
import { recognitionForm, type SendRecognitionArgs } from '../../api/recognitionForm';
import { uploadForm } from '../../api/uploadForm';
import type { Guest } from '../../api/contract/guest';

export const gratitudeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createWebUser: build.mutation<Pick<Guest, 'userId'>, Pick<Guest, 'email' | 'fullName'>>({
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
          thunkExtra(api).config,
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
