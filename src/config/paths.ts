// Every route of the app, with a builder for its address, and what an address is to the app
// (which route, which profile): the router and the production server both read them from here.
// And the profile address's "sent" confirmation, built and read here only.

const segment = (value: string) => encodeURIComponent(value);

/**
 * What was just sent to a profile, which its address carries so the profile opens with the
 * Congratulations modal: a recognition (`?show=true`) or a payment that Stripe said succeeded
 * (`?redirect_status=succeeded`, the parameter Stripe itself adds on a redirect return).
 */
export type SentResult = 'recognition' | 'payment';

const SENT_QUERY: Readonly<Record<SentResult, string>> = {
  recognition: '?show=true',
  payment: '?redirect_status=succeeded',
};

export const paths = {
  home: { path: '/', href: () => '/' },
  profile: {
    path: '/user_profile/:id',
    href: (id: string, options: { sent?: SentResult } = {}) =>
      `/user_profile/${segment(id)}${options.sent ? SENT_QUERY[options.sent] : ''}`,
  },
  profileRedirect: { path: '/user_profile/redirect/*' },
  userDetails: { path: '/user-details/:id', href: (id: string) => `/user-details/${segment(id)}` },
  gpay: { path: '/gpay', href: () => '/gpay' },
} as const;

/**
 * The query parameter Branch appends when it sends a visitor to the site from one of its links
 * (a QR code): the app opens the link's profile (features/deeplink), and the server's page for
 * such an address brings that code with it (src/server/shellPages.ts).
 */
export const DEEP_LINK_PARAMETER = '_branch_match_id';

/** Whether an address's query (`?...`) is a visit through a Branch link. */
export const opensDeepLink = (search: string) =>
  new URLSearchParams(search).has(DEEP_LINK_PARAMETER);

/**
 * Whether a visit's address opens a Branch link whose profile is yet to be found: the link's
 * parameter at an address that names no profile. At a profile's address (a link that already
 * named it, a reload) the page is that profile, and the link's session is for attribution only.
 */
export const resolvesDeepLink = (pathname: string, search: string) =>
  opensDeepLink(search) && profileIdSegment(pathname) === null;

/** The routes that show a profile: the production server renders them with the profile's data. */
export const PROFILE_ROUTES = [paths.profile, paths.userDetails] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route's pattern as the router reads it: `:name` is one segment (captured), a trailing `/*`
 * anything below, and a trailing slash is allowed. Case-sensitive: an address in other capitals
 * is not the server's to render; it sends the shell, whose router (case-insensitive) places it.
 */
function routePattern(path: string): RegExp {
  const splat = path.endsWith('/*');
  const base = (splat ? path.slice(0, -2) : path).replace(/\/$/, '');
  const source = base
    .split('/')
    .map((part) => (part.startsWith(':') ? '([^/]+)' : escapeRegExp(part)))
    .join('/');
  return new RegExp(`^${source}${splat ? '(?:/.*)?' : '/?'}$`);
}

let patterns: { routes: RegExp[]; profiles: RegExp[] } | undefined;

/**
 * Compiled when first asked for: the browser asks once, for the profile route's id before it
 * hydrates (src/app/AppRoutes.tsx, loadPageFor); the server for every request it routes.
 */
function routePatterns() {
  patterns ??= {
    routes: Object.values(paths).map((route) => routePattern(route.path)),
    profiles: PROFILE_ROUTES.map((route) => routePattern(route.path)),
  };
  return patterns;
}

/**
 * The id segment of a profile route's address, as it is in the address (still escaped), or null
 * when the pathname is no profile route's.
 */
export function profileIdSegment(pathname: string): string | null {
  for (const pattern of routePatterns().profiles) {
    const segment = pattern.exec(pathname)?.[1];
    if (segment) return segment;
  }
  return null;
}

/** Whether the pathname is one of the app's routes (any of `paths`). */
export function isAppRoute(pathname: string): boolean {
  return routePatterns().routes.some((pattern) => pattern.test(pathname));
}

/** Query parameters a finished recognition or payment leaves in the address. */
export const RESULT_PARAMS = [
  'show',
  'payment_intent_client_secret',
  'payment_intent',
  'redirect_status',
];

/**
 * Whether an address's query carries any result parameter: something was just sent (or a payment
 * just came back), so its page reads the API afresh rather than from a cache.
 */
export function carriesResult(search: string): boolean {
  const params = new URLSearchParams(search);
  return RESULT_PARAMS.some((name) => params.has(name));
}

/** Whether an address's query says something was just sent (spec: show, or a succeeded payment). */
export function isSentQuery(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('show') || params.get('redirect_status') === 'succeeded';
}

/**
 * The client secret of a payment Stripe redirected back from (it adds `redirect_status` and
 * `payment_intent_client_secret` to the return address), or null: a sent recognition (`show`)
 * carries no payment to read back.
 */
export function redirectedPaymentSecret(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.has('redirect_status') ? params.get('payment_intent_client_secret') : null;
}

/** The same address without the result parameters. */
export function withoutResultParams(href: string): string {
  const url = new URL(href);
  for (const name of RESULT_PARAMS) url.searchParams.delete(name);
  return url.href;
}
