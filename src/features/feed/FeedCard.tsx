// One thanks in the feed: who gave it and how, their photos or video, their words, and the
// app-only Like, Comment and Share buttons.
import { useId, useState, type ReactNode } from 'react';
import { FullscreenVideo } from '../../components/FullscreenVideo';
import type { FeedItem, FeedMedia } from '../../api/contract/types';
import { titleCase } from '../../lib/titleCase';
import { KindIcon } from './KindIcon';
import { GRATITUDE_KINDS } from '../../api/contract/kinds';
import { MediaCarousel } from './MediaCarousel';
import { formatRelativeTime } from './relativeTime';
import { isVideoType } from '../../api/contract/limits';
import './FeedCard.css';

export type AppOnlyAction = 'Like' | 'Comment' | 'Share';

interface FeedCardProps {
  item: FeedItem;
  /** The time the relative time is measured from (ms since the epoch). */
  now: number;
  /** Like, Comment and Share only exist in the mobile app: the feed tells the visitor so. */
  onAppOnlyAction: (action: AppOnlyAction) => void;
}

export function FeedCard({ item, now, onAppOnlyAction }: FeedCardProps) {
  const titleId = useId();
  const giver = item.giveThanksUser.fullName;
  const text = item.sayThanks.trim();
  const when = formatRelativeTime(item.createdAt, now);
  const kindLabel = Object.hasOwn(GRATITUDE_KINDS, item.icon)
    ? GRATITUDE_KINDS[item.icon].label
    : undefined;

  return (
    <article className="feed-card" aria-labelledby={titleId}>
      <header className="feed-card__header">
        <GiverAvatar name={giver} picture={item.giveThanksUser.profilePicture} />
        <div className="feed-card__heading">
          <h2 id={titleId} className="feed-card__title">
            {titleCase(item.title)}
          </h2>
          <p className="feed-card__meta">
            {when && (
              // A server-rendered page says this in the server's clock and time zone; the
              // browser's own wording replaces it right after hydration (useClock).
              <time
                dateTime={item.createdAt}
                title={absoluteTime(item.createdAt)}
                suppressHydrationWarning
              >
                {when}
              </time>
            )}
            {item.boosted && (
              <span className="feed-card__boosted">
                <Icon>
                  <polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2" fill="currentColor" />
                </Icon>
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
      <footer className="feed-card__actions">
        <ActionButton label="Like" onClick={() => onAppOnlyAction('Like')}>
          <path d="M7 10v12" />
          <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
        </ActionButton>
        <ActionButton label="Comment" onClick={() => onAppOnlyAction('Comment')}>
          <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
        </ActionButton>
        <ActionButton label="Share" onClick={() => onAppOnlyAction('Share')}>
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.59 13.51 6.83 3.98" />
          <path d="m15.41 6.51-6.82 3.98" />
        </ActionButton>
      </footer>
    </article>
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
        src={picture}
        alt={name}
        width={44}
        height={44}
        loading="lazy"
        decoding="async"
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
      <Icon>{children}</Icon>
      <span>{label}</span>
    </button>
  );
}

/** A decorative 24-unit line icon (after the Lucide set, ISC licence). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function absoluteTime(createdAt: string): string | undefined {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
