import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { DeepLinkGate } from './DeepLinkGate';
import { startLinkSession } from './linkSession';
import { initDeepLinks, type DeepLinkSession } from './branch';

// The real branch-sdk runs against the mock API's emulator in e2e/deeplink.spec.ts; here the
// adapter is replaced so each outcome of the session can be driven by hand.
jest.mock('./branch', () => ({ initDeepLinks: jest.fn() }));

const initMock = jest.mocked(initDeepLinks);

function deferredSession() {
  let resolve!: (session: DeepLinkSession) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<DeepLinkSession>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  initMock.mockReturnValue(promise);
  return { resolve, reject };
}

function ProfileStub() {
  const { id } = useParams();
  return <h1>Profile of {id}</h1>;
}

function Address() {
  const location = useLocation();
  return <p>Address: {location.pathname + location.search}</p>;
}

function renderAt(route: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[route]}>
        <DeepLinkGate>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/user_profile/:id" element={<ProfileStub />} />
          </Routes>
        </DeepLinkGate>
        <Address />
      </MemoryRouter>
    </StrictMode>,
  );
}

let consoleError: jest.SpyInstance;

beforeEach(() => {
  initMock.mockReset();
  localStorage.clear();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => consoleError.mockRestore());

describe('a visit through a Branch link', () => {
  it('shows Loading... until the session starts, then opens the dynamic key’s profile', async () => {
    const session = deferredSession();
    renderAt('/?_branch_match_id=qr-ava');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();

    await act(async () => session.resolve({ dynamicKey: 'ava-martinez' }));

    expect(
      await screen.findByRole('heading', { name: 'Profile of ava-martinez' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Address:/)).toHaveTextContent(
      /^Address: \/user_profile\/ava-martinez$/,
    );
    expect(localStorage.getItem('userId')).toBe('ava-martinez');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows Invalid QR Found and logs the failure when initialisation fails', async () => {
    const session = deferredSession();
    renderAt('/?_branch_match_id=qr-broken');
    const failure = new Error('Error in API: Status - 400');

    await act(async () => session.reject(failure));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid QR Found' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();
    // StrictMode runs the effect twice; the outcome is still handled (and logged) once.
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith('Failed to initialize Branch SDK', failure);
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('shows the page it was opened at when the link carries no dynamic key', async () => {
    const session = deferredSession();
    renderAt('/?_branch_match_id=qr-nobody');

    await act(async () => session.resolve({ dynamicKey: null }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByText(/^Address:/)).toHaveTextContent(
      'Address: /?_branch_match_id=qr-nobody',
    );
    expect(localStorage.getItem('userId')).toBeNull();
  });
});

describe('any other visit', () => {
  it('shows its page at once and starts the session once the page is idle', async () => {
    deferredSession();
    renderAt('/user_profile/sam-lee');

    expect(screen.getByRole('heading', { name: 'Profile of sam-lee' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // The SDK is not fetched during the page's own first load...
    expect(initMock).not.toHaveBeenCalled();
    // ...but right after it.
    await waitFor(() => expect(initMock).toHaveBeenCalledTimes(1));
  });

  it('only logs a failure, leaving the page as it is', async () => {
    const session = deferredSession();
    renderAt('/user_profile/sam-lee');
    const failure = new Error('Request blocked by client, probably adblock');
    await waitFor(() => expect(initMock).toHaveBeenCalled());

    await act(async () => session.reject(failure));

    expect(consoleError).toHaveBeenCalledWith('Failed to initialize Branch SDK', failure);
    expect(screen.getByRole('heading', { name: 'Profile of sam-lee' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid QR Found')).not.toBeInTheDocument();
  });
});

describe('the session as the app starts (startLinkSession, before any render)', () => {
  it('starts on a link visit, and the gate then shows what became of that session', async () => {
    const session = deferredSession();
    const opened = startLinkSession('?_branch_match_id=qr-ava');
    // Nothing rendered yet: the SDK is already asked.
    await waitFor(() => expect(initMock).toHaveBeenCalledTimes(1));

    renderAt('/?_branch_match_id=qr-ava');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => session.resolve({ dynamicKey: 'ava-martinez' }));

    expect(
      await screen.findByRole('heading', { name: 'Profile of ava-martinez' }),
    ).toBeInTheDocument();
    // What main.tsx asks the API for before the app's first render.
    await expect(opened).resolves.toBe('ava-martinez');
  });

  it('does not start on any other visit (the gate starts it once the page is idle)', async () => {
    deferredSession();
    await expect(startLinkSession('')).resolves.toBeNull();
    await expect(startLinkSession('?show=true')).resolves.toBeNull();
    // The adapter's chunk would have been asked for by now.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(initMock).not.toHaveBeenCalled();
  });

  it('swallows a failure there: the gate shows it (Invalid QR Found)', async () => {
    const session = deferredSession();
    const opened = startLinkSession('?_branch_match_id=qr-broken');
    await waitFor(() => expect(initMock).toHaveBeenCalledTimes(1));
    renderAt('/?_branch_match_id=qr-broken');

    await act(async () => session.reject(new Error('Error in API: Status - 400')));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invalid QR Found' }),
    ).toBeInTheDocument();
    // No profile to ask for, and nothing thrown at main.tsx.
    await expect(opened).resolves.toBeNull();
  });
});
