// The marketing header: support mailbox, social icons, the main menu (collapsed into a disclosure
// menu on narrow screens), the tagline and a side panel with the app-download links.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AppDownloadLinks } from './AppDownloadLinks';
import {
  ChevronIcon,
  CloseIcon,
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  MailIcon,
  PhoneIcon,
  XIcon,
} from './icons';
import { StaticPart } from './StaticPart';
import { useFocusTrap } from './useFocusTrap';
import './Header.css';

export const SUPPORT_EMAIL = 'support@grati.com';
export const TAGLINE = 'Give a little thanks. It goes a long way.';

interface HeaderProps {
  /** The main marketing site; every menu link and social icon leads there. */
  marketingUrl: string;
}

interface MenuLink {
  label: string;
  href: string;
}

function menuLinks(marketingUrl: string): MenuLink[] {
  const at = (path: string) => new URL(path, marketingUrl).href;
  return [
    { label: 'Home', href: marketingUrl },
    { label: 'How Grati Works', href: at('/how-grati-works') },
    { label: 'Download', href: at('/download') },
    { label: 'Contact Us', href: at('/contact-us') },
  ];
}

// The spec sends every social icon to the main marketing site (not to the networks themselves).
const SOCIAL_NETWORKS: { name: string; icon: ReactNode }[] = [
  { name: 'Facebook', icon: <FacebookIcon className="site-header__icon" /> },
  { name: 'Instagram', icon: <InstagramIcon className="site-header__icon" /> },
  { name: 'LinkedIn', icon: <LinkedInIcon className="site-header__icon" /> },
  { name: 'X', icon: <XIcon className="site-header__icon" /> },
];

export function Header({ marketingUrl }: HeaderProps) {
  const links = menuLinks(marketingUrl);
  const menuListId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [panelOpen, setPanelOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const panelButtonRef = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);

  // Escape closes the open dropdown and puts focus back on its button.
  useEffect(() => {
    const bar = barRef.current;
    if (!menuOpen || !bar) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    bar.addEventListener('keydown', onKeyDown);
    return () => bar.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closePanel = () => {
    setPanelOpen(false);
    panelButtonRef.current?.focus();
  };

  return (
    <header className="site-header">
      <div className="site-header__topbar">
        <div className="site-header__inner site-header__topbar-inner">
          <StaticPart>
            <SupportLink />
            <SocialLinks marketingUrl={marketingUrl} />
          </StaticPart>
        </div>
      </div>

      <div className="site-header__inner site-header__bar" ref={barRef}>
        <StaticPart>
          <a className="site-header__logo" href={marketingUrl} aria-label="Grati home">
            <LogoMark />
            <span className="site-header__wordmark" aria-hidden="true">
              Grati
            </span>
          </a>
          <p className="site-header__tagline">{TAGLINE}</p>
        </StaticPart>

        {/* One menu: a row of links on wide screens; under 768 px this button shows or hides it. */}
        <button
          ref={menuButtonRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuListId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span>Menu</span>
          <ChevronIcon className="site-header__chevron" />
        </button>
        <nav
          className={`site-header__nav${menuOpen ? ' site-header__nav--open' : ''}`}
          aria-label="Main"
        >
          <ul id={menuListId} className="site-header__links">
            {links.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>

        <button
          ref={panelButtonRef}
          type="button"
          className="site-header__panel-button"
          aria-haspopup="dialog"
          aria-expanded={panelOpen}
          onClick={() => setPanelOpen(true)}
        >
          <PhoneIcon className="site-header__icon" />
          <span>Get the app</span>
        </button>
      </div>

      {panelOpen && <SidePanel links={links} marketingUrl={marketingUrl} onClose={closePanel} />}
    </header>
  );
}

function SupportLink() {
  return (
    <a className="site-header__support" href={`mailto:${SUPPORT_EMAIL}`}>
      <MailIcon className="site-header__icon" />
      <span>{SUPPORT_EMAIL}</span>
    </a>
  );
}

function SocialLinks({ marketingUrl }: { marketingUrl: string }) {
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

interface SidePanelProps {
  links: MenuLink[];
  marketingUrl: string;
  onClose: () => void;
}

function SidePanel({ links, marketingUrl, onClose }: SidePanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // The header puts focus back on its own opener when the panel closes.
  useFocusTrap(panelRef, onClose, { returnFocus: false });

  // Keep the page behind the panel still while it is open.
  useEffect(() => {
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previousOverflow;
    };
  }, []);

  return (
    <div className="side-panel">
      {/* The backdrop is a pointer convenience; keyboard users have Escape and the Close button. */}
      <div className="side-panel__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className="side-panel__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="side-panel__head">
          <h2 id={titleId} className="side-panel__title">
            Get the Grati app
          </h2>
          <button type="button" className="side-panel__close" onClick={onClose}>
            <CloseIcon className="site-header__icon" />
            <span className="visually-hidden">Close</span>
          </button>
        </div>
        <p className="side-panel__lead">
          Likes, comments, sharing and more are waiting in the Grati mobile app.
        </p>
        <AppDownloadLinks className="side-panel__apps" />

        <nav className="side-panel__nav" aria-label="More from Grati">
          <ul>
            {links.map((link) => (
              <li key={link.label}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="side-panel__contact">
          <p className="side-panel__contact-label">Questions? Write to us</p>
          <SupportLink />
          <SocialLinks marketingUrl={marketingUrl} />
        </div>
      </div>
    </div>
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
