// 3-D Secure challenges, apart from the lifecycle they pause (transitions.ts): the `next_action`
// a confirmation gets (in place through Stripe.js, or a redirect to the bank's page), which
// intents wait for an answer, and the address the bank's page sends the browser back to.
import { invalidRequest } from './errors';
import { param, rule } from './fields';
import { newId } from './ids';
import type { NextAction, PaymentIntent } from './types';

/** Where a confirmation's URLs point: this server (for the emulator's own pages) and `return_url`. */
export interface ConfirmUrls {
  origin: string;
  /** The confirmation's `return_url` parameter as sent (checked only where it is needed). */
  returnUrl?: unknown;
}

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
        return_url: redirectReturnUrl(urls.returnUrl),
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
function redirectReturnUrl(returnUrl: unknown): string {
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
  return returnUrl;
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
