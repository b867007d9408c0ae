// "Something was just sent to this profile": set when the guest leaves the Congratulations modal,
// read once by the profile page that loads next. That page may come from a cache (the server's
// and a CDN's keep a profile page a few seconds), so the page asks the API again once, and the
// guest sees what they sent. Kept in sessionStorage: this tab only, for two minutes.
const KEY = 'grati:sent';
const VALID_MS = 2 * 60 * 1000;

/**
 * This page's own name, kept in the marks it sets: a mark is for the page loaded after it, never
 * for the page that set it (whose effects may still run as it unloads). Clocks can't tell them
 * apart: browsers coarsen and jitter Date.now() and performance.timeOrigin.
 */
const THIS_PAGE = Math.random().toString(36).slice(2);

export function markSent(profileId: string, now = Date.now(), page = THIS_PAGE): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify({ id: profileId, at: now, by: page }));
  } catch {
    // Storage can be disabled: the page then shows what its cache had.
  }
}

/**
 * Whether `profileId` was just sent something (within two minutes) by another page than this one
 * (`page`): a mark set on this page is for the page it is about to load.
 */
export function hasSentMark(profileId: string, now = Date.now(), page = THIS_PAGE): boolean {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    if (!raw) return false;
    const mark = JSON.parse(raw) as { id?: unknown; at?: unknown; by?: unknown };
    return (
      mark.id === profileId &&
      mark.by !== page &&
      typeof mark.at === 'number' &&
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
