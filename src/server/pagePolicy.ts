// The security headers of the production server: the Content-Security-Policy of the app's pages
// and the headers every answer carries.
//
// The page policy is `self` plus only the origins Stripe, Google reCAPTCHA and Branch document for
// their browser SDKs, each added only when that service is live in the build (dist/security.json,
// written by webpack.config.js). Emulator builds load every service from the same origin.
import { createHash } from 'node:crypto';
import { BASE_SECURITY_HEADERS } from '../api/contract/securityHeaders';

/** What the build talks to, as webpack.config.js writes it to dist/security.json. */
export interface BuildServices {
  stripe: boolean;
  recaptcha: boolean;
  branch: boolean;
  /** The API's origin when it is not the page's own (an absolute API_BASE_URL), else null. */
  apiOrigin: string | null;
}

export const EMULATED_SERVICES: BuildServices = {
  stripe: false,
  recaptcha: false,
  branch: false,
  apiOrigin: null,
};

// https://docs.stripe.com/security/guide#content-security-policy
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://maps.googleapis.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://maps.googleapis.com'],
};
// https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
// branch-sdk: its API hosts, and app.link, which serves the fingerprint script it loads.
const BRANCH = {
  script: ['https://app.link'],
  connect: ['https://api2.branch.io', 'https://api.branch.io', 'https://app.link'],
};

/** 'sha256-...' sources for the inline <script> elements of an HTML page (the page shell's). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(scriptHash(body));
  }
  return hashes;
}

/** The CSP source ('sha256-...') that allows exactly this inline script. */
export function scriptHash(code: string): string {
  return `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
}

/** What a page's policy adds to its build's services. */
export interface PagePolicyOptions {
  /** 'sha256-...' sources of the page's inline scripts. */
  inlineScripts?: readonly string[];
  /** More origins the page may call (the emulated Branch API's, see branchEmulatorOrigins). */
  extraConnect?: readonly string[];
  /**
   * Where the API's media live (the server's MEDIA_ORIGINS, a CDN for instance): the feed's and
   * the gallery's videos play from there, and a picture shown as it is (not through the image
   * endpoint) may come from there.
   */
  mediaOrigins?: readonly string[];
}

/** The Content-Security-Policy of the app's pages. */
export function pageContentSecurityPolicy(
  services: BuildServices,
  { inlineScripts = [], extraConnect = [], mediaOrigins = [] }: PagePolicyOptions = {},
): string {
  const api = services.apiOrigin ? [services.apiOrigin] : [];
  const media = [...new Set([...api, ...mediaOrigins])];
  const script = ["'self'", ...inlineScripts];
  const frame: string[] = [];
  const connect = ["'self'", ...api, ...extraConnect];
  if (services.stripe) {
    script.push(...STRIPE.script);
    frame.push(...STRIPE.frame);
    connect.push(...STRIPE.connect);
  }
  if (services.recaptcha) {
    script.push(...RECAPTCHA.script);
    frame.push(...RECAPTCHA.frame);
  }
  if (services.branch) {
    script.push(...BRANCH.script);
    connect.push(...BRANCH.connect);
  }
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': script,
    // Inline styles: the captcha and card widgets (Google's and the emulators') add their own.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'"],
    'connect-src': connect,
    'frame-src': frame.length > 0 ? frame : ["'none'"],
    'worker-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * branch-sdk refuses a `localhost` API URL, so the app's Branch adapter gives it the same server
 * as 127.0.0.1 (src/features/deeplink/branch.ts): another origin for a page on localhost. An
 * emulator build served on localhost may call that twin, and only that.
 */
export function branchEmulatorOrigins(
  services: BuildServices,
  page: { protocol: string; hostname: string; port: string },
): string[] {
  if (services.branch || page.hostname !== 'localhost') return [];
  return [`${page.protocol}://127.0.0.1${page.port ? `:${page.port}` : ''}`];
}

/** Headers every answer of the production server carries (pages replace the policy). */
export const SERVER_SECURITY_HEADERS: Readonly<Record<string, string>> = BASE_SECURITY_HEADERS;

/**
 * HSTS, for answers over HTTPS only (requestFrame.ts): RFC 6797 has browsers ignore it over plain
 * HTTP, and a plain-HTTP answer that carried it would be a promise no one asked for.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The policy of this build's pages served from this origin: the shell's own inline scripts are
 * allowed on every page, and a rendered page's inline scripts on that page.
 */
export function buildPagePolicy(
  services: BuildServices,
  template: string,
  publicOrigin: string,
  mediaOrigins: readonly string[] = [],
): (inlineScripts?: readonly string[]) => string {
  const origin = new URL(publicOrigin);
  const extraConnect = branchEmulatorOrigins(services, {
    protocol: origin.protocol.replace(/:$/, ''),
    hostname: origin.hostname,
    port: origin.port,
  });
  const shellScripts = inlineScriptHashes(template);
  return (inlineScripts = []) =>
    pageContentSecurityPolicy(services, {
      inlineScripts: [...shellScripts, ...inlineScripts],
      extraConnect,
      mediaOrigins,
    });
}
