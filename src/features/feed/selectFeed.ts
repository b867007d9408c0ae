// The feed rules of spec section 5: which items get a card, and when the feed counts as empty.
import type { FeedItem } from '../../api/contract/types';

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
