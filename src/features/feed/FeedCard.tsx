// One thanks in the feed: who gave it and how, their photos or video, their words, and the
// app-only Like, Comment and Share buttons.
import { startTransition, useEffect, useId, useState, type ReactNode } from 'react';
import { FullscreenVideo } from '../../components/FullscreenVideo';
import type { FeedItem, FeedMedia } from '../../api/contract/types';
import { titleCase } from '../../lib/titleCase';
import { BoostedIcon, CommentIcon, KindIcon, LikeIcon, ShareIcon } from '../../components/icons';
import { GRATITUDE_KINDS } from '../../api/contract/kinds';
import { MediaCarousel } from './MediaCarousel';
import { formatAbsoluteTime, formatRelativeTime } from './relativeTime';
import { isVideoType } from '../../api/contract/limits';
import { AVATAR_SIZE, FEED_MEDIA_SLOT, fixedImage, fluidImage } from '../../config/images';
import './FeedCard.css';

export type AppOnlyAction = 'Like' | 'Comment' | 'Share';

interface FeedCardProps {
  item: FeedItem;
  /** The time the relative time is measured from (ms since the epoch). */
  now: number;
  /** Like, Comment and Share only exist in the mobile app: the feed tells the visitor so. */
  onAppOnlyAction: (action: AppOnlyAction) => void;
  /** The guest's own review, paid, that Stripe has not confirmed yet: shown to them only. */
  pending?: boolean;
}

/** What a pending review says, under its text. */
export const PENDING_REVIEW_NOTE =
  'Being confirmed: only you can see this until your payment is confirmed.';

export function FeedCard({ item, now, onAppOnlyAction, pending = false }: FeedCardProps) {
  const titleId = useId();
  const giver = item.giveThanksUser.fullName;
  const text = item.sayThanks.trim();
  const kindLabel = Object.hasOwn(GRATITUDE_KINDS, item.icon)
    ? GRATITUDE_KINDS[item.icon].label
    : undefined;

  return (
    <article
      className={pending ? 'feed-card feed-card--pending' : 'feed-card'}
      aria-labelledby={titleId}
    >
      <header className="feed-card__header">
        <GiverAvatar name={giver} picture={item.giveThanksUser.profilePicture} />
        <div className="feed-card__heading">
          <h2 id={titleId} className="feed-card__title">
            {titleCase(item.title)}
          </h2>
          <p className="feed-card__meta">
            <CardTime createdAt={item.createdAt} now={now} />
            {item.boosted && (
              <span className="feed-card__boosted">
                <BoostedIcon size={18} />
                Boosted
              </span>
            )}
          </p>
        </div>
        {kindLabel && (
          <span className={`feed-card__kind feed-card__kind--${item.icon.toLowerCase()}`}>
            <KindIcon kind={item.icon} size={20} />
          </span>
        )}
      </header>
      <CardMedia media={item.media} giver={giver} />
      {text && <p className="feed-card__text">{text}</p>}
      {pending ? (
        <p className="feed-card__pending">{PENDING_REVIEW_NOTE}</p>
      ) : (
        <footer className="feed-card__actions">
          <ActionButton label="Like" onClick={() => onAppOnlyAction('Like')}>
            <LikeIcon size={18} />
          </ActionButton>
          <ActionButton label="Comment" onClick={() => onAppOnlyAction('Comment')}>
            <CommentIcon size={18} />
          </ActionButton>
          <ActionButton label="Share" onClick={() => onAppOnlyAction('Share')}>
            <ShareIcon size={18} />
          </ActionButton>
        </footer>
      )}
    </article>
  );
}

/**
 * How long ago the thanks was given. A server-rendered page says it in the server's clock and time
 * zone, and a cache may serve that page long after (a 71-second-old card said 'Just now'). React
 * keeps the server's text where the browser's first render differs (suppressHydrationWarning), and
 * that first render already read the browser's clock, so nothing would ever change it: the element
 * is made anew once mounted, in the browser's wording. Each card does this itself, as each is
 * hydrated on its own (a Suspense boundary), possibly after the feed's clock has moved on.
 */
function CardTime({ createdAt, now }: { createdAt: string; now: number }) {
  const [mounted, setMounted] = useState(false);
  // A transition, as the feed's clock: the new wording can wait for a guest's first tap.
  useEffect(() => startTransition(() => setMounted(true)), []);
  const when = formatRelativeTime(createdAt, now);
  if (!when) return null;
  return (
    <time
      key={mounted ? 'browser' : 'first'}
      dateTime={createdAt}
      title={formatAbsoluteTime(createdAt)}
      suppressHydrationWarning
    >
      {when}
    </time>
  );
}

function CardMedia({ media, giver }: { media: readonly FeedMedia[]; giver: string }) {
  const video = media.find((m) => isVideoType(m.mimeType.toLowerCase()));
  if (video) {
    return (
      <div className="feed-card__video">
        <FullscreenVideo
          src={video.imgUrl}
          mimeType={video.mimeType.toLowerCase()}
          label={`video from ${giver}`}
          poster={video.thumbnailUrl ? fluidImage(video.thumbnailUrl, FEED_MEDIA_SLOT) : null}
        />
      </div>
    );
  }
  const images = media
    .filter((m) => m.mimeType.toLowerCase().startsWith('image/'))
    .map((m) => m.imgUrl);
  if (images.length === 0) return null;
  return <MediaCarousel images={images} giverName={giver} />;
}

/** The giver's picture, or a drawn silhouette when they have none or it fails to load. */
function GiverAvatar({ name, picture }: { name: string; picture: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (picture && failed !== picture) {
    return (
      <img
        className="feed-card__avatar"
        {...fixedImage(picture, AVATAR_SIZE.giver)}
        alt={name}
        width={AVATAR_SIZE.giver}
        height={AVATAR_SIZE.giver}
        loading="lazy"
        decoding="async"
        // The feed's pictures never compete with the page's scripts.
        fetchPriority="low"
        onError={() => setFailed(picture)}
      />
    );
  }
  return (
    <svg
      className="feed-card__avatar feed-card__avatar--default"
      role="img"
      aria-label={name}
      width={44}
      height={44}
      viewBox="0 0 44 44"
      focusable="false"
    >
      <circle cx="22" cy="22" r="22" fill="#e3dcea" />
      <circle cx="22" cy="17" r="7.5" fill="#7a6f86" />
      <path
        d="M8.5 36.5c2.6-6.2 7.6-9.5 13.5-9.5s10.9 3.3 13.5 9.5a20 20 0 0 1-27 0Z"
        fill="#7a6f86"
      />
    </svg>
  );
}

function ActionButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="feed-card__action" onClick={onClick}>
      {children}
      <span>{label}</span>
    </button>
  );
}
