// The floor of the first-JS budget (scripts/budgets.ts): a page that mounts only the decided
// stack (react, react-dom, @reduxjs/toolkit with RTK Query, react-redux, react-router-dom) the way
// src/main.tsx, src/app/App.tsx, src/app/store.ts and src/app/AppRoutes.tsx do, with a hook of
// each in use so tree shaking keeps what an app uses. Built by scripts/floor/build.ts with the
// client half of webpack.config.js; never shipped. The bench's phone section also serves it over the
// profile's server-rendered HTML and times its hydration (bench/stackFloor.ts).
import { lazy, StrictMode, Suspense, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { Provider, useSelector } from 'react-redux';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { floorApi } from './floorApi';

const rootReducer = combineSlices(floorApi);
type FloorState = ReturnType<typeof rootReducer>;

const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(floorApi.middleware),
});
setupListeners(store.dispatch);

const FloorRoute = lazy(() => import(/* webpackChunkName: "floor-route" */ './FloorRoute'));

function Home() {
  const navigate = useNavigate();
  const queries = useSelector((state: FloorState) => Object.keys(state.api.queries).length);
  // The page works from here: marked as the app marks it (src/components/AppReady.tsx), so the
  // bench can time this page's hydration as it times the app's (bench/stackFloor.ts).
  useLayoutEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <button type="button" onClick={() => navigate('/items/1')}>
      {queries}
    </button>
  );
}

const app = (
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/" element={<Home />} />
            <Route path="/items/:id" element={<FloorRoute />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </Provider>
  </StrictMode>
);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
