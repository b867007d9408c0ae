import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { AppRoutes } from './AppRoutes';

interface AppProps {
  store: AppStore;
  /** The router: BrowserRouter in the browser, a static or memory router elsewhere. */
  Router: React.ComponentType<{ children: React.ReactNode }>;
}

export function App({ store, Router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <Router>
          <AppRoutes />
        </Router>
      </Provider>
    </StrictMode>
  );
}
