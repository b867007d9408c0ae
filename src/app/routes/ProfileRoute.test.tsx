import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import ProfileRoute from './ProfileRoute';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

beforeEach(() => localStorage.clear());

const renderProfile = (id: string, guestToken = api.guestToken) =>
  renderWithProviders(<ProfileRoute />, {
    api: { apiBaseUrl: api.apiBaseUrl, guestToken },
    route: `/user_profile/${id}`,
    path: '/user_profile/:id',
  });

describe('ProfilePage against the mock API', () => {
  // The first test of the file: the card's code (a chunk of its own) is not loaded yet.
  it("shows a spinner, then the card, and opens on the Feed's four reviews", async () => {
    renderProfile('ava-martinez');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
    // The card came with the lookup: its name shows with the buttons, not in a later reveal.
    await screen.findByRole('button', { name: 'Give Gift' });
    expect(screen.getByRole('heading', { level: 1, name: /^Ava Martinez/ })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Feed', selected: true })).toBeInTheDocument();
    // The browser renders this page itself: the cards come in a pass after the profile's buttons.
    expect(await within(screen.getByRole('tabpanel')).findAllByRole('article')).toHaveLength(4);
  });

  it('opens the flow panel for a kind in place of the tabs', async () => {
    const user = userEvent.setup();
    renderProfile('green-earth-fund');
    await user.click(await screen.findByRole('button', { name: 'Donate' }));
    // The flow is a lazy chunk: focus moves to its heading once it has loaded and mounted.
    const heading = await screen.findByRole('heading', { name: 'Donate Green Earth Fund' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  // For an id the API does not know: e2e/profile.spec.ts's OOPS page.
  it('shows OOPS!! when the guest token is refused', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile('ava-martinez', 'wrong');
    expect(await screen.findByRole('heading', { name: 'OOPS!!' })).toBeInTheDocument();
    expect(screen.getByText('No account exists with this credentials')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch user details', expect.anything());
    error.mockRestore();
  });

  // Each kind's button with its count, and Give Gift: e2e/shared-journeys/profileTabs.ts (Ava).
  it('Give Gift reads Donate for a non-profit', async () => {
    renderProfile('green-earth-fund');
    expect(await screen.findByRole('button', { name: 'Donate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give Gift' })).not.toBeInTheDocument();
  });

  it('tabs move with the arrow keys and show their panels', async () => {
    // jsdom has no IntersectionObserver (the gallery's paging uses one): one that never fires.
    const real = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const user = userEvent.setup();
      renderProfile('ava-martinez');
      const feed = await screen.findByRole('tab', { name: 'Feed', selected: true });
      act(() => feed.focus());
      await user.keyboard('{ArrowRight}');
      const photos = screen.getByRole('tab', { name: 'Photos/Videos', selected: true });
      expect(photos).toHaveFocus();
      expect(
        await within(screen.getByRole('tabpanel')).findByRole('list', {
          name: 'Photos and videos',
        }),
      ).toBeInTheDocument();
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Socials', selected: true })).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Feed', selected: true })).toHaveFocus();
    } finally {
      globalThis.IntersectionObserver = real;
    }
  });

  it('Our Team: a member opens in a new tab and the message shows for 1000 ms', async () => {
    const { unmount: leaveBluebird } = renderProfile('bluebird-cafe');
    const team = await screen.findByRole('region', { name: 'Our Team' });
    expect(within(team).getAllByRole('listitem')).toHaveLength(6);
    expect(within(team).getAllByRole('link')).toHaveLength(6);
    const ava = within(team).getByRole('link', { name: /^Ava Martinez/ });
    expect(ava).toHaveAttribute('href', '/user_profile/ava-martinez');
    expect(ava).toHaveAttribute('target', '_blank');

    jest.useFakeTimers();
    try {
      fireEvent.click(ava);
      const message = () =>
        screen
          .queryAllByRole('status')
          .find((status) => status.textContent?.includes('Download app to avail this feature'));
      expect(message()).toBeVisible();
      act(() => jest.advanceTimersByTime(999));
      expect(message()).toBeVisible();
      act(() => jest.advanceTimersByTime(1));
      expect(message()).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
    leaveBluebird();

    renderProfile('ava-martinez');
    await screen.findByRole('button', { name: 'Give Gift' });
    expect(screen.queryByRole('region', { name: 'Our Team' })).not.toBeInTheDocument();
  });
});
