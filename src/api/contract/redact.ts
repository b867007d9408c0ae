// Secrets a URL can carry, kept out of both servers' request logs: Stripe sends a guest back with
// `payment_intent_client_secret` in the query, Stripe.js retrieves an intent with its
// `client_secret`, and any link may carry a token, a key or a code. Every URL the production
// server logs goes through redactUrl (src/server/requestFrame.ts), and so does every URL the mock
// API logs.

export const REDACTED = '[REDACTED]';

/** Query parameter names whose values are secrets (compared case-insensitively). */
const SECRET_NAME = /secret|token|password|passwd|^(?:api_?)?key$|^code$|^auth/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Whether a query parameter of this name carries a secret. */
export function isSecretParam(name: string): boolean {
  return SECRET_NAME.test(decodedName(name).trim());
}

/**
 * The URL (absolute, or a path with its query) as written, but each secret query parameter's value
 * replaced by [REDACTED]. Nothing else is rewritten, so a log line still shows the address asked.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const fragment = url.indexOf('#', query);
  const end = fragment === -1 ? url.length : fragment;
  const redacted = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, query + 1)}${redacted}${url.slice(end)}`;
}
