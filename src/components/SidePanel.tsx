// The header's side panel (a modal dialog): the app-download links, the menu again and the
// contact links. A chunk of its own, loaded when a guest reaches for "Get the app".
import { useEffect, useId, useRef } from 'react';
import { AppDownloadLinks } from './AppDownloadLinks';
import './AppDownloadLinks.css';
import { CloseIcon } from './icons';
import { SocialLinks, SupportLink, type MenuLink } from './HeaderLinks';
import { useFocusTrap } from './useFocusTrap';

interface SidePanelProps {
  links: MenuLink[];
  marketingUrl: string;
  onClose: () => void;
}

export default function SidePanel({ links, marketingUrl, onClose }: SidePanelProps) {
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
