// The marketing header: support mailbox, social icons, the main menu (collapsed into a disclosure
// menu on narrow screens), the tagline and a side panel with the app-download links.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { ChevronIcon, PhoneIcon } from './icons';
import { SocialLinks, SupportLink, type MenuLink } from './HeaderLinks';
import { StaticPart } from './StaticPart';
import './Header.css';

export { SUPPORT_EMAIL } from './HeaderLinks';

// The side panel is not part of the first load: fetched when a guest reaches for its button
// (pointer, focus) or presses it.
const loadSidePanel = () => import(/* webpackChunkName: "side-panel" */ './SidePanel');
const SidePanel = lazy(loadSidePanel);

export const TAGLINE = 'Give a little thanks. It goes a long way.';

interface HeaderProps {
  /** The main marketing site; every menu link and social icon leads there. */
  marketingUrl: string;
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
          onPointerEnter={() => void loadSidePanel()}
          onFocus={() => void loadSidePanel()}
          onClick={() => setPanelOpen(true)}
        >
          <PhoneIcon className="site-header__icon" />
          <span>Get the app</span>
        </button>
      </div>

      {panelOpen && (
        <Suspense fallback={null}>
          <SidePanel links={links} marketingUrl={marketingUrl} onClose={closePanel} />
        </Suspense>
      )}
    </header>
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
