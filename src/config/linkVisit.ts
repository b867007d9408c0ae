// What the server found of a Branch link (a QR code) the page was opened through, handed to the
// page in its history entry's state: the server's page sets it, with the profile's address in
// place, before the app's first script runs (src/server/linkPages.ts); the deep-link session
// reads it (src/features/deeplink/). Kept in the history entry, not the address: the address
// the guest sees, shares or bookmarks is the profile's own, and the click id is that entry's.

/** The key of the history entry's state under which the server's answer is kept. */
export const LINK_VISIT_STATE_KEY = 'gratiLinkVisit';

export interface LinkVisit {
  /** The link's click id (`_branch_match_id`), for branch-sdk's session (attribution). */
  clickId: string;
  /** The link opens no profile: the page shows 'Invalid QR Found'. */
  invalid?: true;
}

const CLICK_ID = /^[A-Za-z0-9._~-]{1,128}$/;

/** The server's answer in a history entry's state, or null when there is none (or not one). */
export function readLinkVisit(state: unknown): LinkVisit | null {
  if (state === null || typeof state !== 'object') return null;
  const visit: unknown = (state as Record<string, unknown>)[LINK_VISIT_STATE_KEY];
  if (visit === null || typeof visit !== 'object') return null;
  const { clickId, invalid } = visit as Record<string, unknown>;
  if (typeof clickId !== 'string' || !CLICK_ID.test(clickId)) return null;
  return invalid === true ? { clickId, invalid } : { clickId };
}
