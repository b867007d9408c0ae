// The guest's drafts as the walk expects the app to keep them (src/lib/flowDraft.ts), numbered so
// that the mock API's rows can be counted per draft.

/** SENT_ELSEWHERE_MESSAGE of src/features/gratitude/ReviewForm.tsx (whose module brings React). */
export const SENT_ELSEWHERE_MESSAGE = 'This draft was already sent from another tab.';

export const FLOWS = ['recognize', 'appreciate', 'celebrate', 'gratitude', 'gift'] as const;
export type FlowName = (typeof FLOWS)[number];

export interface DraftModel {
  n: number;
  /** The flow it was last written in with its kind (its guest, its review): Continue opens it. */
  flow: FlowName;
  guestKnown: boolean;
  words: boolean;
  giftOpen: boolean;
  amount: string;
  /** As `card 15 gift` (option, amount, where). */
  intent: string | null;
  paid: boolean;
  /** Sent, or paid with its tip: the feed shows it (once). */
  published: boolean;
}

/** What the open flow holds while it stays mounted (useFlowDraft's state). */
type FlowView = Pick<DraftModel, 'guestKnown' | 'words' | 'giftOpen'> & { name: FlowName };

export interface DraftState {
  drafts: DraftModel[];
  /** The draft the page works on: null, a new one; undefined, none since it loaded or sent. */
  working: number | null | undefined;
  /** The profile's stored draft, and whether this tab owns it (its reload restores it). */
  stored: { n: number; mine: boolean } | null;
  /** Another tab's flow on this draft says it was sent. */
  sentMark: number | null;
  view: FlowView | null;
}

export const emptyDrafts = (): DraftState => ({
  drafts: [],
  working: undefined,
  stored: null,
  sentMark: null,
  view: null,
});

/** The stored draft when it is the one this page works on (flowDraft's ownFlowDraft), or null. */
export function ownDraft(m: Readonly<DraftState>): DraftModel | null {
  const { working, stored } = m;
  return working !== null && working !== undefined && stored?.n === working
    ? m.drafts[working]!
    : null;
}

export const sentElsewhere = (m: Readonly<DraftState>) =>
  m.view !== null && m.working !== null && m.working !== undefined && m.sentMark === m.working;

/** saveFlowDraft: the stored one it works on, or a new one (this tab's) that replaces it. */
export function writeDraft(
  m: DraftState,
  change: (draft: DraftModel) => void,
  flow: FlowName | null,
): DraftModel {
  let draft = ownDraft(m);
  if (!draft) {
    draft = {
      n: m.drafts.length,
      flow: flow ?? 'recognize',
      guestKnown: false,
      words: false,
      giftOpen: false,
      amount: '',
      intent: null,
      paid: false,
      published: false,
    };
    m.drafts.push(draft);
    m.working = draft.n;
    m.stored = { n: draft.n, mine: true };
  }
  if (flow) draft.flow = flow;
  change(draft);
  return draft;
}

/** Sent (clearSentDraft): the "sent" mark names the draft (this page's, else the stored one). */
export function clearSent(m: DraftState): void {
  const id = m.working === undefined ? m.stored?.n : m.working;
  if (id !== null && id !== undefined) m.sentMark = id;
  m.stored = null;
  m.working = undefined;
}

/** A fresh tap on an action (startFreshDraft): an empty draft; the stored one is nobody's. */
export function freshTap(m: DraftState): void {
  m.working = null;
  if (m.stored) m.stored.mine = false;
  m.view = null;
}

/** "Continue your draft" (continueFlowDraft): this tab and page take the stored draft. */
export function continueStored(m: DraftState): FlowName {
  const stored = m.stored!;
  stored.mine = true;
  m.working = stored.n;
  m.view = null;
  return m.drafts[stored.n]!.flow;
}

/** openFlowDraft: the first flow takes the stored draft only if this tab owns it. */
export function showFlow(m: DraftState, name: FlowName): FlowView {
  if (m.working === undefined) m.working = m.stored?.mine ? m.stored.n : null;
  if (m.view?.name === name) return m.view;
  const own = ownDraft(m);
  m.view = {
    name,
    guestKnown: own?.guestKnown ?? false,
    words: own?.words ?? false,
    giftOpen: own?.flow === name && own.giftOpen,
  };
  return m.view;
}
