// The whole app at addresses that used to blank the page: a route that throws, malformed escapes.
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
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

/** A profile lookup answered 200 with a body the page cannot render (a profile with no user). */
const MALFORMED_PROFILE = JSON.stringify({
  status: 200,
  data: { data: { userDetails: null, userFeed: [], iconsCount: {} }, totalPostCount: 0 },
});

function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

/** The app at `route`, whose API answers every call with `answer`, or never if it is null. */
function renderApp(route: string, answer: string | null = MALFORMED_PROFILE) {
  const fetchFn = jest.fn(() =>
    answer === null
      ? new Promise<Response>(() => undefined)
      : Promise.resolve(
          new Response(answer, { status: 200, headers: { 'Content-Type': 'application/json' } }),
        ),
  );
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

describe('a page that throws while rendering', () => {
  it('shows the error screen inside the frame: the header stays', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/user_profile/broken');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getByRole('main')).toContainElement(heading);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'Something went wrong while rendering',
      expect.any(TypeError),
      expect.any(String),
    );
  });
});

describe('malformed addresses', () => {
  it.each([
    ['/user_profile/redirect/%25', '/user_profile/%25'],
    ['/user_profile/redirect/%', '/user_profile/%25'],
    ['/user_profile/redirect/a/%ZZ', '/user_profile/%25ZZ'],
    ['/user_profile/%25', '/user_profile/%25'],
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

  it('a redirect to a plausible id still lands on that profile’s address', async () => {
    // The profile's lookup stays unanswered: this is about the address, not the page.
    renderApp('/user_profile/redirect/x/ava-martinez', null);
    // The address is on the page from the start (the redirect's own): wait for it to change.
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/user_profile\/ava-martinez$/),
    );
  });
});
