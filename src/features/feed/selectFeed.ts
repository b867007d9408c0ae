// The feed rules of spec section 5: which items the profile keeps and which ones get a card.
import type { FeedItem } from '../../api/contract/types';

/** Spec section 9: the profile lookup keeps this many REVIEW items for the feed. */
export const RECENT_REVIEWS_KEPT = 4;

/**
 * The first {@link RECENT_REVIEWS_KEPT} items of gratitudeType REVIEW, in the order given; every
 * other item (TIP, BOTH) is dropped. Used in the profile lookup's `transformResponse`.
 *
 * A REVIEW counts toward the four even when it has neither text nor media and so will not be
 * shown (see {@link isDisplayableReview}): the cap applies to what the lookup keeps, not to the
 * cards, so the feed can show fewer than four cards while later reviews exist.
 */
export function keepRecentReviews(userFeed: readonly FeedItem[]): FeedItem[] {
  return userFeed.filter((item) => item.gratitudeType === 'REVIEW').slice(0, RECENT_REVIEWS_KEPT);
}

/**
 * Whether an item gets a feed card: gratitudeType REVIEW (not TIP, and not BOTH, which the spec
 * does not list) with text that is not blank once trimmed, or at least one media item.
 */
export function isDisplayableReview(item: FeedItem): boolean {
  return item.gratitudeType === 'REVIEW' && (item.sayThanks.trim() !== '' || item.media.length > 0);
}

/** The items that get a card, in the order given. */
export function selectFeedCards(items: readonly FeedItem[]): FeedItem[] {
  return items.filter(isDisplayableReview);
}

/**
 * True when no item gets a card, so the empty-feed message shows: an empty list, a feed holding
 * only a TIP, or only blank reviews.
 */
export function isFeedEmpty(items: readonly FeedItem[]): boolean {
  return !items.some(isDisplayableReview);
}
