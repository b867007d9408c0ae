// "This browser just sent something to this profile": a cookie on the profile pages' addresses for
// two minutes, set as soon as the API accepts a recognition or Stripe says a payment succeeded
// (and again on the Congratulations modal's OK). While it lasts, every load of that profile shows
// what was sent:
// - the production server renders the page afresh for a request that carries it, from a lookup
//   begun after the request came, and answers `no-store` (src/server/profilePages.ts); a cache in
//   front that skips requests with cookies (deploy/nginx.conf) passes it through;
// - the page asks the API again on each load, and on each return from the back/forward cache
//   (ProfilePage), for the copies no server saw: the browser's own, a CDN's that ignores cookies.
// A cookie, not storage: a reload, the address typed again or a new tab all carry it to the
// server, and it lapses by itself. It is a hint to skip caches, nothing more: nobody trusts it.
const COOKIE = 'grati_sent';
/** Longer than any cache keeps a page from before the send (server 5 + 5 s, nginx 5 + 30 s). */
export const SENT_MARK_SECONDS = 120;
/** The profile pages' address prefixes (src/config/paths.ts): the cookie goes there only. */
const COOKIE_PATHS = ['/user_profile/', '/user-details/'];
/** The profiles it names, the latest last: a guest sends to a few at most in two minutes. */
const MAX_PROFILES = 5;
const SEPARATOR = '|';

/** The profiles a `Cookie` header (or `document.cookie`) marks; [] when none. */
export function sentMarkedProfiles(cookies: string | undefined): string[] {
  for (const cookie of cookies?.split(';') ?? []) {
    const [name, value = ''] = cookie.trim().split('=', 2);
    if (name !== COOKIE) continue;
    return value.split(SEPARATOR).flatMap((encoded) => {
      try {
        return encoded ? [decodeURIComponent(encoded)] : [];
      } catch {
        return [];
      }
    });
  }
  return [];
}

/** Whether a `Cookie` header (or `document.cookie`) marks `profileId` as just sent to. */
export const carriesSentMark = (cookies: string | undefined, profileId: string): boolean =>
  sentMarkedProfiles(cookies).includes(profileId);

/** Marks `profileId` as just sent to from this browser, for SENT_MARK_SECONDS. */
export function markSent(profileId: string): void {
  if (typeof document === 'undefined') return;
  const earlier = sentMarkedProfiles(document.cookie).filter((id) => id !== profileId);
  const value = [...earlier, profileId]
    .slice(-MAX_PROFILES)
    .map((id) => encodeURIComponent(id))
    .join(SEPARATOR);
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  for (const path of COOKIE_PATHS) {
    document.cookie = `${COOKIE}=${value}; Path=${path}; Max-Age=${SENT_MARK_SECONDS}; SameSite=Lax${secure}`;
  }
}

/** Whether `profileId`, on whose page this is, was just sent something from this browser. */
export const hasSentMark = (profileId: string): boolean =>
  typeof document !== 'undefined' && carriesSentMark(document.cookie, profileId);
