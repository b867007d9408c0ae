// What the guest walk expects the page to be, step by step: which tab is selected, which flow is
// open at which step (the browser's history of the flow's addresses, src/config/flowAddress.ts),
// what the gift form holds, and whether the Congratulations modal is up.
import type { WalkProfile } from './profiles';

export const TABS = ['Feed', 'Photos/Videos', 'Socials'] as const;
export type TabName = (typeof TABS)[number];

/** The flows by their name in the address (`?flow=recognize`), with the button that opens each. */
export const FLOWS = ['recognize', 'appreciate', 'celebrate', 'gratitude', 'gift'] as const;
export type FlowName = (typeof FLOWS)[number];
export type FlowStep = 'guest' | 'review' | 'gift';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** What a page load's address says was just sent: the modal opens for either (spec section 2). */
export type SentQuery = 'show=true' | 'redirect_status=succeeded';

/** One entry of the tab's history, as the walk made it. */
export interface HistoryEntry {
  flow: { name: FlowName; step: FlowStep } | null;
  /** The flow entries this page pushed below this one (the app's history state, flowDepth). */
  depth: number;
  /** The address says something was just sent: `show=true` or `redirect_status=succeeded`. */
  sent: SentQuery | null;
  /** The document that showed it last: a traversal to another document is a page load. */
  doc: number;
}

export interface GiftModel {
  /** The amount field's text ('' when none). */
  amount: string;
  /** The captcha widget: ticked, never ticked (or a fresh round), or expired (after 2 minutes). */
  captcha: 'unticked' | 'ticked' | 'expired';
  /** Its token went to an intent: another amount, or another payment option, needs a new one. */
  tokenSpent: boolean;
  /** The option and amount of the intent made last (reused for the same two): `card 15`. */
  intent: string | null;
  /** The card form (Pay Now) is open. */
  cardForm: boolean;
}

export interface WalkModel {
  profile: WalkProfile;
  viewport: ViewportName;
  tab: TabName;
  history: HistoryEntry[];
  index: number;
  /** The document the page shows now. */
  doc: number;
  /**
   * Documents that can't come back from the back/forward cache (a reload discards the old one):
   * going back to their entries loads the address afresh. Entries of any other document are
   * left alone by the walk, since whether Chromium kept that document is not the guest's to know.
   */
  deadDocs: Set<number>;
  /** The guest's details are in this profile's draft (kept until a gift is paid). */
  guestKnown: boolean;
  /** The amount kept in the draft ('' when none). */
  draftAmount: string;
  /** The gift form, while its step shows. */
  gift: GiftModel | null;
}

/**
 * Where a guest arrives: the profile, or a link to a flow's first step (`?flow=gift&step=guest`,
 * a shared link; the flow opens with nothing of this page's below it).
 */
export type Arrival = FlowName | null;

export function initialModel(profile: WalkProfile, arrival: Arrival = null): WalkModel {
  return {
    profile,
    viewport: 'desktop',
    tab: 'Feed',
    history: [{ flow: arrival && { name: arrival, step: 'guest' }, depth: 0, sent: null, doc: 0 }],
    index: 0,
    doc: 0,
    deadDocs: new Set(),
    guestKnown: false,
    draftAmount: '',
    gift: null,
  };
}

export const current = (m: WalkModel): HistoryEntry => m.history[m.index]!;
export const openFlow = (m: WalkModel) => current(m).flow;
export const modalOpen = (m: WalkModel) => current(m).sent !== null;
/** The tabs show (no flow in their place, no modal over them). */
export const onTabs = (m: WalkModel) => !openFlow(m) && !modalOpen(m);
export const atStep = (m: WalkModel, step: FlowStep) => !modalOpen(m) && openFlow(m)?.step === step;

/** The step after the guest's details: the review for a kind, the gift for a gift alone. */
export const nextStep = (name: FlowName): FlowStep => (name === 'gift' ? 'gift' : 'review');

const freshGift = (m: WalkModel): GiftModel => ({
  amount: m.draftAmount,
  captcha: 'unticked',
  tokenSpent: false,
  intent: null,
  cardForm: false,
});

/**
 * The page now shows the current entry in a newly mounted panel: the tabs start on Feed, a
 * flow's step starts from the draft (a later step without the guest's details falls back to
 * theirs, in place), the gift form starts from the kept amount. An address that says something
 * was sent (Congratulations) ends the draft: the guest's details and the amount are forgotten.
 */
function arrive(m: WalkModel, keepTab: boolean): void {
  const entry = current(m);
  if (entry.sent) {
    m.guestKnown = false;
    m.draftAmount = '';
  }
  if (entry.flow && entry.flow.step !== 'guest' && !m.guestKnown) {
    entry.flow = { name: entry.flow.name, step: 'guest' };
  }
  if (!keepTab) m.tab = 'Feed';
  m.gift = entry.flow?.step === 'gift' ? freshGift(m) : null;
}

/** A navigation inside the page that adds an entry (a flow opened, its next step). */
export function pushEntry(m: WalkModel, flow: HistoryEntry['flow']): void {
  const depth = current(m).depth + 1;
  m.history = [...m.history.slice(0, m.index + 1), { flow, depth, sent: null, doc: m.doc }];
  m.index += 1;
  arrive(m, false);
}

/** A navigation inside the page in place of the current entry. */
export function replaceEntry(m: WalkModel, flow: HistoryEntry['flow']): void {
  const entry = current(m);
  const keepTab = !entry.flow && !flow;
  m.history[m.index] = { ...entry, flow };
  arrive(m, keepTab);
}

/** A page load of a new address (page.goto, a redirect after paying): a new entry. */
export function loadNewEntry(m: WalkModel, sent: SentQuery | null): void {
  m.doc += 1;
  m.history = [...m.history.slice(0, m.index + 1), { flow: null, depth: 0, sent, doc: m.doc }];
  m.index += 1;
  arrive(m, false);
}

/** A page load in place of the current entry: a reload, or location.replace (after OK). */
export function reloadEntry(m: WalkModel, change?: Partial<HistoryEntry>): void {
  const entry = current(m);
  // A reloaded document is gone for good; one replaced by location.replace may not be.
  if (!change) m.deadDocs.add(m.doc);
  m.doc += 1;
  // location.replace starts with no history state (flowDepth 0); a reload keeps it.
  m.history[m.index] = { ...entry, ...change, doc: m.doc };
  arrive(m, false);
}

/** Where Back or Forward by `delta` lands, or null when the walk does not go there. */
export function traversalTarget(m: WalkModel, delta: -1 | 1): HistoryEntry | null {
  const target = m.history[m.index + delta];
  if (!target) return null;
  return target.doc === m.doc || m.deadDocs.has(target.doc) ? target : null;
}

/** Back or Forward: in the same document, or a fresh load of a discarded one. */
export function traverse(m: WalkModel, delta: -1 | 1): void {
  const from = current(m);
  m.index += delta;
  const target = current(m);
  if (target.doc !== m.doc) {
    m.doc += 1;
    target.doc = m.doc;
    arrive(m, false);
  } else {
    arrive(m, !from.flow && !target.flow);
  }
}

/** The flow's own back arrow (src/lib/useFlowAddress.ts): the previous entry, or the step before. */
export function flowBack(m: WalkModel): 'history' | 'replace' {
  const entry = current(m);
  if (entry.depth > 0) {
    traverse(m, -1);
    return 'history';
  }
  const flow = entry.flow!;
  replaceEntry(m, flow.step === 'guest' ? null : { name: flow.name, step: 'guest' });
  return 'replace';
}

/** What the walk reads in an address: the flow's name and step, and what was sent. */
export interface Address {
  flow: string | null;
  step: string | null;
  sent: string | null;
}

/** The address the model expects now. */
export function expectedAddress(m: WalkModel): Address {
  const entry = current(m);
  return {
    flow: entry.flow?.name ?? null,
    step: entry.flow?.step ?? null,
    sent: entry.sent,
  };
}

/** Reads the same from a page's address. */
export function addressOf(url: URL): Address {
  const params = url.searchParams;
  const sent = params.has('show')
    ? `show=${params.get('show')}`
    : params.has('redirect_status')
      ? `redirect_status=${params.get('redirect_status')}`
      : null;
  return { flow: params.get('flow'), step: params.get('step'), sent };
}
