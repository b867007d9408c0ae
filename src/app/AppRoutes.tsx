import { lazy, Suspense, useState, type ReactNode } from 'react';
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
  const [arrived] = useState(profileRoute.arrived);
  // Its code already here (always so on the server and for a page it rendered: see loadPageFor),
  // the page is no Suspense boundary: it hydrates with the rest of the page, in one pass.
  return arrived ? (
    <Ready>
      <Page />
    </Ready>
  ) : (
    <LazyPage>
      <Page />
    </LazyPage>
  );
}

/** A route whose code is here: the page is the app's once it is rendered. */
function Ready({ children }: { children: ReactNode }) {
  return (
    <>
      <AppReady />
      {children}
    </>
  );
}

/** A route whose code is fetched: the spinner until it is there, and only then the app's page. */
function LazyPage({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Spinner />}>
      <AppReady />
      {children}
    </Suspense>
  );
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
            <Routes>
              <Route
                path={paths.home.path}
                element={
                  <LazyPage>
                    <HomePage />
                  </LazyPage>
                }
              />
              <Route
                path={paths.profileRedirect.path}
                element={
                  <Ready>
                    <ProfileRedirect />
                  </Ready>
                }
              />
              <Route path={paths.profile.path} element={<ProfilePage />} />
              <Route path={paths.userDetails.path} element={<ProfilePage />} />
              <Route
                path={paths.gpay.path}
                element={
                  <LazyPage>
                    <GPayPage />
                  </LazyPage>
                }
              />
              <Route
                path="*"
                element={
                  <Ready>
                    <NotFound />
                  </Ready>
                }
              />
            </Routes>
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
