// The mock API's testers' scenarios (GET/POST /api/__scenarios): demo builds only.
import { baseApi } from '../../api/baseApi';

export interface ScenarioState {
  /** Whose scenario this is (this browser's cookie), or null before it has one. */
  tester: string | null;
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
    setScenario: build.mutation<ScenarioState, { name: string | null; delayMs?: number }>({
      query: (body) => ({ url: '__scenarios', method: 'POST', body }),
      transformResponse: (answer: { data: ScenarioState }) => answer.data,
      // The answer is the new state: no second request to read it.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(scenariosApi.util.upsertQueryData('getScenarios', undefined, data));
      },
    }),
  }),
});

export const { useGetScenariosQuery, useSetScenarioMutation } = scenariosApi;
