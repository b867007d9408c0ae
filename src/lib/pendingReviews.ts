// Reviews this browser sent with a tip whose payment succeeded, kept until the profile's feed
// shows them: Stripe's webhook publishes a paid review a moment later (longer when the event is
// late or lost), and in the meantime the guest who sent it sees it marked as being confirmed.
// Only this browser knows of it (localStorage): nobody else sees it before it is published.
import type { FeedItem, GratitudeIcon } from '../api/contract/types';

const KEY = 'grati:pending-reviews';
/** A review not published after a day is not shown any more (its payment never confirmed). */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface PendingReview {
  profileId: string;
  icon: GratitudeIcon;
  title: string;
  sayThanks: string;
  guestName: string;
  /** When the payment succeeded (ms since the epoch). */
  paidAt: number;
}

function read(): PendingReview[] {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as PendingReview[]) : [];
  } catch {
    return [];
  }
}

function write(list: PendingReview[]): void {
  try {
    if (list.length === 0) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage can be disabled: the review then shows once it is published.
  }
}

const isPublished = (review: PendingReview, feed: readonly FeedItem[]) =>
  feed.some(
    (item) =>
      item.sayThanks.trim() === review.sayThanks.trim() &&
      item.giveThanksUser.fullName.trim().toLowerCase() === review.guestName.trim().toLowerCase(),
  );

const isCurrent = (review: PendingReview, now: number) =>
  now - review.paidAt >= 0 && now - review.paidAt < KEEP_MS;

/** Remembers a review whose payment has just succeeded. */
export function rememberPendingReview(review: PendingReview): void {
  write([...read().filter((r) => isCurrent(r, review.paidAt)), review]);
}

/** This profile's reviews still waiting for publication: paid here, not yet in `feed`. */
export function pendingReviewsFor(
  profileId: string,
  feed: readonly FeedItem[],
  now = Date.now(),
): PendingReview[] {
  return read().filter(
    (r) => r.profileId === profileId && isCurrent(r, now) && !isPublished(r, feed),
  );
}

/** Forgets this profile's reviews that `feed` shows now (or that are too old to wait for). */
export function forgetPublishedReviews(
  profileId: string,
  feed: readonly FeedItem[],
  now = Date.now(),
): void {
  const list = read();
  const kept = list.filter(
    (r) => r.profileId !== profileId || (isCurrent(r, now) && !isPublished(r, feed)),
  );
  if (kept.length !== list.length) write(kept);
}

/** A pending review in the feed's own shape, for the card that shows it. */
export function asFeedItem(review: PendingReview): FeedItem {
  return {
    id: `pending-${review.paidAt}`,
    gratitudeType: 'REVIEW',
    icon: review.icon,
    title: review.title,
    sayThanks: review.sayThanks,
    media: [],
    createdAt: new Date(review.paidAt).toISOString(),
    boosted: false,
    tipAmount: null,
    giveThanksUser: { fullName: review.guestName, profilePicture: null },
  };
}
