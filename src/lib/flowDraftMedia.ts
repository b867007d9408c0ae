// The files of a flow's draft (chosen photos or a video), in IndexedDB through idb-keyval, beside
// the draft's words (flowDraft.ts). Loaded with the flow, not with the profile page.
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { DRAFT_KEEP_MS } from './flowDraft';
import { discardFlowDraft, isSentHere, saveFlowDraft } from './flowDraftWork';
import { clearSentDraft } from './draftOutcome';

interface StoredMedia {
  savedAt: number;
  media: readonly unknown[];
}

let mediaStore: UseStore | null | undefined;
/** The draft media store, or null where IndexedDB is missing (the files are then not kept). */
function media(): UseStore | null {
  if (mediaStore === undefined) {
    mediaStore = typeof indexedDB === 'undefined' ? null : createStore('grati-drafts', 'media');
    if (mediaStore) void forgetStaleMedia(mediaStore);
  }
  return mediaStore;
}

/** Files of drafts older than a day (any profile's) are removed, once per page. */
async function forgetStaleMedia(store: UseStore, now = Date.now()): Promise<void> {
  try {
    for (const [key, value] of await entries<string, StoredMedia>(store)) {
      if (!(now - (value?.savedAt ?? 0) < DRAFT_KEEP_MS)) await del(key, store);
    }
  } catch (error) {
    console.error('Could not tidy the kept drafts', error);
  }
}

/**
 * Keeps the chosen media (structured-cloneable: Files, Blobs, plain data) with the draft; false
 * when they could not be kept (no IndexedDB, or it refused them).
 */
export async function saveDraftMedia(
  profileId: string,
  items: readonly unknown[],
): Promise<boolean> {
  if (isSentHere(profileId)) return true;
  const store = media();
  try {
    if (!store) return items.length === 0;
    if (items.length === 0) await del(profileId, store);
    else await set(profileId, { savedAt: Date.now(), media: items } satisfies StoredMedia, store);
    saveFlowDraft(profileId, { mediaCount: items.length });
    return true;
  } catch (error) {
    // Full storage, or a private window without IndexedDB: the words are still kept.
    console.error('Could not keep the draft media', error);
    saveFlowDraft(profileId, { mediaCount: 0 });
    return false;
  }
}

/** The draft's media as saved ([] when none, stale or unreadable). */
export async function loadDraftMedia(profileId: string, now = Date.now()): Promise<unknown[]> {
  const store = media();
  if (!store) return [];
  try {
    const stored = await get<StoredMedia>(profileId, store);
    if (stored && now - stored.savedAt < DRAFT_KEEP_MS && Array.isArray(stored.media)) {
      return [...stored.media];
    }
  } catch (error) {
    console.error('Could not read the draft media', error);
  }
  return [];
}

/** Removes the profile's draft files (the draft was discarded or sent); failures are logged. */
export function forgetDraftMedia(profileId: string): void {
  const store = media();
  if (!store) return;
  del(profileId, store).catch((error: unknown) =>
    console.error('Could not forget the draft media', error),
  );
}

/** The guest discarded the draft: its words and its files go. */
export function discardDraft(profileId: string): void {
  discardFlowDraft(profileId);
  forgetDraftMedia(profileId);
}

/** The thanks or gift was sent: its draft, words and files, is done with. */
export function forgetSentDraft(profileId: string): void {
  clearSentDraft(profileId);
  forgetDraftMedia(profileId);
}
