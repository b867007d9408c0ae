import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary, ErrorPage } from '../components/ErrorBoundary';
import { getAppConfig } from '../config/env';

interface AppProps {
  store: AppStore;
  /** The router: BrowserRouter in the browser, a static or memory router elsewhere. */
  Router: React.ComponentType<{ children: React.ReactNode }>;
}

export function App({ store, Router }: AppProps) {
  return (
    <StrictMode>
      {/* The last resort, for an error outside any page (the header, the router): the error
          screen in a frame of its own. A page's errors stop at its boundary in AppRoutes. */}
      <ErrorBoundary fallback={<RootErrorPage />}>
        <Provider store={store}>
          <Router>
            <AppRoutes />
          </Router>
        </Provider>
      </ErrorBoundary>
    </StrictMode>
  );
}

/** Reads the configuration only when it is shown: rendering the app never depends on it. */
function RootErrorPage() {
  return <ErrorPage marketingUrl={getAppConfig().marketingUrl} />;
}
