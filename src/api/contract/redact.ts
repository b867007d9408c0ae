// Secrets a URL can carry, kept out of both servers' request logs: Stripe sends a guest back with
// `payment_intent_client_secret` in the query, Stripe.js retrieves an intent with its
// `client_secret`, and any link may carry a token, a key or a code. Every URL the production
// server logs goes through redactUrl (src/server/requestFrame.ts), and so does every URL the mock
// API logs. A parameter may itself be an address with a query of its own (the image endpoint's
// `url=/media/x.png%3Fsig%3Dabc`, a signed media URL): that inner query is hidden too, whatever
// its names, as it is another server's and may be its signature.

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

/** A value that is an address: a path (`/media/a.jpg`) or an absolute URL (`https://...`). */
const ADDRESS = /^(?:[a-z][a-z0-9+.-]*:)?\//i;
/** Where an address's own query starts, as written in a parameter: `?` or `%3F`. */
const INNER_QUERY = /\?|%3F/i;

/** A parameter's value as written, any query of an address in it replaced by [REDACTED]. */
function redactInnerQuery(value: string): string {
  const mark = INNER_QUERY.exec(value);
  if (!mark || !ADDRESS.test(decodedName(value.slice(0, mark.index)))) return value;
  return `${value.slice(0, mark.index)}${mark[0]}${REDACTED}`;
}

/**
 * The URL (absolute, or a path with its query) as written, but each secret query parameter's value
 * replaced by [REDACTED], and so the query of an address given as a parameter's value. Nothing else
 * is rewritten, so a log line still shows the address asked.
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
      if (equals === -1) return pair;
      if (isSecretParam(name)) return `${name}=${REDACTED}`;
      return `${name}=${redactInnerQuery(pair.slice(equals + 1))}`;
    })
    .join('&');
  return `${url.slice(0, query + 1)}${redacted}${url.slice(end)}`;
}
