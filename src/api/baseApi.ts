// The ONE RTK Query API slice. Features add endpoints with baseApi.injectEndpoints.
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { resolveApiBaseUrl, type AppConfig } from '../config/env';

/** What every thunk and query gets as `extra`: the config of this store (one per request on a server). */
export interface ThunkExtra {
  config: Pick<AppConfig, 'apiBaseUrl' | 'guestToken'> & {
    /** How requests go out; a server render answers its one lookup from the server's cache. */
    fetchFn?: typeof fetch;
  };
}

/**
 * The `extra` of a query or queryFn's `api`: RTK Query types it `unknown`, and makeStore
 * (src/app/store.ts) always gives a ThunkExtra, so the cast is made here once.
 */
export const thunkExtra = (api: Pick<BaseQueryApi, 'extra'>): ThunkExtra => api.extra as ThunkExtra;

type GuestBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

const baseQueries = new WeakMap<ThunkExtra['config'], GuestBaseQuery>();

function guestBaseQuery(config: ThunkExtra['config']): GuestBaseQuery {
  let query = baseQueries.get(config);
  if (!query) {
    query = fetchBaseQuery({
      baseUrl: resolveApiBaseUrl(config.apiBaseUrl),
      fetchFn: config.fetchFn,
      prepareHeaders: (headers) => {
        headers.set('Authorization', `Bearer ${config.guestToken}`);
        return headers;
      },
    });
    baseQueries.set(config, query);
  }
  return query;
}

const baseQuery: GuestBaseQuery = (args, api, extraOptions) =>
  guestBaseQuery(thunkExtra(api).config)(args, api, extraOptions);

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Profile', 'Gallery'],
  endpoints: () => ({}),
});
