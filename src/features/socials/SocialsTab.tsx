// The Socials tab: the profile's Facebook, Instagram and LinkedIn links. Opening them is an app
// feature (spec section 1), so a click shows the download message instead of leaving the page.
import type { MouseEvent, ReactElement } from 'react';
import type { SocialLinks } from '../../api/contract/types';
import { Snackbar, useSnackbar } from '../../components/Snackbar';
import { linkText, safeUrl } from './safeUrl';
import './SocialsTab.css';

export const SOCIALS_APP_ONLY_MESSAGE = 'Download app to avail this feature';
/** Spec section 9: the socials snackbar hides after 1000 ms. */
const SNACKBAR_MS = 1000;

interface Network {
  key: keyof SocialLinks;
  name: string;
  icon: ReactElement;
}

const NETWORKS: readonly Network[] = [
  {
    key: 'FBlink',
    name: 'Facebook',
    icon: (
      <svg viewBox="0 0 24 24" className="socials__icon socials__icon--facebook">
        <circle cx="12" cy="12" r="12" />
        <path
          fill="#fff"
          d="M13.4 24v-8.6h2.9l.4-3.4h-3.3V9.9c0-1 .3-1.6 1.7-1.6h1.8V5.2c-.3 0-1.4-.1-2.6-.1-2.6 0-4.3 1.6-4.3 4.4V12H7v3.4h3v8.6z"
        />
      </svg>
    ),
  },
  {
    key: 'InstaLink',
    name: 'Instagram',
    icon: (
      <svg viewBox="0 0 24 24" className="socials__icon socials__icon--instagram">
        <rect width="24" height="24" rx="6" />
        <rect x="5" y="5" width="14" height="14" rx="4" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="12" cy="12" r="3.2" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="16.3" cy="7.7" r="1.1" fill="#fff" />
      </svg>
    ),
  },
  {
    key: 'LinkedInLink',
    name: 'LinkedIn',
    icon: (
      <svg viewBox="0 0 24 24" className="socials__icon socials__icon--linkedin">
        <rect width="24" height="24" rx="4" />
        <circle cx="7.2" cy="7.1" r="1.8" fill="#fff" />
        <rect x="5.6" y="9.8" width="3.2" height="9" fill="#fff" />
        <path
          fill="#fff"
          d="M10.8 9.8h3.1v1.3c.5-.9 1.6-1.5 3-1.5 2.4 0 3.3 1.5 3.3 4v5.2H17v-4.6c0-1.2-.3-2-1.4-2s-1.6.8-1.6 2v4.6h-3.2z"
        />
      </svg>
    ),
  },
];

/**
 * A row per network: a link when the profile's address for it is a safe http(s) URL, otherwise
 * `NA` (an absent link and one that is not http(s) look the same to the visitor).
 *
 * The links keep their href, so they read as links, show their address on hover and can be
 * copied; a click (mouse, or Enter from the keyboard) is stopped and shows the download message.
 * A middle-click or "open in new tab" is left to the browser: that is the visitor's own choice.
 */
export function SocialsTab({ socialLinks }: { socialLinks: SocialLinks }) {
  const snackbar = useSnackbar(SNACKBAR_MS);
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    snackbar.show(SOCIALS_APP_ONLY_MESSAGE);
  };

  return (
    <div className="socials">
      <ul className="socials__list" aria-label="Social links">
        {NETWORKS.map(({ key, name, icon }) => {
          const href = safeUrl(socialLinks[key]);
          return (
            <li className="socials__row" key={key}>
              {href ? (
                <a
                  className="socials__link"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer ugc"
                  onClick={onLinkClick}
                >
                  <span aria-hidden="true">{icon}</span>
                  <span className="socials__name">{name}</span>
                  <span className="socials__address">{linkText(href)}</span>
                </a>
              ) : (
                <div className="socials__link socials__link--absent">
                  <span aria-hidden="true">{icon}</span>
                  <span className="socials__name">{name}</span>
                  <span className="socials__address">NA</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Snackbar {...snackbar} />
    </div>
  );
}
