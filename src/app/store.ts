import { combineSlices, configureStore, type AutoBatchOptions } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, type ThunkExtra } from '../api/baseApi';
import { getAppConfig } from '../config/env';

export const rootReducer = combineSlices(baseApi);

export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  preloadedState?: Partial<RootState>;
  config?: ThunkExtra['config'];
  /**
   * When subscribers hear of RTK Query's own actions: unset, at the next frame (RTK's default),
   * so that a burst of them renders once. Tests ask for 'tick' (the same task): what
   * a request settles is on screen when the test sees it, not a frame later, outside act.
   */
  autoBatch?: AutoBatchOptions;
}

/** A fresh store: one per browser tab, per test and per server render. */
export function makeStore({
  preloadedState,
  config = getAppConfig(),
  autoBatch,
}: MakeStoreOptions = {}) {
  const extra: ThunkExtra = { config };
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // Uploads carry File objects and a progress callback in their arguments. RTK checks in
        // development only: a production build leaves the setting out.
        serializableCheck:
          process.env.NODE_ENV === 'production'
            ? false
            : { ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta'] },
      }).concat(baseApi.middleware),
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch }),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
