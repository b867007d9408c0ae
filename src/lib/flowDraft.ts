// What a guest has entered in a profile's flow, kept while they work so a reload, a crash or a
// closed tab loses nothing (for a day). The words and choices are small and written at once,
// synchronously (localStorage): a reload right after a keystroke keeps it. The chosen photos and
// video are files: they go to IndexedDB (flowDraftMedia.ts), written when the choice changes,
// and loaded only with the flow (the profile page needs only this part, to clear a sent draft).
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

/**
 * Forgets the profile's draft: the guest discarded it. They may start another. Its files are
 * removed by flowDraftMedia's forgetDraftMedia where the flow is loaded (and left files are never
 * read back without their words, and are removed after a day).
 */
export function discardFlowDraft(profileId: string): void {
  writtenHere.delete(profileId);
  try {
    storage()?.removeItem(storageKey(profileId));
  } catch {
    // Nothing kept.
  }
}

/** Whether a sent draft's files must not be written again (see clearSentDraft). */
export const isSentHere = (profileId: string) => sentHere.has(profileId);

/** The thanks or gift was sent: the draft is forgotten and not written again by this page. */
export function clearSentDraft(profileId: string): void {
  discardFlowDraft(profileId);
  sentHere.add(profileId);
}

/** A flow opens on the profile: its draft may be written again (after an earlier one was sent). */
export function openFlowDraft(profileId: string): void {
  sentHere.delete(profileId);
}
