import fc from 'fast-check';
import type { FeedItem, GratitudeType } from '../../api/contract/types';
// The profile keeps the lookup's first reviews; the feed shows some of them: tested together.
import { RECENT_REVIEWS_KEPT, keepRecentReviews } from '../profile/recentReviews';
import { isDisplayableReview, isFeedEmpty, selectFeedCards } from './selectFeed';

let nextId = 1;
function makeFeedItem(overrides: Partial<FeedItem> = {}): FeedItem {
  const id = `item-${nextId++}`;
  return {
    id,
    gratitudeType: 'REVIEW',
    icon: 'RECOGNITION',
    title: 'Sam recognized ava.martinez',
    sayThanks: `Thanks (${id})`,
    media: [],
    createdAt: '2024-11-14T15:45:00.000Z',
    boosted: false,
    tipAmount: null,
    giveThanksUser: { fullName: 'Sam Guest', profilePicture: null },
    ...overrides,
  };
}

const tip = (overrides: Partial<FeedItem> = {}) =>
  makeFeedItem({ gratitudeType: 'TIP', sayThanks: '', tipAmount: 1000, ...overrides });
const image = { imgUrl: '/uploads/a.jpg', mimeType: 'image/jpeg' };
const ids = (items: FeedItem[]) => items.map((item) => item.id);

describe('keepRecentReviews', () => {
  it('keeps the first four reviews in order from seven reviews and two tips', () => {
    expect(RECENT_REVIEWS_KEPT).toBe(4);
    const reviews = Array.from({ length: 7 }, () => makeFeedItem());
    const feed = [tip(), reviews[0]!, reviews[1]!, tip(), ...reviews.slice(2)];
    expect(ids(keepRecentReviews(feed))).toEqual(ids(reviews.slice(0, 4)));
  });

  it('counts a blank review toward the four even though it gets no card', () => {
    const blank = makeFeedItem({ sayThanks: '   ' });
    const reviews = Array.from({ length: 4 }, () => makeFeedItem());
    const kept = keepRecentReviews([blank, ...reviews]);
    expect(ids(kept)).toEqual(ids([blank, ...reviews.slice(0, 3)]));
    expect(selectFeedCards(kept)).toHaveLength(3);
  });

  it('does not modify its input', () => {
    const feed = [tip(), makeFeedItem(), makeFeedItem()];
    const copy = [...feed];
    keepRecentReviews(feed);
    expect(feed).toEqual(copy);
  });
});

describe('isDisplayableReview', () => {
  it.each([
    ['shows a review with text', makeFeedItem({ sayThanks: 'Great service' }), true],
    ['shows media with blank text', makeFeedItem({ sayThanks: ' ', media: [image] }), true],
    ['hides a review with blank text and no media', makeFeedItem({ sayThanks: ' \t\n ' }), false],
    ['hides a TIP, even with text and media', tip({ sayThanks: 'Thanks', media: [image] }), false],
    [
      'hides a BOTH item, even with media',
      makeFeedItem({ gratitudeType: 'BOTH', media: [image] }),
      false,
    ],
  ])('%s', (_rule, item, shown) => {
    expect(isDisplayableReview(item)).toBe(shown);
  });
});

describe('selectFeedCards and isFeedEmpty', () => {
  describe('properties', () => {
    const feedItem = fc
      .record({
        gratitudeType: fc.constantFrom<GratitudeType>('REVIEW', 'TIP', 'BOTH'),
        sayThanks: fc.constantFrom('', ' ', '\n\t', 'Thanks!', ' hi '),
        withMedia: fc.boolean(),
      })
      .map(({ withMedia, ...rest }) => makeFeedItem({ ...rest, media: withMedia ? [image] : [] }));
    const feed = fc.array(feedItem, { maxLength: 15 });

    const isSubsequence = (sub: FeedItem[], of: FeedItem[]) => {
      let from = 0;
      return sub.every((item) => {
        const at = of.indexOf(item, from);
        from = at + 1;
        return at !== -1;
      });
    };

    it('keeps at most four REVIEW items, in their original order', () => {
      fc.assert(
        fc.property(feed, (items) => {
          const kept = keepRecentReviews(items);
          const reviews = items.filter((item) => item.gratitudeType === 'REVIEW');
          expect(kept.length).toBeLessThanOrEqual(RECENT_REVIEWS_KEPT);
          expect(kept.length).toBe(Math.min(RECENT_REVIEWS_KEPT, reviews.length));
          expect(kept.every((item) => item.gratitudeType === 'REVIEW')).toBe(true);
          expect(isSubsequence(kept, items)).toBe(true);
          expect(kept).toEqual(reviews.slice(0, kept.length));
        }),
      );
    });

    it('selects the displayable reviews in order; empty exactly when isFeedEmpty', () => {
      fc.assert(
        fc.property(feed, (items) => {
          const cards = selectFeedCards(items);
          expect(cards.every(isDisplayableReview)).toBe(true);
          expect(isSubsequence(cards, items)).toBe(true);
          expect(cards).toHaveLength(items.filter(isDisplayableReview).length);
          expect(isFeedEmpty(items)).toBe(cards.length === 0);
          expect(selectFeedCards(keepRecentReviews(items)).length).toBeLessThanOrEqual(
            RECENT_REVIEWS_KEPT,
          );
        }),
      );
    });
  });
});
