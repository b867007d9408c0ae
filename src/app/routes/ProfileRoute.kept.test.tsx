// A guest coming back sees the profile kept from the last visit while it is looked up (issue 36).
import { act, screen, waitFor } from '@testing-library/react';
import { allowConsoleError } from '../../../jest/consoleGuard';
import { makeTestStore, renderWithProviders } from '../../testing/renderWithProviders';
import { jsonPost, startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import type { Envelope, FindUserResult } from '../../api/contract/types';
import type { AppStore } from '../store';
import { prefetchProfile } from '../AppRoutes';
import { keepProfile } from '../../features/profile/storedProfiles';
import ProfileRoute from './ProfileRoute';

let api: RunningMockApi;

beforeAll(async () => {
  api = await startMockApi();
});

afterAll(() => api.close());

beforeEach(() => localStorage.clear());

/** A store whose profile lookups wait until `release` is called (and counted as they go). */
function storeHoldingLookups() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const lookups: string[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/gratitude/findUser')) {
      lookups.push(((await request.clone().json()) as { _id: string })._id);
      await held;
    }
    return fetch(request);
  };
  const store = makeTestStore(api, { fetchFn });
  return { store, lookups, release: () => act(release) };
}

async function lookUp(id: string): Promise<FindUserResult> {
  const answer = await api.request('gratitude/findUser', jsonPost({ _id: id, profilePage: true }));
  return ((await answer.json()) as Envelope<FindUserResult>).data.data;
}

const openInPlace = (store: AppStore, id: string) => {
  // What main.tsx does once a QR code's link names the profile.
  prefetchProfile(store.dispatch, id);
  return renderWithProviders(<ProfileRoute />, {
    api,
    store,
    route: `/user_profile/${id}`,
    path: '/user_profile/:id',
  });
};

describe('a profile this browser kept from its last visit', () => {
  it('shows at once, then the lookup made afresh replaces it', async () => {
    const fresh = await lookUp('ava-martinez');
    keepProfile('ava-martinez', {
      ...fresh,
      userDetails: { ...fresh.userDetails, profession: 'Kept from last week' },
    });
    const { store, lookups, release } = storeHoldingLookups();
    openInPlace(store, 'ava-martinez');

    // The lookup is under way (held): the kept profile is what shows. No spinner, its buttons, one
    // lookup, and kept again once idle: e2e/deeplink.spec.ts's second visit.
    expect(await screen.findByRole('heading', { level: 1, name: /^Ava Martinez/ })).toBeVisible();
    expect(screen.getByText('Kept from last week')).toBeInTheDocument();

    await release();
    expect(await screen.findByText('Barista & Latte Artist')).toBeInTheDocument();
    expect(screen.queryByText('Kept from last week')).not.toBeInTheDocument();
    expect(lookups).toEqual(['ava-martinez']);
  });

  it('gives way to OOPS when the account is gone, and is forgotten', async () => {
    allowConsoleError(/Failed to fetch user details/);
    const ava = await lookUp('ava-martinez');
    const gone = 'closed-account-36';
    keepProfile(gone, { ...ava, userDetails: { ...ava.userDetails, _id: gone } });
    const { store, release } = storeHoldingLookups();
    openInPlace(store, gone);
    expect(await screen.findByRole('heading', { level: 1, name: /^Ava Martinez/ })).toBeVisible();

    await release();
    expect(await screen.findByRole('heading', { level: 1, name: 'OOPS!!' })).toBeVisible();
    expect(screen.getByText('No account exists with this credentials')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(`grati:profile:${gone}`)).toBeNull());
  });
});
