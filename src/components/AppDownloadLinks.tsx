// The Google Play and App Store badges that send a visitor to the mobile app.
import { APP_STORE_URL, GOOGLE_PLAY_URL } from '../config/appLinks';

interface AppDownloadLinksProps {
  className?: string;
}

export function AppDownloadLinks({ className }: AppDownloadLinksProps) {
  return (
    <ul className={['app-download', className].filter(Boolean).join(' ')}>
      <li>
        <a className="app-badge" href={GOOGLE_PLAY_URL}>
          <GooglePlayIcon />
          <span className="app-badge__text">
            <span className="app-badge__small">Get it on</span>{' '}
            <span className="app-badge__large">Google Play</span>
          </span>
        </a>
      </li>
      <li>
        <a className="app-badge" href={APP_STORE_URL}>
          <AppleIcon />
          <span className="app-badge__text">
            <span className="app-badge__small">Download on the</span>{' '}
            <span className="app-badge__large">App Store</span>
          </span>
        </a>
      </li>
    </ul>
  );
}

function GooglePlayIcon() {
  return (
    <svg className="app-badge__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 2.6 13.6 12 4 21.4c-.4-.2-.6-.6-.6-1.1V3.7c0-.5.2-.9.6-1.1Z" fill="#00d7fe" />
      <path d="m16.8 8.8-3.2 3.2L4 2.6c.3-.2.8-.2 1.2 0l11.6 6.2Z" fill="#32e676" />
      <path d="M16.8 15.2 5.2 21.4c-.4.2-.9.2-1.2 0l9.6-9.4 3.2 3.2Z" fill="#ff3a44" />
      <path d="m16.8 8.8 3.5 1.9c1 .6 1 2 0 2.6l-3.5 1.9-3.2-3.2 3.2-3.2Z" fill="#ffd500" />
    </svg>
  );
}

function AppleIcon() {
  return (
    <svg className="app-badge__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2-1.1 2.8-2.3.9-1.3 1.2-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.7ZM14.2 5.6c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.7-1.3Z"
      />
    </svg>
  );
}
