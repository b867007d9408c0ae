import { lazy, Suspense, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { paths, profileIdSegment } from '../config/paths';
import { prefetchedChunk } from './routes/prefetchedChunk';
import { AppReady } from '../components/AppReady';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Spinner } from '../components/Spinner';
import { ProfileRedirect } from './routes/ProfileRedirect';
import { Header } from '../components/Header';
import { getAppConfig } from '../config/env';
import { DeepLinkGate } from '../features/deeplink/DeepLinkGate';
import { ScenarioBar } from '../features/scenarios/ScenarioBar';

const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/demo/HomePage'));
// The profile route's code is part of a profile page's first load (the server's HTML preloads
// it): main.tsx waits for it before hydrating (loadPageFor), so the page hydrates in one pass
// rather than the shell first and the route in a second pass, after a yield to the browser.
const profileRoute = prefetchedChunk<object>(() =>
  import(/* webpackChunkName: "profile" */ './routes/ProfileRoute').then(
    (module) => module.default,
  ),
);

function ProfilePage() {
  // Chosen once per mount: a route shown while its code arrived is never swapped (and remounted).
  const [Page] = useState(profileRoute.component);
  return <Page />;
}

/** Fetches the code of the page at `pathname` when it is lazily loaded; settles once there. */
export function loadPageFor(pathname: string): Promise<void> {
  return profileIdSegment(pathname) !== null ? profileRoute.load() : Promise.resolve();
}
const GPayPage = lazy(() => import(/* webpackChunkName: "gpay" */ '../features/payments/GPayPage'));

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <>
      <Header marketingUrl={getAppConfig().marketingUrl} />
      <main id="main" className="app-main">
        {/* A page that fails to render (or whose code fails to load) shows the error screen in
            the frame, header kept; going to another address renders that page afresh. */}
        <ErrorBoundary resetKey={pathname}>
          <DeepLinkGate>
            <Suspense fallback={<Spinner />}>
              <AppReady />
              <Routes>
                <Route path={paths.home.path} element={<HomePage />} />
                <Route path={paths.profileRedirect.path} element={<ProfileRedirect />} />
                <Route path={paths.profile.path} element={<ProfilePage />} />
                <Route path={paths.userDetails.path} element={<ProfilePage />} />
                <Route path={paths.gpay.path} element={<GPayPage />} />
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          </DeepLinkGate>
        </ErrorBoundary>
      </main>
      {getAppConfig().scenarioPanel && <ScenarioBar />}
    </>
  );
}

function NotFound() {
  return (
    <section className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
    </section>
  );
}
