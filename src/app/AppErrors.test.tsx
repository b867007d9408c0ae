// The whole app at malformed addresses, which used to blank the page. A route that throws, and a
// redirect to a plausible id: e2e/errors.spec.ts, e2e/shell.spec.ts.
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from './App';
import { makeTestStore } from '../testing/renderWithProviders';

// The build-time configuration webpack would define (src/config/env.ts reads it on first use).
Object.assign(globalThis, {
  __APP_CONFIG__: {
    apiBaseUrl: 'http://api.test',
    guestToken: 'token',
    stripePublishableKey: 'pk_test_app',
    recaptchaSiteKey: 'site-key',
    branchKey: 'key_test_app',
    marketingUrl: 'https://www.grati.example',
  },
});

// The deep-link SDK is not what these tests are about (e2e/deeplink.spec.ts runs it).
jest.mock('../features/deeplink/branch', () => ({
  initDeepLinks: () => new Promise(() => undefined),
}));

function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

/** The app at `route`, whose API never answers. */
function renderApp(route: string) {
  const fetchFn = jest.fn(() => new Promise<Response>(() => undefined));
  const store = makeTestStore({ apiBaseUrl: 'http://api.test', guestToken: 'token' }, { fetchFn });
  function Router({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[route]}>
        {children}
        <Address />
      </MemoryRouter>
    );
  }
  render(<App store={store} Router={Router} />);
  return { fetchFn };
}

afterEach(() => jest.restoreAllMocks());

describe('malformed addresses', () => {
  it.each([
    // Also /user_profile/redirect/%25 and /user_profile/%25: e2e/errors.spec.ts.
    ['/user_profile/redirect/%', '/user_profile/%25'],
    ['/user_profile/redirect/a/%ZZ', '/user_profile/%25ZZ'],
    ['/user_profile/%E0%A4%A', '/user_profile/%E0%A4%A'],
  ])('%s shows OOPS!! under the header, without asking the API', async (route, landsAt) => {
    // The router says so when it cannot decode an address (and keeps it as typed).
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetchFn } = renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: 'OOPS!!' })).toBeInTheDocument();
    expect(screen.getByText('No account exists with this credentials')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(landsAt);
    expect(fetchFn).not.toHaveBeenCalled();
    for (const [message] of warned.mock.calls) expect(message).toMatch(/could not be decoded/);
  });
});
