import { screen, waitFor, within } from '@testing-library/react';
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
  it("shows a spinner, then the profile's card, and remembers the id", async () => {
    renderProfile('ava-martinez');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile');
    const name = await screen.findByRole('heading', { level: 1, name: /^Ava Martinez/ });
    expect(within(name).getByRole('img', { name: 'Verified profile' })).toBeInTheDocument();
    expect(screen.getByText('Barista & Latte Artist')).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe('ava-martinez');
  });

  it('shows the Feed tab first, with the four most recent reviews', async () => {
    renderProfile('ava-martinez');
    expect(await screen.findByRole('tab', { name: 'Feed', selected: true })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(4);
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

  it('lists a workplace team, but no team for a person', async () => {
    renderProfile('bluebird-cafe');
    const team = await screen.findByRole('region', { name: 'Our Team' });
    expect(within(team).getAllByRole('link')).toHaveLength(6);
  });

  it('shows OOPS!! for an id the API does not know', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile('nobody');
    expect(await screen.findByRole('heading', { name: 'OOPS!!' })).toBeInTheDocument();
    expect(screen.getByText('No account exists with this credentials')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to fetch user details', expect.anything());
    error.mockRestore();
  });

  it('shows OOPS!! when the guest token is refused', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfile('ava-martinez', 'wrong');
    expect(await screen.findByRole('heading', { name: 'OOPS!!' })).toBeInTheDocument();
    error.mockRestore();
  });
});
