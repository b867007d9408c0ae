import { baseApi } from '../../api/baseApi';
import type { Envelope, FindUserResult } from '../../api/contract/types';
import { keepRecentReviews } from './recentReviews';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A POST on the wire, but it reads: a query, cached per profile id.
    getProfile: build.query<FindUserResult, string>({
      query: (id) => ({
        url: 'gratitude/findUser',
        method: 'POST',
        body: { _id: id, profilePage: true },
      }),
      transformResponse: ({ data: { data } }: Envelope<FindUserResult>) => ({
        ...data,
        userFeed: keepRecentReviews(data.userFeed),
      }),
      providesTags: (_result, _error, id) => [{ type: 'Profile', id }],
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;
