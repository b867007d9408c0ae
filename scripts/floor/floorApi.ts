// The floor page's one RTK Query API slice, made as src/api/baseApi.ts makes the app's.
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const floorApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  endpoints: () => ({}),
});
