import type { FindUserResult } from '../../api/contract/types';
import {
  STORED_PROFILE_KEEP_MS,
  STORED_PROFILES_MAX,
  keepProfile,
  readStoredProfile,
} from './storedProfiles';

const NOW = Date.UTC(2026, 10, 28, 12);

const profileOf = (id: string, fullName = 'Ava Martinez'): FindUserResult =>
  ({
    userDetails: { _id: id, fullName, premium: { isProfileVerified: true } },
    userFeed: [],
    iconsCount: { handshakeCount: 1, thumbsupCount: 2, cleberateCount: 3, thankyouCount: 4 },
  }) as unknown as FindUserResult;

beforeEach(() => localStorage.clear());

describe('the profiles this browser keeps for its next visit', () => {
  it('gives back the profile it kept, for that id only', () => {
    keepProfile('ava-martinez', profileOf('ava-martinez'), NOW);
    expect(readStoredProfile('ava-martinez', NOW + 1000)).toEqual(profileOf('ava-martinez'));
    expect(readStoredProfile('bluebird-cafe', NOW + 1000)).toBeNull();
  });

  it('keeps a profile for a month, and shows none from the future (a clock put back)', () => {
    keepProfile('ava-martinez', profileOf('ava-martinez'), NOW);
    expect(readStoredProfile('ava-martinez', NOW + STORED_PROFILE_KEEP_MS)).not.toBeNull();
    expect(readStoredProfile('ava-martinez', NOW + STORED_PROFILE_KEEP_MS + 1)).toBeNull();
    expect(readStoredProfile('ava-martinez', NOW - 1)).toBeNull();
  });

  it('forgets the copy of an account the lookup no longer finds', () => {
    keepProfile('ava-martinez', profileOf('ava-martinez'), NOW);
    keepProfile('ava-martinez', null, NOW + 1);
    expect(readStoredProfile('ava-martinez', NOW + 2)).toBeNull();
    expect(localStorage.getItem('grati:profile:ava-martinez')).toBeNull();
  });

  it(`keeps the ${STORED_PROFILES_MAX} latest profiles, the oldest goes first`, () => {
    const ids = Array.from({ length: STORED_PROFILES_MAX + 2 }, (_, i) => `profile-${i}`);
    ids.forEach((id, i) => keepProfile(id, profileOf(id), NOW + i));
    // The first one again: it is the latest now.
    keepProfile('profile-0', profileOf('profile-0'), NOW + 100);
    const kept = ids.filter((id) => readStoredProfile(id, NOW + 200) !== null);
    expect(kept).toEqual(['profile-0', 'profile-3', 'profile-4', 'profile-5', 'profile-6']);
    // What is not ours stays.
    localStorage.setItem('userId', 'profile-1');
    keepProfile('profile-7', profileOf('profile-7'), NOW + 300);
    expect(localStorage.getItem('userId')).toBe('profile-1');
  });

  it.each([
    ['not JSON', '1 {oops'],
    ['no age', JSON.stringify(profileOf('ava-martinez'))],
    ['an age that is not a number', `soon ${JSON.stringify(profileOf('ava-martinez'))}`],
    ['another profile under this id', `${NOW} ${JSON.stringify(profileOf('bluebird-cafe'))}`],
    ['no feed', `${NOW} ${JSON.stringify({ ...profileOf('ava-martinez'), userFeed: null })}`],
    [
      'no name',
      `${NOW} ${JSON.stringify({ ...profileOf('ava-martinez'), userDetails: { _id: 'ava-martinez' } })}`,
    ],
  ])('shows nothing from a copy with %s', (_what, value) => {
    localStorage.setItem('grati:profile:ava-martinez', value);
    expect(readStoredProfile('ava-martinez', NOW + 1)).toBeNull();
  });

  it('works without storage (a privacy setting makes it throw)', () => {
    const storage = jest.spyOn(globalThis, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      expect(() => keepProfile('ava-martinez', profileOf('ava-martinez'), NOW)).not.toThrow();
      expect(readStoredProfile('ava-martinez', NOW)).toBeNull();
    } finally {
      storage.mockRestore();
    }
  });

  it('keeps nothing when storage is full, and the page goes on', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(() => keepProfile('ava-martinez', profileOf('ava-martinez'), NOW)).not.toThrow();
    } finally {
      setItem.mockRestore();
    }
    expect(readStoredProfile('ava-martinez', NOW)).toBeNull();
  });
});
