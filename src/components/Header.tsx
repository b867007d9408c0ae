// The marketing header: support mailbox, social icons, the main menu (collapsed into a disclosure
// menu on narrow screens), the tagline and a side panel with the app-download links.
import { useEffect, useId, useRef, useState } from 'react';
import { lazyModule } from '../loading/lazyModule';
import { lazyPart } from '../loading/lazyPart';
import { ChevronIcon, PhoneIcon } from './icons';
import type { MenuLink } from './HeaderLinks';
import './Header.css';

export { SUPPORT_EMAIL, TAGLINE } from './headerTexts';

// The top bar's links and the brand are plain links and text: their code comes after the page
// works (the server's markup serves until then).
const headerLinks = lazyModule(
  'static-parts',
  () => import(/* webpackChunkName: "static-parts" */ './HeaderLinks'),
);
const TopBarLinks = lazyPart(
  'static-parts',
  () => headerLinks.load().then((module) => module.TopBarLinks),
  { kind: 'plain' },
).Part;
const Brand = lazyPart('static-parts', () => headerLinks.load().then((module) => module.Brand), {
  kind: 'plain',
}).Part;

// The side panel is not part of the first load: fetched when a guest reaches for its button
// (pointer, focus) or presses it.
const sidePanel = lazyPart(
  'side-panel',
  () => import(/* webpackChunkName: "side-panel" */ './SidePanel').then((module) => module.default),
  { label: 'The app links' },
);
const SidePanel = sidePanel.Part;

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
          <TopBarLinks marketingUrl={marketingUrl} />
        </div>
      </div>

      <div className="site-header__inner site-header__bar" ref={barRef}>
        <Brand marketingUrl={marketingUrl} />

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
          onPointerEnter={sidePanel.prefetch}
          onFocus={sidePanel.prefetch}
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
