// 3-D Secure challenges, apart from the lifecycle they pause (transitions.ts): the `next_action`
// a confirmation gets (in place through Stripe.js, or a redirect to the bank's page), which
// intents wait for an answer, and the address the bank's page sends the browser back to.
//
// That address is the emulator's own rule, not Stripe's: Stripe's bank pages are on its own
// hosts, the emulator's on the site's. A bank page that sent the browser anywhere would be an
// open redirect on the demo's origin, handing the intent's client secret to wherever it points;
// so return_url must be on the site (the host the bank's page is served on, or an origin the
// site names: the app's), and it is bounded in length.
import { invalidRequest } from './errors';
import { param, rule } from './fields';
import { newId } from './ids';
import type { NextAction, PaymentIntent } from './types';

/** The site a bank page may send the browser back to. */
export interface Site {
  /** This server's origin as the request reached it: the emulator's own pages are there. */
  origin: string;
  /** The site's other origins (the app's, when it is served apart from the mock API). */
  siteOrigins?: readonly string[];
}

/** Where a confirmation's URLs point: the site, and `return_url`. */
export interface ConfirmUrls extends Site {
  /** The confirmation's `return_url` parameter as sent (checked only where it is needed). */
  returnUrl?: unknown;
}

/**
 * The longest return_url taken. Stripe documents no limit for a PaymentIntent's return_url (its
 * API caps most strings at 5000 characters); 2048 is what browsers, proxies and sitemaps hold a
 * URL to, far above the app's own (its profile address and a few parameters).
 */
export const MAX_RETURN_URL_LENGTH = 2048;

/** A confirmation's return_url, whatever its card: text, and not over the length. */
export const RETURN_URL_PARAM = param()
  .test(
    rule('url_invalid', 'Not a valid URL', (url) => url === undefined || typeof url === 'string'),
  )
  .test(
    rule(
      'url_invalid',
      `Invalid URL: return_url must be at most ${MAX_RETURN_URL_LENGTH} characters.`,
      (url) => typeof url !== 'string' || url.length <= MAX_RETURN_URL_LENGTH,
    ),
  );

/** Where the emulator's bank page for an intent is, under /v1 (threeDSecureRedirect.ts). */
export const THREE_D_SECURE_REDIRECT_PATH = '/payment_intents/:id/3ds-redirect';

/** The `next_action` of an intent whose card asks for 3-D Secure this way. */
export function challengeFor(
  intent: PaymentIntent,
  type: NextAction['type'],
  urls: ConfirmUrls,
): NextAction {
  if (type === 'redirect_to_url') {
    const path = THREE_D_SECURE_REDIRECT_PATH.replace(':id', intent.id);
    // The bank's page is opened by the intent's client secret, as Stripe's hooks pages are by theirs.
    const secret = encodeURIComponent(intent.client_secret);
    return {
      type,
      redirect_to_url: {
        url: `${urls.origin}/v1${path}?client_secret=${secret}`,
        return_url: redirectReturnUrl(urls.returnUrl, urls),
      },
    };
  }
  return {
    type,
    use_stripe_sdk: {
      type: 'three_d_secure_redirect',
      stripe_js: `${urls.origin}/v1/payment_intents/${intent.id}/authenticate`,
      source: newId('src'),
    },
  };
}

/**
 * The return_url a redirect needs. Stripe's code for its absence is documented
 * (payment_intent_redirect_confirmation_without_return_url, "Provide a `return_url` when
 * confirming a PaymentIntent"); the full message is the emulator's wording.
 */
function redirectReturnUrl(returnUrl: unknown, site: Site): string {
  if (returnUrl === undefined || returnUrl === '') {
    throw invalidRequest(
      'You must provide a `return_url` when confirming this PaymentIntent: its payment method requires a redirect to authenticate the payment.',
      'return_url',
      'payment_intent_redirect_confirmation_without_return_url',
    );
  }
  // The bank's page sends the browser there: it must be an address, not a path.
  if (typeof returnUrl !== 'string' || !URL.canParse(returnUrl)) {
    throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
  }
  assertOnSite(returnUrl, site);
  return returnUrl;
}

/**
 * Refuses a return_url that is not on `site` (400 url_invalid): at the confirmation, and again
 * when the bank's page is opened and answered, against the host the payer's own browser reached
 * it by (a confirmation could name any host; the payer's browser names the site's).
 */
export function assertOnSite(returnUrl: string, site: Site): void {
  if (isOnSite(returnUrl, site)) return;
  const origins = [site.origin, ...(site.siteOrigins ?? [])];
  throw invalidRequest(
    `Not a valid URL: return_url must be on this site (${origins.join(', ')}): the bank's page sends the browser and the payment's client secret there.`,
    'return_url',
    'url_invalid',
  );
}

function isOnSite(returnUrl: string, { origin, siteOrigins = [] }: Site): boolean {
  if (returnUrl.length > MAX_RETURN_URL_LENGTH || !URL.canParse(returnUrl)) return false;
  const target = new URL(returnUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  // This host by either scheme: behind a proxy that ends TLS, the server may see http.
  if (URL.canParse(origin) && target.host === new URL(origin).host) return true;
  return siteOrigins.some(
    (other) => URL.canParse(other) && new URL(other).origin === target.origin,
  );
}

/** How the payer ended a challenge (the emulator's own parameter, at /authenticate and the bank's page). */
export const OUTCOME_PARAM = param<'complete' | 'fail'>().test(
  rule('parameter_invalid', 'outcome must be complete or fail.', (outcome) => {
    return outcome === 'complete' || outcome === 'fail';
  }),
);

/** The payment method of an intent waiting for 3-D Secure; Stripe's error for any other. */
export function pendingAuthentication(intent: PaymentIntent): string {
  if (intent.status !== 'requires_action' || !intent.payment_method) {
    throw invalidRequest(
      `This PaymentIntent has a status of ${intent.status}; only one in requires_action can be authenticated.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  return intent.payment_method;
}

/** An intent waiting for 3-D Secure on the bank's page: its payment method and return_url. */
export function pendingRedirect(intent: PaymentIntent): {
  paymentMethodId: string;
  returnUrl: string;
} {
  const paymentMethodId = pendingAuthentication(intent);
  if (intent.next_action?.type !== 'redirect_to_url') {
    throw invalidRequest(
      'This PaymentIntent is authenticated in the page (Stripe.js), not through a redirect.',
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  return { paymentMethodId, returnUrl: intent.next_action.redirect_to_url.return_url };
}

/**
 * The return_url as the bank's page sends the browser back to it, with what Stripe adds:
 * `payment_intent`, `payment_intent_client_secret` and `redirect_status` (`succeeded`, else
 * `failed`).
 */
export function returnAddress(returnUrl: string, intent: PaymentIntent): string {
  const back = new URL(returnUrl);
  back.searchParams.set('payment_intent', intent.id);
  back.searchParams.set('payment_intent_client_secret', intent.client_secret);
  back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'failed');
  return back.href;
}
