// The profile's lookup keeps each new answer in this browser for its next visit
// (storedProfiles.ts), and an answer it kept already is not written again: the page asks every
// 3 s while a paid review waits for its webhook, and the profile rarely changes meanwhile.
import { startMockApi, type RunningMockApi } from '../../../mock-api/testing';
import type { Envelope, FindUserResult } from '../../api/contract/types';
import { makeTestStore } from '../../testing/renderWithProviders';
import { lookUpProfile, profileApi } from './profileApi';
import { keepProfile, readStoredProfile } from './storedProfiles';

// Kept at once, not when the page idles: what is written is what this test counts.
jest.mock('../../loading/idle', () => ({
  whenIdle: (task: () => void) => {
    task();
    return () => undefined;
  },
}));

const ID = 'ava-martinez';
const KEY = `grati:profile:${ID}`;
const DAY_MS = 24 * 60 * 60 * 1000;

let api: RunningMockApi;
beforeAll(async () => {
  api = await startMockApi();
});
afterAll(() => api.close());

let writes: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  writes = jest.spyOn(Storage.prototype, 'setItem');
});
afterEach(() => writes.mockRestore());

const writesOfTheProfile = () => writes.mock.calls.filter(([key]) => key === KEY).length;

/** A store on the mock API whose lookups answer with `profession` when it is set. */
function storeOnMockApi() {
  let profession: string | undefined;
  const fetchFn: typeof fetch = async (input, init) => {
    const answer = await fetch(new Request(input, init));
    if (profession === undefined || !answer.url.endsWith('/gratitude/findUser')) return answer;
    const body = (await answer.json()) as Envelope<FindUserResult>;
    body.data.data.userDetails.profession = profession;
    return Response.json(body, { status: answer.status });
  };
  const store = makeTestStore(api, { fetchFn });
  const poll = () =>
    store.dispatch(profileApi.endpoints.getProfile.initiate(ID, { forceRefetch: true })).unwrap();
  return { store, poll, answerWith: (value: string) => (profession = value) };
}

it('keeps the first answer, not the same answer again on every poll, then a changed one', async () => {
  const { poll, answerWith } = storeOnMockApi();
  await poll();
  expect(writesOfTheProfile()).toBe(1);
  await poll();
  await poll();
  // Before: one write per poll (3).
  expect(writesOfTheProfile()).toBe(1);

  answerWith('Head Barista');
  await poll();
  expect(writesOfTheProfile()).toBe(2);
  expect(readStoredProfile(ID)?.userDetails.profession).toBe('Head Barista');
  await poll();
  expect(writesOfTheProfile()).toBe(2);
});

it('keeps the fresh answer to a visit that showed the kept copy, even when it is the same', async () => {
  const fresh = await storeOnMockApi().poll();
  const aDayAgo = Date.now() - DAY_MS;
  keepProfile(ID, fresh, aDayAgo);

  // The next visit: a new page shows the kept copy while it asks afresh.
  const next = storeOnMockApi();
  writes.mockClear();
  next.store.dispatch(lookUpProfile(ID));
  await Promise.all(next.store.dispatch(profileApi.util.getRunningQueriesThunk()));
  expect(writesOfTheProfile()).toBe(1);
  // Its age is this visit's, as before: the month it is kept for starts again.
  expect(Number(localStorage.getItem(KEY)!.split(' ')[0])).toBeGreaterThan(aDayAgo);
});
