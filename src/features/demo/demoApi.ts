// The mock API's list of demo profiles (a live API has none: the home page then links out).
import { baseApi } from '../../api/baseApi';
import type { DemoProfile, Envelope } from '../../api/contract/types';

export const demoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDemoProfiles: build.query<DemoProfile[], void>({
      query: () => '__demo-profiles',
      transformResponse: (response: Envelope<DemoProfile[]>) => response.data.data,
    }),
  }),
});

export const { useGetDemoProfilesQuery } = demoApi;
