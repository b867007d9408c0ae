import type { FindUserResult } from '../../api/contract/types';
import {
  STORED_PROFILE_KEEP_MS,
  STORED_PROFILES_MAX,
  keepProfile,
  readStoredProfile,
} from './storedProfiles';

const NOW = Date.UTC(2026, 10, 28, 12);

/** A profile as the API answers it (src/api/contract/types.ts), with one review and its photo. */
const profileOf = (id: string, fullName = 'Ava Martinez'): FindUserResult => ({
  userDetails: {
    _id: id,
    fullName,
    userName: 'ava',
    profession: 'Barista',
    workPlace: null,
    bio: null,
    businessType: 'PERSON',
    premium: { isProfileVerified: true },
    isNgoVerified: false,
    profilePicture: '/media/seed/ava.jpg',
    socialLinks: { FBlink: null, InstaLink: 'https://instagram.com/ava', LinkedInLink: null },
    workPlaceMembersData: [{ _id: 'kim', fullName: 'Kim Park', profilePicture: null }],
    associatedWithWorkPlaceDetails: { workPlace: { _id: 'cafe', fullName: 'Bluebird Cafe' } },
  },
  userFeed: [
    {
      id: 'review-1',
      gratitudeType: 'BOTH',
      icon: 'RECOGNITION',
      title: 'Sam recognized Ava',
      sayThanks: 'Thank you!',
      media: [{ imgUrl: '/media/seed/latte.jpg', mimeType: 'image/jpeg' }],
      createdAt: '2026-11-27T12:00:00.000Z',
      boosted: false,
      tipAmount: 500,
      giveThanksUser: { fullName: 'Sam Lee', profilePicture: null },
    },
  ],
  iconsCount: { handshakeCount: 1, thumbsupCount: 2, cleberateCount: 3, thankyouCount: 4 },
});

type Profile = ReturnType<typeof profileOf>;
const KEY = 'grati:profile:ava-martinez';
/** What is stored for a copy of `profile` made now. */
const asStored = (profile: unknown) => `${NOW} ${JSON.stringify(profile)}`;
/** Ava's profile with `change` made to it, stored as a copy of now. */
const storedWith = (change: (profile: Profile) => unknown) =>
  localStorage.setItem(KEY, asStored(change(profileOf('ava-martinez'))));
const review = (profile: Profile) => profile.userFeed[0]!;
const withReview = (change: object) => (p: Profile) => ({
  ...p,
  userFeed: [{ ...review(p), ...change }],
});
const withDetails = (change: object) => (p: Profile) => ({
  ...p,
  userDetails: { ...p.userDetails, ...change },
});

beforeEach(() => localStorage.clear());

describe('the profiles this browser keeps for its next visit', () => {
  it('gives back the profile it kept, for that id only', () => {
    keepProfile('ava-martinez', profileOf('ava-martinez'), NOW);
    expect(readStoredProfile('ava-martinez', NOW + 1000)).toEqual(profileOf('ava-martinez'));
    expect(readStoredProfile('bluebird-cafe', NOW + 1000)).toBeNull();
  });

  it('keeps a profile for a month, then drops it; one from the future (a clock put back) is kept unshown', () => {
    keepProfile('ava-martinez', profileOf('ava-martinez'), NOW);
    expect(readStoredProfile('ava-martinez', NOW + STORED_PROFILE_KEEP_MS)).not.toBeNull();
    expect(readStoredProfile('ava-martinez', NOW - 1)).toBeNull();
    expect(localStorage.getItem(KEY)).not.toBeNull();
    expect(readStoredProfile('ava-martinez', NOW + STORED_PROFILE_KEEP_MS + 1)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('forgets the copy of an account the lookup no longer finds', () => {
    keepProfile('ava-martinez', profileOf('ava-martinez'), NOW);
    keepProfile('ava-martinez', null, NOW + 1);
    expect(readStoredProfile('ava-martinez', NOW + 2)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
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

  const ava = profileOf('ava-martinez');
  it.each([
    ['not JSON', '1 {oops'],
    ['no age', JSON.stringify(ava)],
    ['an age that is not a number', `soon ${JSON.stringify(ava)}`],
    ['another profile under this id', asStored(profileOf('bluebird-cafe'))],
    ['no feed', asStored({ ...ava, userFeed: null })],
    ['no name', asStored({ ...ava, userDetails: { _id: 'ava-martinez' } })],
  ])('shows nothing from a copy with %s', (_what, value) => {
    localStorage.setItem(KEY, value);
    expect(readStoredProfile('ava-martinez', NOW + 1)).toBeNull();
  });

  // Each would have been an error screen for that visit (issue 50).
  it.each([
    ['a review that is null', (p: Profile) => ({ ...p, userFeed: [null] })],
    ['a review with no media list', withReview({ media: null })],
    ['a review without its author', withReview({ giveThanksUser: null })],
    ['a review whose time is not one', withReview({ createdAt: 'yesterday' })],
    ['a tip that is text', withReview({ tipAmount: '5.00' })],
    ['a photo without its address', withReview({ media: [{ mimeType: 'image/jpeg' }] })],
    ['a bio that is not text', withDetails({ bio: { text: 'hi' } })],
    ['no social links', withDetails({ socialLinks: null })],
    ['no team list', withDetails({ workPlaceMembersData: null })],
    ['a team member that is null', withDetails({ workPlaceMembersData: [null] })],
    [
      'a workplace without its name',
      withDetails({ associatedWithWorkPlaceDetails: { workPlace: {} } }),
    ],
    ['a verification that is not a yes or no', withDetails({ premium: {} })],
    [
      'a count that is text',
      (p: Profile) => ({ ...p, iconsCount: { ...p.iconsCount, thumbsupCount: '2' } }),
    ],
    ['a feed that is an object', (p: Profile) => ({ ...p, userFeed: {} })],
  ])('drops, and shows nothing from, a copy with %s', (_what, change) => {
    storedWith(change);
    expect(readStoredProfile('ava-martinez', NOW + 1)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('shows a copy whose counts the API left out, and whose photo has no poster', () => {
    storedWith((p) => ({
      ...p,
      iconsCount: {},
      userFeed: [{ ...review(p), media: [{ ...review(p).media[0], thumbnailUrl: null }] }],
    }));
    expect(readStoredProfile('ava-martinez', NOW + 1)?.iconsCount).toEqual({});
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
