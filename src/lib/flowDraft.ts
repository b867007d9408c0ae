// What a guest has entered in a profile's flow, kept while they work so a reload, a crash or a
// closed tab loses nothing (for a day). The words and choices are small and written at once,
// synchronously (localStorage): a reload right after a keystroke keeps it. The chosen photos and
// video are files: they go to IndexedDB (flowDraftMedia.ts), written when the choice changes,
// and loaded only with the flow (the profile page needs only this part, to clear a sent draft).
//
// A draft is also the one record of what its guest started: the PaymentIntent its payment was
// made on and whether a confirmation of it was started, and the Idempotency-Key of its send. A
// page that finds such a draft asks Stripe (or replays the key) before it offers to pay or send.
//
// A draft belongs to its guest. This page works on one draft per profile (`workingOn`): a fresh
// tap on an action starts a new one, which replaces the stored draft once something is written;
// the stored draft comes back only in the tab that wrote it (a reload) or when the guest asks for
// it ("Continue your draft"). The guest's name and email are kept for less than the rest
// (GUEST_KEEP_MS): on a shared phone the next guest must not find them.
import type { FlowKind } from '../api/contract/kinds';
import type { GratitudeIcon } from '../api/contract/types';
import { newIdempotencyKey, submissionKey, type SubmissionKey } from './idempotency';

/** A draft older than this is forgotten: the guest has moved on. */
export const DRAFT_KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * The guest's name and email, 30 minutes from their last change: long enough for a guest called
 * away mid-thanks to come back to it, short enough that the next guest of a shared phone later
 * that day does not find them. The words, media, payment and send key keep the day.
 */
export const GUEST_KEEP_MS = 30 * 60 * 1000;
const KEY_PREFIX = 'grati:draft:';
const SENT_PREFIX = 'grati:draft-sent:';
const TAB_KEY = 'grati:tab';

/** The intent a draft's payment was made on. */
export interface DraftPayment {
  clientSecret: string;
  /** What it was made for (the review, the method, the amount): reused only for the same. */
  fingerprint: string;
}

export interface FlowDraft {
  /** This draft (a new guest's draft is a new one). */
  id: string;
  /** The tab that owns it (its reload restores it); null: nobody's until continued. */
  tab: string | null;
  /** The flow the draft was written in. */
  kind: FlowKind;
  guest: { fullName: string; email: string };
  /** When the guest's name or email last changed (ms since the epoch). */
  guestSavedAt?: number;
  review?: { icon: GratitudeIcon; sayThanks: string; giftOpen: boolean };
  /** The gift's amount as typed (whole dollars). */
  amount?: string;
  /** How many media files wait in IndexedDB. */
  mediaCount: number;
  /** The intent its payment was made on. */
  payment?: DraftPayment;
  /** A confirmation of `payment` started and its outcome was not seen yet. */
  confirming?: boolean;
  /** The Idempotency-Key of its send (a review, or the payment's intent call). */
  sendKey?: SubmissionKey;
  /** When it was last written (ms since the epoch). */
  savedAt: number;
}

export type FlowDraftPatch = Partial<Omit<FlowDraft, 'savedAt' | 'id' | 'tab'>>;

/** Per profile, the draft this page works on; null: a new one, not written yet. */
const workingOn = new Map<string, string | null>();
/** Profiles whose draft this page wrote: reading it back is not a restore. */
const writtenHere = new Set<string>();
/** Profiles whose gift or thanks was sent from this page: their draft is not written again. */
const sentHere = new Set<string>();
/** The last send key per profile, for pages whose storage keeps nothing. */
const keysHere = new Map<string, SubmissionKey>();

const storageKey = (profileId: string) => KEY_PREFIX + profileId;
const sentKey = (profileId: string) => SENT_PREFIX + profileId;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled (a privacy setting): nothing is kept, everything else works.
    return null;
  }
}

let pageTab: string | undefined;
/** This tab's name: kept in sessionStorage, which a reload keeps and another tab does not share. */
export function tabId(): string {
  if (pageTab) return pageTab;
  try {
    pageTab = globalThis.sessionStorage?.getItem(TAB_KEY) ?? undefined;
    if (!pageTab) {
      pageTab = newIdempotencyKey();
      globalThis.sessionStorage?.setItem(TAB_KEY, pageTab);
    }
  } catch {
    pageTab ??= newIdempotencyKey();
  }
  return pageTab;
}

const isEmpty = (draft: FlowDraft) =>
  draft.guest.fullName.trim() === '' &&
  draft.guest.email.trim() === '' &&
  (draft.review?.sayThanks.trim() ?? '') === '' &&
  (draft.amount ?? '') === '' &&
  draft.mediaCount === 0 &&
  !draft.payment &&
  !draft.sendKey;

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
    if (isDraft(draft) && now - draft.savedAt < DRAFT_KEEP_MS) {
      // A draft kept before drafts had owners is nobody's: it is offered, not restored.
      const owned = { ...draft, id: String(draft.id ?? 'earlier'), tab: draft.tab ?? null };
      const guestAge = now - (draft.guestSavedAt ?? draft.savedAt);
      return guestAge < GUEST_KEEP_MS ? owned : { ...owned, guest: { fullName: '', email: '' } };
    }
  } catch {
    // Unreadable: dropped below.
  }
  discardFlowDraft(profileId);
  return null;
}

function writeDraft(profileId: string, draft: FlowDraft): void {
  try {
    if (isEmpty(draft)) storage()?.removeItem(storageKey(profileId));
    else storage()?.setItem(storageKey(profileId), JSON.stringify(draft));
  } catch (error) {
    // Full or disabled storage: the draft is not kept; the guest can still send.
    console.error('Could not keep the draft', error);
  }
}

/** Whether the profile's draft was written by this page (so reading it restores nothing new). */
export const wasWrittenHere = (profileId: string) => writtenHere.has(profileId);

/** The draft this page works on for the profile, as stored now, or null (none yet, or another's). */
export function ownFlowDraft(profileId: string, now = Date.now()): FlowDraft | null {
  const id = workingOn.get(profileId);
  const stored = readFlowDraft(profileId, now);
  return id && stored?.id === id ? stored : null;
}

/** Merges `patch` into the draft this page works on; a new draft replaces the stored one. */
export function saveFlowDraft(profileId: string, patch: FlowDraftPatch, now = Date.now()): void {
  if (sentHere.has(profileId)) return;
  const current = ownFlowDraft(profileId, now);
  const base: FlowDraft = current ?? {
    id: newIdempotencyKey(),
    tab: tabId(),
    kind: 'RECOGNITION',
    guest: { fullName: '', email: '' },
    mediaCount: 0,
    savedAt: now,
  };
  const draft: FlowDraft = {
    ...base,
    ...patch,
    savedAt: now,
    ...(patch.guest ? { guestSavedAt: now } : {}),
  };
  workingOn.set(profileId, draft.id);
  writtenHere.add(profileId);
  writeDraft(profileId, draft);
}

/**
 * The flow opens on this page: the draft it starts from, and whether that is a restore (a draft
 * this page did not write). A fresh tap (startFreshDraft) starts empty; a page that opens with
 * the flow in its address (a reload, a link) takes the stored draft only in the tab that owns it.
 */
export function openFlowDraft(profileId: string): { draft: FlowDraft | null; restored: boolean } {
  sentHere.delete(profileId);
  const stored = readFlowDraft(profileId);
  if (!workingOn.has(profileId)) {
    const mine = stored !== null && stored.tab === tabId();
    workingOn.set(profileId, mine ? stored.id : null);
  }
  const draft = ownFlowDraft(profileId);
  return { draft, restored: draft !== null && !writtenHere.has(profileId) };
}

/**
 * A guest tapped an action: their flow starts empty, whoever wrote the stored draft. That draft
 * is nobody's now (a reload does not bring it back); the profile still offers to continue it.
 */
export function startFreshDraft(profileId: string): void {
  workingOn.set(profileId, null);
  keysHere.delete(profileId);
  writtenHere.delete(profileId);
  sentHere.delete(profileId);
  const stored = readFlowDraft(profileId);
  if (stored?.tab) writeDraft(profileId, { ...stored, tab: null });
}

/** The guest asked for the stored draft ("Continue your draft"): this tab and page take it. */
export function continueFlowDraft(profileId: string): void {
  const stored = readFlowDraft(profileId);
  workingOn.set(profileId, stored?.id ?? null);
  writtenHere.delete(profileId);
  sentHere.delete(profileId);
  if (stored) writeDraft(profileId, { ...stored, tab: tabId() });
}

/**
 * Forgets the profile's draft: the guest discarded it. They may start another. Its files are
 * removed by flowDraftMedia's forgetDraftMedia where the flow is loaded (and left files are never
 * read back without their words, and are removed after a day).
 */
export function discardFlowDraft(profileId: string): void {
  writtenHere.delete(profileId);
  keysHere.delete(profileId);
  workingOn.delete(profileId);
  try {
    storage()?.removeItem(storageKey(profileId));
  } catch {
    // Nothing kept.
  }
}

/** Whether a sent draft's files must not be written again (see clearSentDraft). */
export const isSentHere = (profileId: string) => sentHere.has(profileId);

/**
 * The thanks or gift was sent: the draft is forgotten and not written again by this page, and
 * other tabs working on it are told (the storage event of its sent mark).
 */
export function clearSentDraft(profileId: string): void {
  // The draft this page works on; a page that never opened one (a redirect's return) ends the
  // stored one.
  const working = workingOn.get(profileId);
  const id = working === undefined ? readFlowDraft(profileId)?.id : working;
  if (id) {
    try {
      storage()?.setItem(sentKey(profileId), JSON.stringify({ id, at: Date.now() }));
    } catch {
      // Other tabs then learn it from the API's replay of the same key.
    }
  }
  discardFlowDraft(profileId);
  sentHere.add(profileId);
}

/** Whether the draft this page works on was sent from another tab (or page) since. */
export function sentElsewhere(profileId: string): boolean {
  const id = workingOn.get(profileId);
  if (!id || sentHere.has(profileId)) return false;
  try {
    const raw = storage()?.getItem(sentKey(profileId));
    const mark = raw ? (JSON.parse(raw) as { id?: unknown }) : null;
    return mark?.id === id;
  } catch {
    return false;
  }
}

/** Calls `onChange` when another tab changes the profile's draft or sends it. */
export function watchFlowDraft(profileId: string, onChange: () => void): () => void {
  const keys = [storageKey(profileId), sentKey(profileId)];
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

/**
 * The Idempotency-Key for sending `values` from the draft: the draft's own while they are the
 * same (a retry, a reload, another tab), a new one when they changed. Kept before it is used.
 */
export function draftSendKey(profileId: string, values: unknown): string {
  const previous = ownFlowDraft(profileId)?.sendKey ?? keysHere.get(profileId) ?? null;
  const key = submissionKey(values, previous);
  // Also in this page's memory: a retry without storage is still the same submission.
  keysHere.set(profileId, key);
  saveFlowDraft(profileId, { sendKey: key });
  return key.key;
}
