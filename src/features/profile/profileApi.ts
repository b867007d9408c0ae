import { baseApi } from '../../api/baseApi';
import { FIND_USER_PATH, findUserBody } from '../../api/contract/findUser';
import type { Envelope, FindUserResult } from '../../api/contract/types';
import { keepRecentReviews } from './recentReviews';

export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // A POST on the wire, but it reads: a query, cached per profile id. "No such account" (a 404)
    // is an answer, null, not a failure: RTK Query asks again for a failed entry whenever a
    // component subscribes to it, so a 404 the server rendered (and handed over in the preloaded
    // state) would be looked up again by the browser after hydration. A 5xx or a network failure
    // stays an error, asked again as before.
    getProfile: build.query<FindUserResult | null, string>({
      queryFn: async (id, _api, _extraOptions, baseQuery) => {
        const answer = await baseQuery({
          url: FIND_USER_PATH,
          method: 'POST',
          body: findUserBody(id),
        });
        if (answer.error) return answer.error.status === 404 ? { data: null } : answer;
        const { data } = (answer.data as Envelope<FindUserResult>).data;
        return { data: { ...data, userFeed: keepRecentReviews(data.userFeed) } };
      },
      providesTags: (_result, _error, id) => [{ type: 'Profile', id }],
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;
