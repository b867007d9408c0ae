import { useCallback, useEffect, type ComponentType } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { isPlausibleProfileId } from '../api/contract/profileId';
import { opensDeepLink, paths, profileIdSegment } from '../config/paths';
import { AppReady } from '../components/AppReady';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Spinner } from '../components/Spinner';
import { ProfileRedirect } from './routes/ProfileRedirect';
import { Header } from '../components/Header';
import { getAppConfig } from '../config/env';
import { DeepLinkGate } from '../features/deeplink/DeepLinkGate';
import { lookUpProfile } from '../features/profile/profileApi';
import { prefetchStaticParts } from '../features/profile/staticParts';
import { ScenarioBar } from '../features/scenarios/ScenarioBar';
import { lazyPart } from '../loading/lazyPart';
import { useAppDispatch } from './hooks';
import type { AppDispatch } from './store';

/**
 * A route's page, marked ready with it (AppReady): beside it when its code was here (the page is
 * no Suspense boundary, and hydrates with the rest in one pass), inside the Suspense boundary of
 * one whose code is fetched, so such a page counts only once it is in place.
 */
const withReady = (Page: ComponentType) =>
  function ReadyPage() {
    return (
      <>
        <AppReady />
        <Page />
      </>
    );
  };
const routeOptions = { fallback: <Spinner />, label: 'This page' };

// The profile route's code is part of a profile page's first load (the server's HTML preloads
// it): main.tsx waits for it before hydrating (loadPageFor), so the page hydrates in one pass.
const profileRoute = lazyPart(
  'profile',
  () =>
    import(/* webpackChunkName: "profile" */ './routes/ProfileRoute').then((m) =>
      withReady(m.default),
    ),
  routeOptions,
);
const homeRoute = lazyPart(
  'home',
  () =>
    import(/* webpackChunkName: "home" */ '../features/demo/HomePage').then((m) =>
      withReady(m.default),
    ),
  routeOptions,
);
const gpayRoute = lazyPart(
  'gpay',
  () =>
    import(/* webpackChunkName: "gpay" */ '../features/payments/GPayPage').then((m) =>
      withReady(m.default),
    ),
  routeOptions,
);

/**
 * Fetches the code of the page at `pathname` when it is lazily loaded; settles once there. A visit
 * through a Branch link (`search`) turns into the link's profile in place: that route's code too
 * (its shell preloads the files), so the profile renders in the frame the link resolves, not
 * through Suspense, whose reveal React holds back for up to 300 ms (issue 36). A profile the
 * browser renders itself (`rendersItself`: no server markup) gets its card's code the same way.
 */
export function loadPageFor(
  pathname: string,
  search = '',
  { rendersItself = false } = {},
): Promise<void> {
  if (profileIdSegment(pathname) === null && !opensDeepLink(search)) return Promise.resolve();
  if (rendersItself) prefetchStaticParts();
  return profileRoute.load().then(
    () => undefined,
    () => undefined, // the route's own part shows what failed, with its "Try again"
  );
}

const ProfileRoutePart = profileRoute.Part;

/**
 * A profile's lookup starts with its route, not once the route's code has come and rendered: a
 * profile opened in place (a QR code's link) gets its code and its data over the wire together.
 * A profile the server rendered has its lookup already (the preloaded state): nothing is asked.
 */
function ProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  const prefetch = usePrefetchProfile();
  useEffect(() => prefetch(id), [id, prefetch]);
  return <ProfileRoutePart />;
}

/** Starts a profile's lookup (lookUpProfile: a copy kept from an earlier visit shows meanwhile). */
export function prefetchProfile(dispatch: AppDispatch, id: string): void {
  if (isPlausibleProfileId(id)) dispatch(lookUpProfile(id));
}

function usePrefetchProfile() {
  const dispatch = useAppDispatch();
  return useCallback((id: string) => prefetchProfile(dispatch, id), [dispatch]);
}

const HomePage = homeRoute.Part;
const GPayPage = gpayRoute.Part;
const ReadyRedirect = withReady(ProfileRedirect);
const ReadyNotFound = withReady(NotFound);

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
              <Route path={paths.home.path} element={<HomePage />} />
              <Route path={paths.profileRedirect.path} element={<ReadyRedirect />} />
              <Route path={paths.profile.path} element={<ProfilePage />} />
              <Route path={paths.userDetails.path} element={<ProfilePage />} />
              <Route path={paths.gpay.path} element={<GPayPage />} />
              <Route path="*" element={<ReadyNotFound />} />
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
