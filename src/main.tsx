import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { loadPageFor, prefetchProfile } from './app/AppRoutes';
import { makeStore, type RootState } from './app/store';
import { startLinkSession } from './features/deeplink/linkSession';
import { ROOT_ID, readPreloadedState } from './server/pageState';
import { endTapCapture } from './lib/firstTap';
import { markPageHydrated } from './loading/hydration';
import { watchFlowExit } from './lib/flowExit';
import './styles.css';

// This page may be where a finished flow folds its steps away to (Back after paying, OK).
watchFlowExit();

const container = document.getElementById(ROOT_ID);
if (!container) throw new Error('The page has no #root element.');
// A server-rendered page (the preview/production server's profile route) comes with its data:
// hydrate it. A static host's index.html has neither: render on the client.
const preloadedState = readPreloadedState(document) as Partial<RootState> | undefined;
// Address changes render at once, as the tap that made them: a flow's step is in the address
// (?flow=&step=), and a transition would hold the next step back behind the router's update.
function Router({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}
const store = makeStore({ preloadedState });
// A visit through a Branch link (a QR code) waits for its session, which src/boot.ts, the page's
// first script, has started: the profile it opens is asked for as soon as both the link and the
// store are here, before the app's first render.
void startLinkSession(window.location, window.history.state).then(
  (id) => id && prefetchProfile(store.dispatch, id),
);
const app = <App store={store} Router={Router} />;
// Render errors are logged once, with the components they happened in: a caught one by the error
// boundary that caught it (src/components/ErrorBoundary.tsx), so React's own log of it would be a
// second copy; one no boundary caught (the boundary's own screen failing) here.
const errorOptions = {
  onCaughtError: () => {},
  onUncaughtError: (error: unknown, info: { componentStack?: string }) =>
    console.error('Uncaught error while rendering', error, info.componentStack ?? ''),
};
if (preloadedState && container.hasChildNodes()) {
  // The page's own code first (its chunk is on the way: the server's HTML preloads it), so the
  // server's markup is hydrated in one pass.
  void loadPageFor(window.location.pathname, window.location.search).then(() => {
    endTapCapture();
    hydrateRoot(container, app, errorOptions);
  });
} else {
  // Nothing to hydrate: every part renders its real content from its first frame. The page a
  // Branch link turns into has its code loaded meanwhile.
  void loadPageFor(window.location.pathname, window.location.search, { rendersItself: true });
  markPageHydrated();
  createRoot(container, errorOptions).render(app);
}
