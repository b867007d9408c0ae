// The header's plain links: the support and social links (in its top bar, and again in its side
// panel), the logo and the tagline. Loaded after the page works (Header.tsx: a plain lazyPart).
import type { ReactNode } from 'react';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, XIcon } from './socialIcons';
import { SUPPORT_EMAIL, TAGLINE } from './headerTexts';

export interface MenuLink {
  label: string;
  href: string;
}

// The spec sends every social icon to the main marketing site (not to the networks themselves).
const SOCIAL_NETWORKS: { name: string; icon: ReactNode }[] = [
  { name: 'Facebook', icon: <FacebookIcon className="site-header__icon" /> },
  { name: 'Instagram', icon: <InstagramIcon className="site-header__icon" /> },
  { name: 'LinkedIn', icon: <LinkedInIcon className="site-header__icon" /> },
  { name: 'X', icon: <XIcon className="site-header__icon" /> },
];

export function SupportLink() {
  return (
    <a className="site-header__support" href={`mailto:${SUPPORT_EMAIL}`}>
      <MailIcon className="site-header__icon" />
      <span>{SUPPORT_EMAIL}</span>
    </a>
  );
}

export function SocialLinks({ marketingUrl }: { marketingUrl: string }) {
  return (
    <ul className="site-header__socials">
      {SOCIAL_NETWORKS.map((network) => (
        <li key={network.name}>
          <a className="site-header__social" href={marketingUrl}>
            {network.icon}
            <span className="visually-hidden">Grati on {network.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The header's top bar: the support mailbox and the social icons. */
export function TopBarLinks({ marketingUrl }: { marketingUrl: string }) {
  return (
    <>
      <SupportLink />
      <SocialLinks marketingUrl={marketingUrl} />
    </>
  );
}

/** The logo (a link to the marketing site) and the tagline. */
export function Brand({ marketingUrl }: { marketingUrl: string }) {
  return (
    <>
      <a className="site-header__logo" href={marketingUrl} aria-label="Grati home">
        <LogoMark />
        <span className="site-header__wordmark" aria-hidden="true">
          Grati
        </span>
      </a>
      <p className="site-header__tagline">{TAGLINE}</p>
    </>
  );
}

// The brand mark: the Grati logo in its own colours, not an icon of the shared set.
function LogoMark() {
  return (
    <svg
      className="site-header__logo-mark"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="9" fill="#5b2a86" />
      <path
        d="M16 24.5s-7.5-4.4-7.5-10a4.2 4.2 0 0 1 7.5-2.6 4.2 4.2 0 0 1 7.5 2.6c0 5.6-7.5 10-7.5 10Z"
        fill="#fff"
      />
      <circle cx="24.5" cy="8" r="2.2" fill="#f2a900" />
    </svg>
  );
}
