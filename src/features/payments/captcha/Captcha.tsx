// The captcha adapter: the only importer of react-google-recaptcha. Live builds load Google's
// widget for RECAPTCHA_SITE_KEY; emulator builds get the mock API's stand-in through the page
// shell (mock-api/emulators/recaptcha.ts), by the same code path.
import ReCAPTCHA from 'react-google-recaptcha';
import { getAppConfig } from '../../../config/env';

/** The alert shown when the captcha has not been passed (spec section 5). */

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
