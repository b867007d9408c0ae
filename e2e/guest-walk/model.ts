// What the guest walk expects the page to be: the tab, the history of flow addresses
// (src/config/flowAddress.ts), the drafts, the payment section and the modal.
import {
  clearSent,
  emptyDrafts,
  ownDraft,
  sentElsewhere,
  showFlow,
  type DraftState,
  type FlowName,
} from './drafts';
import type { WalkProfile } from './profiles';
import type { ProfileTabLabel } from '../../src/config/profileTabs';
import { PROFILE_TAB_LABELS } from '../../src/testing/tabWalk';

export { FLOWS, type FlowName } from './drafts';

export const TABS = PROFILE_TAB_LABELS;
export type TabName = ProfileTabLabel;

type FlowStep = 'guest' | 'review' | 'gift';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** What a page load's address says was just sent: the modal opens for either (spec section 2). */
type SentQuery = 'show=true' | 'redirect_status=succeeded';

interface HistoryEntry {
  flow: { name: FlowName; step: FlowStep } | null;
  /** The flow entries this page pushed below this one (the app's history state, flowDepth). */
  depth: number;
  sent: SentQuery | null;
  /** The document that showed it last: a traversal to another document is a page load. */
  doc: number;
}

export interface GiftModel {
  scope: 'gift' | 'review';
  amount: string;
  /** Expired after 2 minutes. */
  captcha: 'unticked' | 'ticked' | 'expired';
  /** Its token went to an intent: another amount, or another payment option, needs a new one. */
  tokenSpent: boolean;
  /** The intent made last, kept in the draft (reused for the same choice). */
  intent: string | null;
  cardForm: boolean;
  /** An intent call's answer was lost: the alert stays until another payment or amount. */
  failed: boolean;
}

export interface WalkModel extends DraftState {
  profile: WalkProfile;
  viewport: ViewportName;
  tab: TabName;
  history: HistoryEntry[];
  index: number;
  doc: number;
  /** Documents a reload discarded: Back to them loads afresh (the walk goes back to no others). */
  deadDocs: Set<number>;
  gift: GiftModel | null;
}

/** The profile, or a shared link to a flow's first step. */
export type Arrival = FlowName | null;

export function initialModel(profile: WalkProfile, arrival: Arrival = null): WalkModel {
  const m: WalkModel = {
    profile,
    viewport: 'desktop',
    tab: 'Feed',
    history: [{ flow: arrival && { name: arrival, step: 'guest' }, depth: 0, sent: null, doc: 0 }],
    index: 0,
    doc: 0,
    deadDocs: new Set(),
    ...emptyDrafts(),
    gift: null,
  };
  arrive(m, false, true);
  return m;
}

const current = (m: WalkModel): HistoryEntry => m.history[m.index]!;
export const openFlow = (m: WalkModel) => current(m).flow;
export const modalOpen = (m: WalkModel) => current(m).sent !== null;
export const onTabs = (m: WalkModel) => !openFlow(m) && !modalOpen(m);
/** The flow shows `step`'s form (not the message that its draft was sent from another tab). */
export const atStep = (m: WalkModel, step: FlowStep) =>
  !modalOpen(m) && openFlow(m)?.step === step && !sentElsewhere(m);
export const paymentShown = (m: WalkModel) =>
  atStep(m, 'gift') || (atStep(m, 'review') && m.view?.giftOpen === true);

export const nextStep = (name: FlowName): FlowStep => (name === 'gift' ? 'gift' : 'review');

/** A payment section opens where the flow shows one (on arrival, or by Add Gift). */
export function remountPayment(m: WalkModel): void {
  const own = ownDraft(m);
  m.gift = paymentShown(m)
    ? {
        scope: openFlow(m)?.step === 'gift' ? 'gift' : 'review',
        amount: own?.amount ?? '',
        captcha: 'unticked',
        tokenSpent: false,
        intent: own?.intent ?? null,
        cardForm: false,
        failed: false,
      }
    : null;
}

/** A later step without the guest's details falls back to theirs. */
function arrive(m: WalkModel, keepTab: boolean, newDoc: boolean): void {
  if (newDoc) Object.assign(m, { working: undefined, view: null } satisfies Partial<WalkModel>);
  const entry = current(m);
  if (entry.sent) clearSent(m);
  if (entry.flow) {
    const view = showFlow(m, entry.flow.name);
    if (entry.flow.step !== 'guest' && !view.guestKnown) {
      entry.flow = { name: entry.flow.name, step: 'guest' };
    }
  } else {
    m.view = null;
  }
  if (!keepTab) m.tab = 'Feed';
  remountPayment(m);
}

export function pushEntry(m: WalkModel, flow: HistoryEntry['flow']): void {
  const depth = current(m).depth + 1;
  m.history = [...m.history.slice(0, m.index + 1), { flow, depth, sent: null, doc: m.doc }];
  m.index += 1;
  arrive(m, false, false);
}

export function replaceEntry(m: WalkModel, flow: HistoryEntry['flow']): void {
  const entry = current(m);
  const keepTab = !entry.flow && !flow;
  m.history[m.index] = { ...entry, flow };
  arrive(m, keepTab, false);
}

export function loadNewEntry(m: WalkModel, sent: SentQuery | null): void {
  m.doc += 1;
  m.history = [...m.history.slice(0, m.index + 1), { flow: null, depth: 0, sent, doc: m.doc }];
  m.index += 1;
  arrive(m, false, true);
}

/** A reload, or location.replace (after OK). */
export function reloadEntry(m: WalkModel, change?: Partial<HistoryEntry>): void {
  const entry = current(m);
  const before = m.doc;
  m.doc += 1;
  // Back to a reloaded document's other entries is a popstate, not a load (a 500-sequence find).
  if (!change) {
    m.deadDocs.add(before);
    for (const other of m.history) if (other.doc === before) other.doc = m.doc;
  }
  // location.replace starts with no history state (flowDepth 0); a reload keeps it.
  m.history[m.index] = { ...entry, ...change, doc: m.doc };
  arrive(m, false, true);
}

/** Where Back or Forward by `delta` lands, or null when the walk does not go there. */
export function traversalTarget(m: WalkModel, delta: -1 | 1): HistoryEntry | null {
  const target = m.history[m.index + delta];
  if (!target) return null;
  return target.doc === m.doc || m.deadDocs.has(target.doc) ? target : null;
}

export function traverse(m: WalkModel, delta: -1 | 1): void {
  const from = current(m);
  m.index += delta;
  const target = current(m);
  if (target.doc !== m.doc) {
    m.doc += 1;
    target.doc = m.doc;
    arrive(m, false, true);
  } else {
    arrive(m, !from.flow && !target.flow, false);
  }
}

/** A finished flow goes back to the entry it was opened from; the result replaces it (flowExit). */
export function finishFlow(m: WalkModel, sent: SentQuery): void {
  m.index = Math.max(0, m.index - current(m).depth);
  const newDoc = current(m).doc !== m.doc;
  if (newDoc) m.doc += 1;
  m.history[m.index] = { flow: null, depth: 0, sent, doc: m.doc };
  arrive(m, false, newDoc);
}

/** The flow's own back arrow (useFlowAddress): the previous entry, or the step before. */
export function flowBack(m: WalkModel): void {
  const { depth, flow } = current(m);
  if (depth > 0) traverse(m, -1);
  else replaceEntry(m, flow!.step === 'guest' ? null : { name: flow!.name, step: 'guest' });
}

type Address = Record<'flow' | 'step' | 'sent', string | null>;

export function expectedAddress(m: WalkModel): Address {
  const { flow, sent } = current(m);
  return { flow: flow?.name ?? null, step: flow?.step ?? null, sent };
}

export function addressOf(href: string): Address {
  const params = new URL(href).searchParams;
  const sent = params.has('show')
    ? `show=${params.get('show')}`
    : params.has('redirect_status')
      ? `redirect_status=${params.get('redirect_status')}`
      : null;
  return { flow: params.get('flow'), step: params.get('step'), sent };
}
