// The profile lookup's rule of spec sections 5 and 7: which feed items the profile keeps.
import type { FeedItem } from '../../api/contract/types';

/** Spec section 9: the profile lookup keeps this many REVIEW items for the feed. */
export const RECENT_REVIEWS_KEPT = 4;

/**
 * The first {@link RECENT_REVIEWS_KEPT} items of gratitudeType REVIEW, in the order given; every
 * other item (TIP, BOTH) is dropped. Used in the profile lookup's `transformResponse`.
 *
 * A REVIEW counts toward the four even when it has neither text nor media and so will not be
 * shown (see the feed's isDisplayableReview): the cap applies to what the lookup keeps, not to the
 * cards, so the feed can show fewer than four cards while later reviews exist.
 */
export function keepRecentReviews(userFeed: readonly FeedItem[]): FeedItem[] {
  return userFeed.filter((item) => item.gratitudeType === 'REVIEW').slice(0, RECENT_REVIEWS_KEPT);
}
