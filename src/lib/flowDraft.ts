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
// A draft belongs to its guest: a fresh tap on an action starts a new one, which replaces the
// stored draft once something is written; the stored draft comes back only in the tab that wrote
// it (a reload) or when the guest asks for it ("Continue your draft"). The guest's name and email
// are kept for less than the rest (GUEST_KEEP_MS): on a shared phone the next guest must not
// find them. This module is what the profile page needs (reading a draft, and what a tap asks of
// it); the flow works on its draft with flowDraftWork.ts, loaded with the flow.
import type { FlowKind } from '../api/contract/kinds';
import type { GratitudeIcon } from '../api/contract/types';
import type { SubmissionKey } from './idempotency';

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

const storageKey = (profileId: string) => KEY_PREFIX + profileId;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage disabled (a privacy setting): nothing is kept, everything else works.
    return null;
  }
}

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
  try {
    store?.removeItem(storageKey(profileId));
  } catch {
    // Nothing kept.
  }
  return null;
}

/** What a guest's tap asked of the profile's draft, for the flow that opens to take (once). */
const requests = new Map<string, 'fresh' | 'continue'>();

/** A tap on an action: its flow starts empty, whoever wrote the stored draft. */
export function askFreshDraft(profileId: string): void {
  requests.set(profileId, 'fresh');
}

/** "Continue your draft": its flow takes the stored draft, for this tab and page. */
export function askToContinueDraft(profileId: string): void {
  requests.set(profileId, 'continue');
}

/** What the last tap asked of the profile's draft, once; undefined: no tap (a reload, a link). */
export function takeDraftRequest(profileId: string): 'fresh' | 'continue' | undefined {
  const request = requests.get(profileId);
  requests.delete(profileId);
  return request;
}

/** This browser's storage for drafts, or null where it is disabled. */
export const draftStorage = storage;

export const TAB_STORAGE_KEY = TAB_KEY;

/** Where another page of this browser marks the profile's draft as sent (draftOutcome.ts). */
export const sentKey = (profileId: string) => SENT_PREFIX + profileId;

/** Where the profile's draft is kept. */
export const draftKey = storageKey;
