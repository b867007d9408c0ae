// The bank's page a `redirect_to_url` 3-D Secure challenge sends the browser to (emulator-only,
// as Stripe's test-mode page on hooks.stripe.com is Stripe's): GET shows the challenge, its
// form POSTs the payer's choice, which ends the authentication as /authenticate does and answers
// 303 to the return_url. Plain HTML, no script: it works with JavaScript off.
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { formatAmount } from '../browser/stripe-js/money';
import { checkClientSecret } from './auth';
import {
  OUTCOME_PARAM,
  THREE_D_SECURE_REDIRECT_PATH,
  assertOnSite,
  pendingRedirect,
} from './challenges';
import { StripeError } from './errors';
import { checkParams } from './fields';
import { type PageAnswer, type RouteContext, originOf } from './http';
import { findPaymentIntent } from './state';
import { finishRedirectAuthentication } from './transitions';
import type { PaymentIntent } from './types';

const TITLE = '3D Secure authentication';

const STYLE = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #1a1f36; background: #f6f9fc; }
main { max-width: 26rem; margin: 4rem auto; padding: 1.5rem; background: #fff;
  border: 1px solid #e3e8ee; border-radius: 8px; }
h1 { margin-top: 0; font-size: 1.25rem; }
.note { color: #4f566b; font-size: 0.875rem; }
form { display: flex; gap: 0.75rem; flex-wrap: wrap; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 6px; border: 1px solid #635bff;
  background: #fff; color: #3d35c8; cursor: pointer; }
button[value="complete"] { background: #635bff; color: #fff; }
button:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
[role="alert"] { color: #b3093c; }
`;

// The page's one style sheet, allowed by its hash: nothing else may run or load in it.
const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function threeDSecureRedirectRoutes({
  state,
  emitFor,
  page,
  siteOrigins,
}: RouteContext): void {
  // The return_url is checked again against the host the payer's browser reached the page by:
  // one a confirmation stored for another host (sent with a forged Host header, or before this
  // rule) is refused here, before the payment is authenticated, never followed.
  const returnAddressOf = (req: Request, intent: PaymentIntent) => {
    const { returnUrl } = pendingRedirect(intent);
    assertOnSite(returnUrl, { origin: originOf(req), siteOrigins });
    return returnUrl;
  };

  page('get', THREE_D_SECURE_REDIRECT_PATH, (req, fields) =>
    answered(() => {
      const intent = findPaymentIntent(state, String(req.params.id));
      checkClientSecret(intent, fields);
      const returnUrl = returnAddressOf(req, intent);
      return { status: 200, headers: pageHeaders(returnUrl), html: challengePage(intent) };
    }),
  );

  // The form's answer. A second one finds the intent no longer waiting: refused, as at
  // /authenticate (400 payment_intent_unexpected_state).
  page('post', THREE_D_SECURE_REDIRECT_PATH, (req, fields) =>
    answered(() => {
      const intent = findPaymentIntent(state, String(req.params.id));
      checkClientSecret(intent, fields);
      returnAddressOf(req, intent);
      const { outcome } = checkParams(fields, { outcome: OUTCOME_PARAM });
      const back = finishRedirectAuthentication(state, intent, outcome, emitFor(req));
      return { status: 303, headers: { ...pageHeaders(), Location: back } };
    }),
  );
}

/** The page's answer, or Stripe's error (status and message) as a page of its own. */
function answered(run: () => PageAnswer): PageAnswer {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    const html = htmlDocument(
      `<h1>${TITLE}</h1>\n<p role="alert">${escapeHtml(error.body.message)}</p>`,
    );
    return { status: error.status, headers: pageHeaders(), html };
  }
}

/**
 * The headers of the page and of its form's answer: not stored (it carries the client secret),
 * no referrer (the address does too), and a policy that allows its style and sending its form
 * here and on to the return_url (a form's redirect is checked against form-action too).
 */
function pageHeaders(returnUrl?: string): Record<string, string> {
  const formAction = ["'self'", ...(returnUrl ? [sourceOf(new URL(returnUrl))] : [])];
  return {
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src ${STYLE_SOURCE}`,
      `form-action ${formAction.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  };
}

/** A URL's origin as a CSP source (an app's own scheme, such as myapp://, by its scheme). */
function sourceOf(url: URL): string {
  return url.origin === 'null' ? url.protocol : url.origin;
}

/** The challenge, in the words of Stripe.js's in-page dialog (browser/stripe-js/threeDSecure.ts). */
function challengePage(intent: PaymentIntent): string {
  const amount = formatAmount(intent.amount, intent.currency);
  // The form posts to this same path (relative: the address's client secret stays behind).
  const action = THREE_D_SECURE_REDIRECT_PATH.split('/').at(-1) ?? '';
  return htmlDocument(`<h1>${TITLE}</h1>
<p>Your bank asks you to confirm a payment of ${escapeHtml(amount)}.</p>
<p class="note">This is an emulated test page: choose how the authentication ends.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="client_secret" value="${escapeHtml(intent.client_secret)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail">Fail authentication</button>
</form>`);
}

function htmlDocument(content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}
