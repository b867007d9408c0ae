// The draft a page works on for a profile (lib/flowDraft keeps and reads drafts): which one it is
// (`workingOn`: a fresh tap's new one, the stored one on a reload in its own tab or when the guest
// asked to continue it), and its writes. Loaded with the flow, not with the profile page.
import {
  TAB_STORAGE_KEY,
  draftKey,
  draftStorage,
  readFlowDraft,
  takeDraftRequest,
  type FlowDraft,
  type FlowDraftPatch,
} from './flowDraft';
import { newRandomId } from './randomId';

/** Per profile, the draft this page works on; null: a new one, not written yet. */
const workingOn = new Map<string, string | null>();
/** Profiles whose draft this page wrote: reading it back is not a restore. */
const writtenHere = new Set<string>();
/** Profiles whose gift or thanks was sent from this page: their draft is not written again. */
const sentHere = new Set<string>();

let pageTab: string | undefined;
/** This tab's name: kept in sessionStorage, which a reload keeps and another tab does not share. */
export function tabId(): string {
  if (pageTab) return pageTab;
  try {
    pageTab = globalThis.sessionStorage?.getItem(TAB_STORAGE_KEY) ?? undefined;
    if (!pageTab) {
      pageTab = newRandomId();
      globalThis.sessionStorage?.setItem(TAB_STORAGE_KEY, pageTab);
    }
  } catch {
    pageTab ??= newRandomId();
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

function writeDraft(profileId: string, draft: FlowDraft): void {
  try {
    if (isEmpty(draft)) draftStorage()?.removeItem(draftKey(profileId));
    else draftStorage()?.setItem(draftKey(profileId), JSON.stringify(draft));
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
    id: newRandomId(),
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
  const request = takeDraftRequest(profileId);
  if (request === 'fresh') startFreshDraft(profileId);
  if (request === 'continue') continueFlowDraft(profileId);
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
  workingOn.delete(profileId);
  try {
    draftStorage()?.removeItem(draftKey(profileId));
  } catch {
    // Nothing kept.
  }
}

/** Whether a sent draft's files must not be written again (see clearSentDraft). */
export const isSentHere = (profileId: string) => sentHere.has(profileId);

/** The draft this page works on: undefined when it opened none, null for a new one unwritten. */
export const workingDraftId = (profileId: string) => workingOn.get(profileId);

/** The thanks or gift was sent from this page: its draft is not written again here. */
export function markSentHere(profileId: string): void {
  sentHere.add(profileId);
}
