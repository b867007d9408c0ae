// The marketing header's contact and social icons, drawn in the shared icon frame (icons.tsx).
// Their strokes keep the header's own caps and joins, not Lucide's. Only the header's plain links
// use them (HeaderLinks.tsx): they come with that code, after the page works.
import { Icon, type NamedIconProps } from './icons';

export function MailIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <rect
        x="3"
        y="5"
        width="18"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="2" />
    </Icon>
  );
}

export function FacebookIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        fill="currentColor"
        d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z"
      />
    </Icon>
  );
}

export function InstagramIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <rect
        x="3.5"
        y="3.5"
        width="17"
        height="17"
        rx="5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.2" cy="6.8" r="1.2" fill="currentColor" />
    </Icon>
  );
}

export function LinkedInIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        fill="currentColor"
        d="M4.5 9h3v11h-3V9Zm1.5-5a1.75 1.75 0 1 1 0 3.5A1.75 1.75 0 0 1 6 4Zm4 5h2.9v1.5h.1c.4-.8 1.4-1.7 3-1.7 3.1 0 3.7 2 3.7 4.7V20h-3v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3V9h.3Z"
      />
    </Icon>
  );
}

export function XIcon(props: NamedIconProps) {
  return (
    <Icon {...props}>
      <path
        fill="currentColor"
        d="M17.2 3.5h2.9l-6.3 7.2 7.4 9.8h-5.8l-4.5-5.9-5.2 5.9H2.8l6.7-7.7-7.1-9.3h5.9l4.1 5.4 4.8-5.4Zm-1 15.3h1.6L7.9 5.1H6.2l10 13.7Z"
      />
    </Icon>
  );
}
