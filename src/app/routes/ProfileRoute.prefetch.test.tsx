// A profile page fetches the giving flow's code at once, even while hydrating the server's markup
// and never idle: the first tap on Give Gift gets the form, not "Loading form" (issues 36, 51).
import { act, fireEvent, screen } from '@testing-library/react';
import { markPageHydrated, resetPageHydration } from '../../loading/hydration';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import ProfileRoute from './ProfileRoute';

jest.mock('../../loading/idle', () => ({ whenIdle: () => () => {} }));

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

it('has the flow ready for the first tap on a page the server rendered', async () => {
  resetPageHydration();
  renderWithProviders(<ProfileRoute />, {
    api: { apiBaseUrl: api.apiBaseUrl, guestToken: api.guestToken },
    route: '/user_profile/ava-martinez',
    path: '/user_profile/:id',
  });
  const giveGift = await screen.findByRole('button', { name: 'Give Gift' });
  // Hydration ends (AppReady's part), then the guest taps at once.
  act(() => markPageHydrated());
  // A bare click: no pointer or focus before it, which would fetch the flow as an intent.
  fireEvent.click(giveGift);
  expect(screen.queryByRole('status', { name: 'Loading form' })).not.toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: 'Full Name' })).toBeInTheDocument();
});
