// Renders UI with a fresh store (pointed at a running mock API) and a memory router.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore, type AppStore } from '../app/store';
import type { RunningMockApi } from '../../mock-api/testing';

type ApiUnderTest = Pick<RunningMockApi, 'apiBaseUrl' | 'guestToken'>;

/** A fresh store calling `api`, its subscribers told in the same task (makeStore's autoBatch). */
export const makeTestStore = (api: ApiUnderTest, { fetchFn }: { fetchFn?: typeof fetch } = {}) =>
  makeStore({
    config: { apiBaseUrl: api.apiBaseUrl, guestToken: api.guestToken, fetchFn },
    autoBatch: { type: 'tick' },
  });

interface Options extends Omit<RenderOptions, 'wrapper'> {
  api: ApiUnderTest;
  /** The address the memory router starts at. */
  route?: string;
  /** A route pattern for `ui`, so it can read params (e.g. '/user_profile/:id'). */
  path?: string;
  store?: AppStore;
}

export function renderWithProviders(
  ui: ReactElement,
  { api, route = '/', path, store, ...options }: Options,
) {
  const theStore = store ?? makeTestStore(api);
  const element = path ? (
    <Routes>
      <Route path={path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  return {
    store: theStore,
    ...render(
      <Provider store={theStore}>
        <MemoryRouter initialEntries={[route]}>{element}</MemoryRouter>
      </Provider>,
      options,
    ),
  };
}
