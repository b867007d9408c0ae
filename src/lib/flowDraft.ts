// What a guest has entered in a profile's flow, kept while they work so a reload, a crash or a
// closed tab loses nothing (for a day). The words and choices are small and written at once,
// synchronously (localStorage): a reload right after a keystroke keeps it. The chosen photos and
// video are files: they go to IndexedDB (idb-keyval), written when the choice changes.
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { FlowKind } from '../api/contract/kinds';
import type { GratitudeIcon } from '../api/contract/types';

/** A draft older than this is forgotten: the guest has moved on. */
export const DRAFT_KEEP_MS = 24 * 60 * 60 * 1000;
const KEY_PREFIX = 'grati:draft:';

export interface FlowDraft {
  /** The flow the draft was written in. */
  kind: FlowKind;
  guest: { fullName: string; email: string };
  review?: { icon: GratitudeIcon; sayThanks: string; giftOpen: boolean };
  /** The gift's amount as typed (whole dollars). */
  amount?: string;
  /** How many media files wait in IndexedDB. */
  mediaCount: number;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
}

export type FlowDraftPatch = Partial<Omit<FlowDraft, 'savedAt'>>;

/** Profiles whose draft this page wrote: reading it back is not a restore. */
const writtenHere = new Set<string>();
/** Profiles whose gift or thanks was sent from this page: their draft is not written again. */
const sentHere = new Set<string>();

const storageKey = (profileId: string) => KEY_PREFIX + profileId;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled (a privacy setting): nothing is kept, everything else works.
    return null;
  }
}

const isEmpty = (draft: FlowDraft) =>
  draft.guest.fullName.trim() === '' &&
  draft.guest.email.trim() === '' &&
  (draft.review?.sayThanks.trim() ?? '') === '' &&
  (draft.amount ?? '') === '' &&
  draft.mediaCount === 0;

function isDraft(value: unknown): value is FlowDraft {
  const draft = value as Partial<FlowDraft> | null;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.kind === 'string' &&
    typeof draft.savedAt === 'number' &&
    typeof draft.mediaCount === 'number' &&
    typeof draft.guest?.fullName === 'string' &&
    typeof draft.guest.email === 'string'
  );
}

/** The profile's draft, or null: none, unreadable, or older than a day (then it is removed). */
export function readFlowDraft(profileId: string, now = Date.now()): FlowDraft | null {
  const store = storage();
  try {
    const raw = store?.getItem(storageKey(profileId));
    if (!raw) return null;
    const draft: unknown = JSON.parse(raw);
    if (isDraft(draft) && now - draft.savedAt < DRAFT_KEEP_MS) return draft;
  } catch {
    // Unreadable: dropped below.
  }
  discardFlowDraft(profileId);
  return null;
}

/** Whether the profile's draft was written by this page (so reading it restores nothing new). */
export const wasWrittenHere = (profileId: string) => writtenHere.has(profileId);

/** Merges `patch` into the profile's draft; an empty draft is removed. */
export function saveFlowDraft(profileId: string, patch: FlowDraftPatch, now = Date.now()): void {
  if (sentHere.has(profileId)) return;
  const current = readFlowDraft(profileId, now);
  const draft: FlowDraft = {
    kind: 'RECOGNITION',
    guest: { fullName: '', email: '' },
    mediaCount: 0,
    ...current,
    ...patch,
    savedAt: now,
  };
  writtenHere.add(profileId);
  try {
    if (isEmpty(draft)) storage()?.removeItem(storageKey(profileId));
    else storage()?.setItem(storageKey(profileId), JSON.stringify(draft));
  } catch (error) {
    // Full or disabled storage: the draft is not kept; the guest can still send.
    console.error('Could not keep the draft', error);
  }
}

// ---- The media files, in IndexedDB ----

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

/** Keeps the chosen media (structured-cloneable: Files, Blobs, plain data) with the draft. */
export async function saveDraftMedia(profileId: string, items: readonly unknown[]): Promise<void> {
  if (sentHere.has(profileId)) return;
  const store = media();
  saveFlowDraft(profileId, { mediaCount: items.length });
  if (!store) return;
  try {
    if (items.length === 0) await del(profileId, store);
    else await set(profileId, { savedAt: Date.now(), media: items } satisfies StoredMedia, store);
  } catch (error) {
    console.error('Could not keep the draft media', error);
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

/** Forgets the profile's draft: the guest discarded it. They may start another. */
export function discardFlowDraft(profileId: string): void {
  writtenHere.delete(profileId);
  try {
    storage()?.removeItem(storageKey(profileId));
  } catch {
    // Nothing kept.
  }
  const store = media();
  if (store) del(profileId, store).catch((error: unknown) => console.error(error));
}

/** The thanks or gift was sent: the draft is forgotten and not written again by this page. */
export function clearSentDraft(profileId: string): void {
  discardFlowDraft(profileId);
  sentHere.add(profileId);
}

/** A flow opens on the profile: its draft may be written again (after an earlier one was sent). */
export function openFlowDraft(profileId: string): void {
  sentHere.delete(profileId);
}
