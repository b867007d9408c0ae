// The app's inline icons: one decorative 24-unit frame and every named icon drawn in it.
// The kinds (handshake, thumbs-up, party-popper, heart), the feed's actions and the boosted bolt
// are line drawings after the Lucide icon set (ISC licence); the others are Grati's own.
import type { ReactNode } from 'react';
import { GRATITUDE_KINDS } from '../api/contract/kinds';
import type { GratitudeIcon } from '../api/contract/types';

interface IconProps {
  children: ReactNode;
  className?: string;
  /** Drawn size in CSS pixels (square); by default the CSS decides. */
  size?: number;
  /** Lucide's line style: no fill, a round 2-unit stroke in currentColor. */
  line?: boolean;
  /** Names the icon for screen readers (role img); without it the icon is hidden from them. */
  label?: string;
}

/**
 * The 24-unit frame every icon is drawn in. Decorative by default: the text beside an icon, shown
 * or visually hidden, usually names its control.
 */
export function Icon({ children, className, size, line = false, label }: IconProps) {
  const naming = label
    ? ({ role: 'img', 'aria-label': label } as const)
    : ({ 'aria-hidden': true } as const);
  const lineStyle = line
    ? ({
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
      } as const)
    : {};
  return (
    <svg
      className={className}
      {...naming}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
      {...lineStyle}
    >
      {label && <title>{label}</title>}
      {children}
    </svg>
  );
}

export interface NamedIconProps {
  className?: string;
  /** Drawn size in CSS pixels (square); by default the CSS decides. */
  size?: number;
}

// The gratitude kinds.

// Both the Appreciation kind and the feed's Like button draw Lucide's thumbs-up.
const THUMBS_UP = (
  <>
    <path d="M7 10v12" />
    <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
  </>
);

const KIND_PATHS: Record<GratitudeIcon, ReactNode> = {
  RECOGNITION: (
    <>
      <path d="m11 17 2 2a1 1 0 1 0 3-3" />
      <path d="m14 14 2.5 2.5a1 1 0 1 0 3-3l-3.88-3.88a3 3 0 0 0-4.24 0l-.88.88a1 1 0 1 1-3-3l2.81-2.81a5.79 5.79 0 0 1 7.06-.87l.47.28a2 2 0 0 0 1.42.25L21 4" />
      <path d="m21 3 1 11h-2" />
      <path d="M3 3 2 14l6.5 6.5a1 1 0 1 0 3-3" />
      <path d="M3 4h8" />
    </>
  ),
  APPRECIATION: THUMBS_UP,
  CELEBRATION: (
    <>
      <path d="M5.8 11.3 2 22l10.7-3.79" />
      <path d="M4 3h.01" />
      <path d="M22 8h.01" />
      <path d="M15 2h.01" />
      <path d="M22 20h.01" />
      <path d="m22 2-2.24.75a2.9 2.9 0 0 0-1.96 3.12c.1.86-.57 1.63-1.45 1.63h-.38c-.86 0-1.6.6-1.76 1.44L14 10" />
      <path d="m22 13-.82-.33c-.86-.34-1.82.2-1.98 1.11-.11.7-.72 1.22-1.43 1.22H17" />
      <path d="m11 2 .33.82c.34.86-.2 1.82-1.11 1.98C9.52 4.9 9 5.52 9 6.23V7" />
      <path d="M11 13c1.93 1.93 2.83 4.17 2 5-.83.83-3.07-.07-5-2-1.93-1.93-2.83-4.17-2-5 .83-.83 3.07.07 5 2Z" />
    </>
  ),
  GRATITUDE: (
    <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
  ),
};

interface KindIconProps {
  kind: GratitudeIcon;
  /** Drawn size in CSS pixels (the icon is square). */
  size?: number;
  className?: string;
  /** Hidden from screen readers, where the text beside it already names the kind. */
  decorative?: boolean;
}

/**
 * The kind's line icon, in `currentColor`, named for screen readers by its label
 * ("Recognition"...). An unknown kind from the server draws nothing rather than failing.
 */
export function KindIcon({ kind, size = 20, className, decorative = false }: KindIconProps) {
  // Object.hasOwn: a kind is looked up by a server's string, never along the prototype chain.
  if (!Object.hasOwn(GRATITUDE_KINDS, kind)) return null;
  return (
    <Icon
      className={className}
      size={size}
      line
      label={decorative ? undefined : GRATITUDE_KINDS[kind].label}
    >
      {KIND_PATHS[kind]}
    </Icon>
  );
}

// The marketing header's icons. Their strokes keep the header's own caps and joins, not Lucide's.
// Its contact and social icons are in socialIcons.tsx (the header's plain links' chunk).

export function ChevronIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        d="m6 9 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </Icon>
  );
}

export function PhoneIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <rect
        x="6"
        y="2.5"
        width="12"
        height="19"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="M10.5 18h3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </Icon>
  );
}

export function CloseIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        d="m6 6 12 12M18 6 6 18"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </Icon>
  );
}

// The feed card's icons (Lucide).

export function BoostedIcon(props: NamedIconProps) {
  return (
    <Icon {...props} line>
      <polygon points="13 2 3 14 12 14 11 22 21 10 12 10 13 2" fill="currentColor" />
    </Icon>
  );
}

export function LikeIcon(props: NamedIconProps) {
  return (
    <Icon {...props} line>
      {THUMBS_UP}
    </Icon>
  );
}

export function CommentIcon(props: NamedIconProps) {
  return (
    <Icon {...props} line>
      <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
    </Icon>
  );
}

export function ShareIcon(props: NamedIconProps) {
  return (
    <Icon {...props} line>
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.59 13.51 6.83 3.98" />
      <path d="m15.41 6.51-6.82 3.98" />
    </Icon>
  );
}

// The profile's gift button and the flow panel's back arrow.

export function GiftIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M3 9h18v4H3zM5 13v8h14v-8M12 9v12M12 9c-2-4-7-4-7-1s4 1 7 1zm0 0c2-4 7-4 7-1s-4 1-7 1z"
      />
    </Icon>
  );
}

export function BackIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        d="M15 5l-7 7 7 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Icon>
  );
}
