import type { FeedItem } from '../api/contract/types';
import {
  asFeedItem,
  forgetPublishedReviews,
  pendingReviewsFor,
  rememberPendingReview,
  type PendingReview,
} from './pendingReviews';

const review = (over: Partial<PendingReview> = {}): PendingReview => ({
  profileId: 'ava-martinez',
  icon: 'APPRECIATION',
  title: 'Jamie appreciated Ava',
  sayThanks: 'Thanks for the latte',
  guestName: 'Jamie Guest',
  paidAt: 1_000_000,
  ...over,
});

beforeEach(() => localStorage.clear());

describe('pending reviews', () => {
  it('are shown on their profile until the feed has them', () => {
    rememberPendingReview(review());
    expect(pendingReviewsFor('ava-martinez', [], 1_000_500)).toHaveLength(1);
    expect(pendingReviewsFor('bluebird-cafe', [], 1_000_500)).toEqual([]);
    const published: FeedItem = {
      ...asFeedItem(review()),
      id: 'r1',
      sayThanks: ' Thanks for the latte ',
      giveThanksUser: { fullName: 'jamie guest', profilePicture: null },
    };
    expect(pendingReviewsFor('ava-martinez', [published], 1_000_500)).toEqual([]);
  });

  it('forgets the published ones, and any a day old', () => {
    rememberPendingReview(review());
    rememberPendingReview(review({ sayThanks: 'Another', paidAt: 1_000_100 }));
    rememberPendingReview(review({ profileId: 'bluebird-cafe', paidAt: 1_000_200 }));
    forgetPublishedReviews('ava-martinez', [{ ...asFeedItem(review()), id: 'r1' }], 1_000_500);
    expect(pendingReviewsFor('ava-martinez', [], 1_000_500).map((r) => r.sayThanks)).toEqual([
      'Another',
    ]);
    expect(pendingReviewsFor('bluebird-cafe', [], 1_000_500)).toHaveLength(1);
    expect(pendingReviewsFor('ava-martinez', [], 1_000_100 + 24 * 3600_000)).toEqual([]);
  });

  it('shows nothing when storage is broken', () => {
    localStorage.setItem('grati:pending-reviews', '{not json');
    expect(pendingReviewsFor('ava-martinez', [])).toEqual([]);
  });
});
