// What became of the draft a page works on (lib/flowDraft): sent (its mark, which other tabs hear
// through the storage event), and the payment it started (the intent, and whether a confirmation
// of it is under way). Loaded with the flow and the confirmation, not with the profile page.
import { draftKey, draftStorage, readFlowDraft, sentKey, type DraftPayment } from './flowDraft';
import {
  discardFlowDraft,
  isSentHere,
  markSentHere,
  ownFlowDraft,
  saveFlowDraft,
  workingDraftId,
} from './flowDraftWork';

/**
 * The thanks or gift was sent: the draft is forgotten and not written again by this page, and
 * other tabs working on it are told (the storage event of its sent mark).
 */
export function clearSentDraft(profileId: string): void {
  // The draft this page works on; a page that never opened one (a redirect's return) ends the
  // stored one.
  const working = workingDraftId(profileId);
  const id = working === undefined ? readFlowDraft(profileId)?.id : working;
  if (id) {
    try {
      draftStorage()?.setItem(sentKey(profileId), JSON.stringify({ id, at: Date.now() }));
    } catch {
      // Other tabs then learn it from the API's replay of the same key.
    }
  }
  discardFlowDraft(profileId);
  markSentHere(profileId);
}

/** Whether the draft this page works on was sent from another tab (or page) since. */
export function sentElsewhere(profileId: string): boolean {
  const id = workingDraftId(profileId);
  if (!id || isSentHere(profileId)) return false;
  try {
    const raw = draftStorage()?.getItem(sentKey(profileId));
    const mark = raw ? (JSON.parse(raw) as { id?: unknown }) : null;
    return mark?.id === id;
  } catch {
    return false;
  }
}

/** Calls `onChange` when another tab changes the profile's draft or sends it. */
export function watchFlowDraft(profileId: string, onChange: () => void): () => void {
  const keys = [draftKey(profileId), sentKey(profileId)];
  const listener = (event: StorageEvent) => {
    if (event.key === null || keys.includes(event.key)) onChange();
  };
  globalThis.addEventListener?.('storage', listener);
  return () => globalThis.removeEventListener?.('storage', listener);
}

/** Keeps the intent the draft's payment was made on (a new one ends any earlier confirmation). */
export function keepDraftPayment(profileId: string, payment: DraftPayment): void {
  saveFlowDraft(profileId, { payment, confirming: false });
}

/** A confirmation of the draft's intent started (true) or its outcome was seen (false). */
export function markDraftConfirming(profileId: string, confirming: boolean): void {
  if (ownFlowDraft(profileId)?.payment) saveFlowDraft(profileId, { confirming });
}

/** The draft no longer has an intent to ask about (Stripe canceled it). */
export function forgetDraftPayment(profileId: string): void {
  saveFlowDraft(profileId, { payment: undefined, confirming: false });
}
