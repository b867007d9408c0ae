// The Feed tab of the profile page: a card per displayable thanks, or the empty-feed message.
import { startTransition, useCallback, useEffect, useState } from 'react';
import { Snackbar, useSnackbar } from '../../components/Snackbar';
import type { FeedItem } from '../../api/contract/types';
import { FeedCard } from './FeedCard';
import { DeferredHydration, usePageHydrated } from '../../loading/hydration';
import { asFeedItem, pendingReviewsFor } from '../../lib/pendingReviews';
import { isFeedEmpty, selectFeedCards } from './selectFeed';
import './FeedCard.css';

/** Spec section 2: what an empty feed shows. */
export const EMPTY_FEED_MESSAGE =
  'This is where the timeline of the thanks you receive will appear';
/** Spec section 2: what Like, Comment and Share show. */
export const FEED_APP_ONLY_MESSAGE = 'Download the app to access this feature.';
/** Spec section 9: the feed's snackbar hides after 1500 ms. */
export const FEED_SNACKBAR_MS = 1500;

/** How often the relative times ("5 minutes ago") are brought up to date. */
const CLOCK_REFRESH_MS = 60_000;

interface FeedTabProps {
  /** The profile's feed as the lookup keeps it (the first 4 REVIEW items). */
  items: FeedItem[];
  /**
   * Whose feed: the reviews this browser paid for on that profile and that are not published
   * yet come first, marked as being confirmed (src/lib/pendingReviews.ts).
   */
  profileId?: string;
  /** Fixes the clock the relative times are measured from; by default the current time. */
  now?: number;
}

export function FeedTab({ items, now, profileId }: FeedTabProps) {
  const clock = useClock(CLOCK_REFRESH_MS, now);
  const snackbar = useSnackbar(FEED_SNACKBAR_MS);
  const { show } = snackbar;
  const onAppOnlyAction = useCallback(() => show(FEED_APP_ONLY_MESSAGE), [show]);
  // Read from this browser's storage once the page works (the server knows nothing of them).
  const hydrated = usePageHydrated();
  const pending = hydrated && profileId ? pendingReviewsFor(profileId, items).map(asFeedItem) : [];

  if (isFeedEmpty(items) && pending.length === 0) {
    return (
      <div className="feed-empty">
        <svg
          aria-hidden="true"
          focusable="false"
          width="48"
          height="48"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
        </svg>
        <p>{EMPTY_FEED_MESSAGE}</p>
      </div>
    );
  }

  return (
    <>
      <ul className="feed-list">
        {pending.map((item) => (
          <li key={item.id}>
            <FeedCard item={item} now={clock} onAppOnlyAction={onAppOnlyAction} pending />
          </li>
        ))}
        {selectFeedCards(items).map((item) => (
          <li key={item.id}>
            {/* Each card hydrates after the rest of the page: the buttons above the feed work
                sooner on a slow phone. */}
            <DeferredHydration>
              <FeedCard item={item} now={clock} onAppOnlyAction={onAppOnlyAction} />
            </DeferredHydration>
          </li>
        ))}
      </ul>
      <Snackbar {...snackbar} />
    </>
  );
}

/**
 * The time relative times are measured from: `fixed` when given (no timers run then), otherwise
 * the current time, read on mount and every `refreshMs` after.
 */
function useClock(refreshMs: number, fixed: number | undefined): number {
  const [time, setTime] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined) return;
    const tick = () => setTime(Date.now());
    // Read again once mounted, then every minute. (A hydrated card keeps the server's wording
    // until FeedCard's CardTime makes its element anew: the clock alone would not change it.)
    // A transition: the feed's new wording can wait for a guest's first tap.
    startTransition(tick);
    const timer = setInterval(tick, refreshMs);
    return () => clearInterval(timer);
  }, [fixed, refreshMs]);
  return fixed ?? time;
}
