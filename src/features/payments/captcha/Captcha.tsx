// The captcha adapter: the only importer of react-google-recaptcha. Live builds load Google's
// widget for RECAPTCHA_SITE_KEY; emulator builds get the mock API's stand-in through the page
// shell (mock-api/emulators/recaptcha.ts), by the same code path.
import ReCAPTCHA from 'react-google-recaptcha';
import { getAppConfig } from '../../../config/env';

/** The script react-google-recaptcha asks for (its recaptcha-wrapper.js, with no recaptchaOptions). */
export const CAPTCHA_SCRIPT_URL =
  'https://www.google.com/recaptcha/api.js?onload=onloadcallback&render=explicit';

let prefetched = false;

/**
 * Fetches the widget's script ahead, as a preload: nothing runs until the widget mounts and asks
 * for the same script, which the browser then has (a tip's captcha shows with its form instead of
 * one round trip later, issue 36). Once per page.
 */
export function prefetchCaptcha(): void {
  if (prefetched || typeof document === 'undefined') return;
  prefetched = true;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = CAPTCHA_SCRIPT_URL;
  document.head.append(link);
}

export interface CaptchaProps {
  /** The token once passed; null when it expires or the widget fails. */
  onChange: (token: string | null) => void;
}

export function Captcha({ onChange }: CaptchaProps) {
  return (
    <ReCAPTCHA
      sitekey={getAppConfig().recaptchaSiteKey}
      size="normal"
      onChange={onChange}
      onExpired={() => onChange(null)}
      onErrored={() => onChange(null)}
    />
  );
}
