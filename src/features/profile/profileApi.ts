import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { FIND_USER_PATH, findUserBody } from '../../api/contract/findUser';
import type { Envelope, FindUserResult } from '../../api/contract/types';
import { keepRecentReviews } from './recentReviews';
import { keepProfile, readStoredProfile } from './storedProfiles';
import { whenIdle } from '../../loading/idle';

/**
 * The answers this page has kept already. RTK Query keeps an entry's data object when a new answer
 * equals it (structural sharing), so a poll that brings the same profile back (every 3 s while a
 * paid review waits for its webhook) finds it here, and ~8 KB are not written to storage again.
 */
const keptAnswers = new WeakSet<FindUserResult>();

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
      // page is idle, unless it is the one this page kept last; a server render keeps nothing.
      // The copy read from storage is not one this page kept: the first fresh answer, changed or
      // not, is kept, so the copy's age and place among the kept ones are this visit's.
      onQueryStarted: async (id, { queryFulfilled, getCacheEntry }) => {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer || typeof window === 'undefined') return;
        const entry = getCacheEntry().data;
        if (entry) {
          if (keptAnswers.has(entry)) return;
          keptAnswers.add(entry);
        }
        whenIdle(() => keepProfile(id, answer.data));
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
