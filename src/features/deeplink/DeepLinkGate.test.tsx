import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { LINK_VISIT_STATE_KEY } from '../../config/linkVisit';
import { DeepLinkGate } from './DeepLinkGate';
import { startLinkSession } from './linkSession';
import { initDeepLinks, type DeepLinkSession } from './branch';

// The real branch-sdk runs in e2e/deeplink.spec.ts; here each outcome is driven by hand.
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
  return (
    <>
      <h1>Profile of {id}</h1>
      <Link to="?flow=gift&step=guest">Give Gift</Link>
    </>
  );
}

const at = (href: string) => {
  const url = new URL(href, 'https://grati.example');
  return { pathname: url.pathname, search: url.search };
};

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

const expectAddress = (address: string | RegExp) =>
  expect(screen.getByText(/^Address:/)).toHaveTextContent(address);
const invalidQr = () => screen.findByRole('heading', { level: 1, name: 'Invalid QR Found' });
const profileOf = (id: string) => screen.getByRole('heading', { name: `Profile of ${id}` });
const findProfileOf = (id: string) => screen.findByRole('heading', { name: `Profile of ${id}` });
const expectNoLoading = () => expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
const expectNoHome = () =>
  expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();

let consoleError: jest.SpyInstance;

beforeEach(() => {
  initMock.mockReset();
  localStorage.clear();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
  window.history.replaceState(null, '');
});

describe('a visit through a Branch link', () => {
  it('shows Loading... (never the home page) until the session starts, then the profile', async () => {
    const session = deferredSession();
    renderAt('/?_branch_match_id=qr-ava');

    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expectNoHome();
    await act(async () => session.resolve({ dynamicKey: 'ava-martinez' }));
    expect(await findProfileOf('ava-martinez')).toBeInTheDocument();
    expectNoLoading();
  });

  it('shows Invalid QR Found and logs the failure when initialisation fails', async () => {
    const session = deferredSession();
    renderAt('/?_branch_match_id=qr-broken');
    const failure = new Error('Error in API: Status - 400');
    await act(async () => session.reject(failure));
    expect(await invalidQr()).toBeInTheDocument();
    expectNoLoading();
    expectNoHome();
    // StrictMode runs the effect twice; the outcome is still handled (and logged) once.
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith('Failed to initialize Branch SDK', failure);
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('shows Invalid QR Found when the link opens no profile', async () => {
    const session = deferredSession();
    renderAt('/?_branch_match_id=qr-nobody');
    await act(async () => session.resolve({ dynamicKey: null }));
    expect(await invalidQr()).toBeInTheDocument();
    expectNoHome();
    expectAddress('Address: /?_branch_match_id=qr-nobody');
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('shows the profile at once when the address already names it, and never moves', async () => {
    const session = deferredSession();
    renderAt('/user_profile/sam-lee?_branch_match_id=qr-ava');

    expect(profileOf('sam-lee')).toBeInTheDocument();
    expectNoLoading();
    // For attribution only, once the page is idle.
    await waitFor(() => expect(initMock).toHaveBeenCalledTimes(1));
    await act(async () => session.resolve({ dynamicKey: 'ava-martinez' }));
    expect(profileOf('sam-lee')).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('shows Invalid QR Found at once when the server found the link opens none', async () => {
    deferredSession();
    window.history.replaceState(
      { [LINK_VISIT_STATE_KEY]: { clickId: 'qr-nobody', invalid: true } },
      '',
    );
    renderAt('/?_branch_match_id=qr-nobody');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid QR Found' })).toBeInTheDocument();
    expectNoLoading();
  });
});

describe('a guest who opens a flow before the session ends', () => {
  it('is not moved by the session', async () => {
    const user = userEvent.setup();
    const session = deferredSession();
    // An earlier link's data, as branch-sdk keeps it for the tab, comes back with this session.
    renderAt('/user_profile/sam-lee');
    await user.click(screen.getByRole('link', { name: 'Give Gift' }));
    await waitFor(() => expect(initMock).toHaveBeenCalled());
    await act(async () => session.resolve({ dynamicKey: 'ava-martinez' }));
    expect(profileOf('sam-lee')).toBeInTheDocument();
    expectAddress('Address: /user_profile/sam-lee?flow=gift&step=guest');
    expect(localStorage.getItem('userId')).toBeNull();
  });
});

describe('any other visit', () => {
  it('shows its page at once and starts the session once the page is idle', async () => {
    deferredSession();
    renderAt('/user_profile/sam-lee');
    expect(profileOf('sam-lee')).toBeInTheDocument();
    expectNoLoading();
    // Not fetched during the page's own first load, but right after it.
    expect(initMock).not.toHaveBeenCalled();
    await waitFor(() => expect(initMock).toHaveBeenCalledTimes(1));
  });

  it('only logs a failure, leaving the page as it is', async () => {
    const session = deferredSession();
    renderAt('/user_profile/sam-lee');
    const failure = new Error('Request blocked by client, probably adblock');
    await waitFor(() => expect(initMock).toHaveBeenCalled());
    await act(async () => session.reject(failure));
    expect(consoleError).toHaveBeenCalledWith('Failed to initialize Branch SDK', failure);
    expect(profileOf('sam-lee')).toBeInTheDocument();
    expect(screen.queryByText('Invalid QR Found')).not.toBeInTheDocument();
  });
});

describe('the session as the app starts (startLinkSession, before any render)', () => {
  it('does not start on any other visit (the gate starts it once the page is idle)', async () => {
    deferredSession();
    await expect(startLinkSession(at('/'))).resolves.toBeNull();
    // The adapter's chunk would have been asked for by now.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(initMock).not.toHaveBeenCalled();
  });

  it('swallows a failure there: the gate shows it (Invalid QR Found)', async () => {
    const session = deferredSession();
    const opened = startLinkSession(at('/?_branch_match_id=qr-broken'));
    await waitFor(() => expect(initMock).toHaveBeenCalledTimes(1));
    renderAt('/?_branch_match_id=qr-broken');
    await act(async () => session.reject(new Error('Error in API: Status - 400')));
    expect(await invalidQr()).toBeInTheDocument();
    await expect(opened).resolves.toBeNull();
  });

  it("leaves a link the server resolved to the page's idle session, with its click id", async () => {
    deferredSession();
    const state = { [LINK_VISIT_STATE_KEY]: { clickId: 'qr-ava' } };
    // The server's page put the profile's address and its answer in place before this ran.
    await expect(startLinkSession(at('/user_profile/ava-martinez'), state)).resolves.toBeNull();
    window.history.replaceState(state, '');
    renderAt('/user_profile/ava-martinez');
    expect(profileOf('ava-martinez')).toBeInTheDocument();
    await waitFor(() =>
      expect(initMock).toHaveBeenCalledWith(expect.objectContaining({ clickId: 'qr-ava' })),
    );
    expect(initMock).toHaveBeenCalledTimes(1);
  });
});
