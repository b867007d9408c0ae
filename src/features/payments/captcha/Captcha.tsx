// The captcha adapter: the only importer of react-google-recaptcha. Live builds load Google's
// widget for RECAPTCHA_SITE_KEY; emulator builds get the mock API's stand-in through the page
// shell (mock-api/emulators/recaptcha.ts), by the same code path.
import { useEffect, useState } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { getAppConfig } from '@/config/env';
import { PartFailed } from '@/loading/PartBoundary';
import { askAgainOnce, loadOnce } from '@/loading/retry';

/** What Google's script calls once the widget can be rendered (its `onload` parameter). */
const READY_CALLBACK = 'onloadcallback';
/** Google's script for a widget the page renders itself, as react-google-recaptcha asks for it. */
export const CAPTCHA_SCRIPT_URL = `https://www.google.com/recaptcha/api.js?onload=${READY_CALLBACK}&render=explicit`;

type CaptchaWindow = Window & {
  grecaptcha?: { render?: unknown };
  [READY_CALLBACK]?: () => void;
};

let ready = false;

/** Whether the widget's script is here and ready (loaded by this adapter, or by a test's page). */
const scriptReady = () =>
  ready ||
  (typeof window !== 'undefined' &&
    typeof (window as CaptchaWindow).grecaptcha?.render === 'function');

function insertScript(): Promise<void> {
  return new Promise((resolve, reject) => {
    (window as CaptchaWindow)[READY_CALLBACK] = () => {
      ready = true;
      resolve();
    };
    const script = document.createElement('script');
    script.src = CAPTCHA_SCRIPT_URL;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error(`The captcha's script could not be loaded (${CAPTCHA_SCRIPT_URL}).`));
    };
    document.head.append(script);
  });
}

/**
 * The widget's script, loaded by the adapter rather than by react-google-recaptcha's loader, which
 * keeps a script that failed failed for the page's life (the captcha gone, and no tip possible,
 * for one dropped request): it follows the page's one policy for scripts (
 * asked again once, then forgotten: src/loading/retry.ts). The widget mounts once the script is ready; its loader then
 * finds grecaptcha there and loads nothing.
 */
const captchaScript = loadOnce(() => askAgainOnce(insertScript));

export const loadCaptchaScript = (): Promise<void> =>
  scriptReady() ? Promise.resolve() : captchaScript();

/**
 * Fetches and runs the widget's script ahead (a tip's captcha then shows with its form instead of
 * one round trip later, issue 36). A failure is left to the widget's own load, which shows it.
 */
export function prefetchCaptcha(): void {
  if (typeof document !== 'undefined') loadCaptchaScript().catch(() => undefined);
}

export interface CaptchaProps {
  /** The token once passed; null when it expires or the widget fails. */
  onChange: (token: string | null) => void;
}

export function Captcha({ onChange }: CaptchaProps) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>(() =>
    scriptReady() ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (status !== 'loading') return;
    let current = true;
    loadCaptchaScript().then(
      () => current && setStatus('ready'),
      (error: unknown) => {
        console.error('The captcha could not be loaded', error);
        if (current) setStatus('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [status]);

  if (status === 'failed')
    return <PartFailed label="The captcha" onRetry={() => setStatus('loading')} />;
  if (status === 'loading') return null;
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
