import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { FIND_USER_PATH, findUserBody } from '../../api/contract/findUser';
import type { Envelope, FindUserResult } from '../../api/contract/types';
import { keepRecentReviews } from './recentReviews';
import { keepProfile, readStoredProfile } from './storedProfiles';
import { whenIdle } from '../../loading/idle';

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
      // Each answer is kept in this browser for its next visit (storedProfiles.ts), once the
      // page is idle; a server render keeps nothing. A poll's unchanged answer is written again
      // (about 8 KB every 3 s while a paid review waits for its webhook): skipping it cost 25 to
      // 40 bytes of the first load, which has none to spare (a decision of issue 53).
      onQueryStarted: async (id, { queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer && typeof window !== 'undefined') whenIdle(() => keepProfile(id, answer.data));
      },
    }),
  }),
});

export const { useGetProfileQuery } = profileApi;

type ApiState = Parameters<ReturnType<typeof profileApi.endpoints.getProfile.select>>[0];

/**
 * Starts a profile's lookup (RTK Query's prefetch: nothing is asked for one already there or
 * under way). A profile the page has no entry for yet shows the copy this browser kept of it, if
 * any, while it is asked for afresh: a guest coming back waits for the link, not the lookup.
 */
export const lookUpProfile =
  (id: string): ThunkAction<void, ApiState, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const known = profileApi.endpoints.getProfile.select(id)(getState()).data !== undefined;
    const stored = known ? null : readStoredProfile(id);
    if (stored) {
      dispatch(
        profileApi.util.upsertQueryEntries([
          { endpointName: 'getProfile', arg: id, value: stored },
        ]),
      );
    }
    void dispatch(profileApi.util.prefetch('getProfile', id, { force: stored !== null }));
  };
