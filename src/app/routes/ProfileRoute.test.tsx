import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { jsonPost, startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import ProfileRoute from './ProfileRoute';
import { discardFlowDraft } from '../../lib/flowDraftWork';
import { GRATITUDE_KINDS } from '../../api/contract/kinds';

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
  it("shows a spinner, then the card, remembers the id, and opens on the Feed's four reviews", async () => {
    renderProfile('ava-martinez');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
    // The card came with the lookup: its name shows with the buttons, not in a later reveal.
    await screen.findByRole('button', { name: 'Give Gift' });
    const name = screen.getByRole('heading', { level: 1, name: /^Ava Martinez/ });
    expect(within(name).getByRole('img', { name: 'Verified profile' })).toBeInTheDocument();
    expect(screen.getByText('Barista & Latte Artist')).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe('ava-martinez');
    expect(await screen.findByRole('tab', { name: 'Feed', selected: true })).toBeInTheDocument();
    // The browser renders this page itself: the cards come in a pass after the profile's buttons.
    expect(await within(screen.getByRole('tabpanel')).findAllByRole('article')).toHaveLength(4);
  });

  it('opens the flow panel for a kind and comes back with the back arrow', async () => {
    const user = userEvent.setup();
    renderProfile('green-earth-fund');
    await user.click(await screen.findByRole('button', { name: 'Donate' }));
    // The flow is a lazy chunk: focus moves to its heading once it has loaded and mounted.
    const heading = await screen.findByRole('heading', { name: 'Donate Green Earth Fund' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('tablist')).toBeInTheDocument();
  });

  it('offers to continue a draft an earlier visit left, and opens it where it was', async () => {
    // What an earlier page of this browser left (this page wrote nothing for this profile).
    discardFlowDraft('green-earth-fund');
    localStorage.setItem(
      'grati:draft:green-earth-fund',
      JSON.stringify({
        kind: 'gift',
        guest: { fullName: 'Sam Lee', email: 'sam@example.com' },
        amount: '15',
        mediaCount: 0,
        savedAt: Date.now() - 60_000,
      }),
    );
    const user = userEvent.setup();
    renderProfile('green-earth-fund');
    expect(
      await screen.findByText(/^Donate Green Earth Fund: your draft is kept on this device\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue your draft' }));
    expect(await screen.findByText('Draft restored')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Sam Lee');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });

  it.each([
    ['for an id the API does not know', 'nobody', undefined],
    ['when the guest token is refused', 'ava-martinez', 'wrong'],
  ])('shows OOPS!! %s', async (_when, id, token) => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile(id, token);
    expect(await screen.findByRole('heading', { name: 'OOPS!!' })).toBeInTheDocument();
    expect(screen.getByText('No account exists with this credentials')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch user details', expect.anything());
    error.mockRestore();
  });

  it('action buttons show the counts; Give Gift reads Donate for a non-profit', async () => {
    const body = jsonPost({ _id: 'ava-martinez', profilePage: true });
    const answer = await api.request('gratitude/findUser', body);
    type Answer = { data: { data: { iconsCount: Record<string, number> } } };
    const { iconsCount } = ((await answer.json()) as Answer).data.data;
    const { unmount: leaveAva } = renderProfile('ava-martinez');
    expect(await screen.findByRole('button', { name: 'Give Gift' })).toBeInTheDocument();
    for (const { action, countKey } of Object.values(GRATITUDE_KINDS)) {
      const count = iconsCount[countKey];
      expect(count).toEqual(expect.any(Number));
      expect(
        screen.getByRole('button', { name: `${action}, received ${String(count)}` }),
      ).toBeInTheDocument();
    }
    leaveAva();

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
