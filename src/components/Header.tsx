// The marketing header: support mailbox, social icons, the main menu (collapsed into a disclosure
// menu on narrow screens), the tagline and a side panel with the app-download links.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { AppDownloadLinks } from './AppDownloadLinks';
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
  { name: 'Facebook', icon: <FacebookIcon /> },
  { name: 'Instagram', icon: <InstagramIcon /> },
  { name: 'LinkedIn', icon: <LinkedInIcon /> },
  { name: 'X', icon: <XIcon /> },
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
          <SupportLink />
          <SocialLinks marketingUrl={marketingUrl} />
        </div>
      </div>

      <div className="site-header__inner site-header__bar" ref={barRef}>
        <a className="site-header__logo" href={marketingUrl} aria-label="Grati home">
          <LogoMark />
          <span className="site-header__wordmark" aria-hidden="true">
            Grati
          </span>
        </a>
        <p className="site-header__tagline">{TAGLINE}</p>

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
          <ChevronIcon />
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
          <PhoneIcon />
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
      <MailIcon />
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
            <CloseIcon />
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

// Inline icons: decorative, the text beside them (or hidden text) names the control.

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

/** The 24-unit, decorative icon frame every header icon is drawn in. */
function HeaderIcon({
  children,
  className = 'site-header__icon',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

function MailIcon() {
  return (
    <HeaderIcon>
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
    </HeaderIcon>
  );
}

function FacebookIcon() {
  return (
    <HeaderIcon>
      <path
        fill="currentColor"
        d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z"
      />
    </HeaderIcon>
  );
}

function InstagramIcon() {
  return (
    <HeaderIcon>
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
    </HeaderIcon>
  );
}

function LinkedInIcon() {
  return (
    <HeaderIcon>
      <path
        fill="currentColor"
        d="M4.5 9h3v11h-3V9Zm1.5-5a1.75 1.75 0 1 1 0 3.5A1.75 1.75 0 0 1 6 4Zm4 5h2.9v1.5h.1c.4-.8 1.4-1.7 3-1.7 3.1 0 3.7 2 3.7 4.7V20h-3v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3V9h.3Z"
      />
    </HeaderIcon>
  );
}

function XIcon() {
  return (
    <HeaderIcon>
      <path
        fill="currentColor"
        d="M17.2 3.5h2.9l-6.3 7.2 7.4 9.8h-5.8l-4.5-5.9-5.2 5.9H2.8l6.7-7.7-7.1-9.3h5.9l4.1 5.4 4.8-5.4Zm-1 15.3h1.6L7.9 5.1H6.2l10 13.7Z"
      />
    </HeaderIcon>
  );
}

function ChevronIcon() {
  return (
    <HeaderIcon className="site-header__chevron">
      <path
        d="m6 9 6 6 6-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </HeaderIcon>
  );
}

function PhoneIcon() {
  return (
    <HeaderIcon>
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
    </HeaderIcon>
  );
}

function CloseIcon() {
  return (
    <HeaderIcon>
      <path
        d="m6 6 12 12M18 6 6 18"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
    </HeaderIcon>
  );
}
