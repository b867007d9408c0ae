// "Something was just sent to this profile": set when the guest leaves the Congratulations modal,
// read once by the profile page that loads next. That page may come from a cache (the server's
// and a CDN's keep a profile page a few seconds), so the page asks the API again once, and the
// guest sees what they sent. Kept in sessionStorage: this tab only, for two minutes.
const KEY = 'grati:sent';
const VALID_MS = 2 * 60 * 1000;

export function markSent(profileId: string, now = Date.now()): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify({ id: profileId, at: now }));
  } catch {
    // Storage can be disabled: the page then shows what its cache had.
  }
}

/**
 * Whether `profileId` was just sent something (within two minutes) before this page loaded
 * (`pageLoadedAt`, epoch ms): a mark set later, on this page, is for the page it is about to load.
 */
export function hasSentMark(
  profileId: string,
  now = Date.now(),
  pageLoadedAt = globalThis.performance?.timeOrigin ?? Number.POSITIVE_INFINITY,
): boolean {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    if (!raw) return false;
    const mark = JSON.parse(raw) as { id?: unknown; at?: unknown };
    return (
      mark.id === profileId &&
      typeof mark.at === 'number' &&
      mark.at <= pageLoadedAt &&
      now - mark.at >= 0 &&
      now - mark.at < VALID_MS
    );
  } catch {
    return false;
  }
}

/** The mark has done its work (the page asked again). */
export function clearSentMark(): void {
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
