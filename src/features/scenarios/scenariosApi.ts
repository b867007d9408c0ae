// The mock API's testers' scenarios (GET/POST /api/__scenarios): demo builds only.
import { baseApi } from '../../api/baseApi';
import type { ScenarioChange } from './reproLink';

/** This browser's scenario as the mock API tells it (it keeps the browser's tester id to itself). */
export interface ScenarioState {
  active: string | null;
  delayMs: number;
  /** When the active scenario ends by itself (ISO time), or null. */
  expiresAt: string | null;
  scenarios: { name: string; description: string }[];
}

export const scenariosApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getScenarios: build.query<ScenarioState, void>({
      query: () => '__scenarios',
      transformResponse: (answer: { data: ScenarioState }) => answer.data,
    }),
    setScenario: build.mutation<ScenarioState, ScenarioChange>({
      query: (body) => ({ url: '__scenarios', method: 'POST', body }),
      transformResponse: (answer: { data: ScenarioState }) => answer.data,
      // The answer is the new state: no second request to read it. A failed POST is the
      // mutation's error, which the panel shows: nothing to store (and nothing left to reject).
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(scenariosApi.util.upsertQueryData('getScenarios', undefined, data));
        } catch {
          // Shown by the panel (the mutation's isError).
        }
      },
    }),
  }),
});

export const { useGetScenariosQuery, useSetScenarioMutation } = scenariosApi;
