// A profile the browser renders itself (a QR code's link: no server markup to hydrate) fetches
// the giving flow's code at once, not once the page is idle: a guest who taps Give Gift as soon as
// it shows gets the form, with no "Loading form" in between (issue 36). Here the page never idles.
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import ProfileRoute from './ProfileRoute';

jest.mock('../../loading/idle', () => ({ whenIdle: () => () => {} }));

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

it('has the flow ready for the first tap on a page it renders itself', async () => {
  renderWithProviders(<ProfileRoute />, {
    api: { apiBaseUrl: api.apiBaseUrl, guestToken: api.guestToken },
    route: '/user_profile/ava-martinez',
    path: '/user_profile/:id',
  });
  const giveGift = await screen.findByRole('button', { name: 'Give Gift' });
  // A bare click: no pointer or focus before it, which would fetch the flow as an intent.
  fireEvent.click(giveGift);
  expect(screen.queryByRole('status', { name: 'Loading form' })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Full Name' })).toBeInTheDocument();
});
