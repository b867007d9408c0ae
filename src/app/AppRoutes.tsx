import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { AppReady } from '../components/AppReady';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Spinner } from '../components/Spinner';
import { ProfileRedirect } from './routes/ProfileRedirect';
import { Header } from '../components/Header';
import { getAppConfig } from '../config/env';
import { DeepLinkGate } from '../features/deeplink/DeepLinkGate';
import { ScenarioBar } from '../features/scenarios/ScenarioBar';

const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../features/demo/HomePage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ './routes/ProfileRoute'));
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
