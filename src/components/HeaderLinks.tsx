// The header's support and social links: in the header's top bar and again in its side panel.
import type { ReactNode } from 'react';
import { FacebookIcon, InstagramIcon, LinkedInIcon, MailIcon, XIcon } from './icons';

export const SUPPORT_EMAIL = 'support@grati.com';

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
