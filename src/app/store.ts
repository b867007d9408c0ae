import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, type ThunkExtra } from '../api/baseApi';
import { getAppConfig } from '../config/env';

export const rootReducer = combineSlices(baseApi);

export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  config?: ThunkExtra['config'];
}

/** A fresh store: one per browser tab, per test and per server render. */
export function makeStore({ preloadedState, config = getAppConfig() }: MakeStoreOptions = {}) {
  const extra: ThunkExtra = { config };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // Uploads carry File objects and a progress callback in their arguments.
        serializableCheck: { ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta'] },
      }).concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
