import { DRAFT_KEEP_MS, GUEST_KEEP_MS, readFlowDraft } from './flowDraft';
import { discardFlowDraft, openFlowDraft, saveFlowDraft, wasWrittenHere } from './flowDraftWork';
import {
  clearSentDraft,
  forgetDraftPayment,
  keepDraftPayment,
  markDraftConfirming,
} from './draftOutcome';

const guest = { fullName: 'Jo Doe', email: 'jo@example.com' };

beforeEach(() => discardFlowDraft('ava')); // storage itself is cleared after each test

describe('a flow draft', () => {
  it('is kept per profile and merged as the guest works', () => {
    saveFlowDraft('ava', { kind: 'RECOGNITION', guest }, 1000);
    saveFlowDraft(
      'ava',
      { review: { icon: 'CELEBRATION', sayThanks: 'Hi', giftOpen: false } },
      2000,
    );
    saveFlowDraft('ava', { amount: '15' }, 3000);
    expect(readFlowDraft('ava', 3000)).toEqual({
      id: expect.any(String),
      tab: expect.any(String),
      kind: 'RECOGNITION',
      guest,
      guestSavedAt: 1000,
      review: { icon: 'CELEBRATION', sayThanks: 'Hi', giftOpen: false },
      amount: '15',
      mediaCount: 0,
      savedAt: 3000,
    });
    expect(readFlowDraft('bob', 3000)).toBeNull();
    expect(wasWrittenHere('ava')).toBe(true);
  });

  it('is forgotten after a day', () => {
    saveFlowDraft('ava', { kind: 'gift', guest }, 0);
    expect(readFlowDraft('ava', DRAFT_KEEP_MS - 1)).not.toBeNull();
    expect(readFlowDraft('ava', DRAFT_KEEP_MS)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('is not kept when there is nothing in it', () => {
    saveFlowDraft('ava', { kind: 'gift', guest: { fullName: ' ', email: '' } });
    expect(readFlowDraft('ava')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('survives unreadable storage by dropping it', () => {
    localStorage.setItem('grati:draft:ava', '{not json');
    expect(readFlowDraft('ava')).toBeNull();
    localStorage.setItem('grati:draft:ava', JSON.stringify({ kind: 'gift' }));
    expect(readFlowDraft('ava')).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('is gone once sent, and not written again until a flow opens', () => {
    saveFlowDraft('ava', { kind: 'gift', guest });
    clearSentDraft('ava');
    expect(readFlowDraft('ava')).toBeNull();
    saveFlowDraft('ava', { amount: '10' });
    expect(readFlowDraft('ava')).toBeNull();
    openFlowDraft('ava');
    saveFlowDraft('ava', { amount: '10' });
    expect(readFlowDraft('ava')?.amount).toBe('10');
  });

  it('is gone when discarded, and may start again', () => {
    saveFlowDraft('ava', { kind: 'gift', guest });
    discardFlowDraft('ava');
    expect(readFlowDraft('ava')).toBeNull();
    expect(wasWrittenHere('ava')).toBe(false);
    saveFlowDraft('ava', { kind: 'gift', guest });
    expect(readFlowDraft('ava')?.guest).toEqual(guest);
  });
});

/** Another page of this browser (a reload, another tab): the module afresh, the same storage. */
type Page = typeof import('./flowDraft') &
  typeof import('./flowDraftWork') &
  typeof import('./draftSendKey') &
  typeof import('./draftOutcome');
function anotherPage(): Page {
  const modules = ['./flowDraft', './flowDraftWork', './draftSendKey', './draftOutcome'];
  let page: Page | undefined;
  jest.isolateModules(() => {
    page = Object.assign({}, ...modules.map((name) => jest.requireActual<object>(name))) as Page;
  });
  return page!;
}

describe('whose draft it is', () => {
  it('comes back on a reload in its own tab, and to anyone else only when asked for', () => {
    const first = anotherPage();
    first.openFlowDraft('ava');
    first.saveFlowDraft('ava', { kind: 'gift', guest });

    // The same tab reloaded (sessionStorage is the tab's): restored.
    const reloaded = anotherPage();
    expect(reloaded.openFlowDraft('ava')).toMatchObject({ draft: { guest }, restored: true });

    // Another tab opening the flow's address: empty, but the draft is still offered.
    sessionStorage.clear();
    const otherTab = anotherPage();
    expect(otherTab.openFlowDraft('ava')).toEqual({ draft: null, restored: false });
    expect(otherTab.readFlowDraft('ava')?.guest).toEqual(guest);
    otherTab.continueFlowDraft('ava');
    expect(otherTab.openFlowDraft('ava')).toMatchObject({ draft: { guest }, restored: true });
  });

  it('is not the next guest’s: a fresh tap starts empty, and a reload does not bring it back', () => {
    const page = anotherPage();
    page.openFlowDraft('ava');
    page.saveFlowDraft('ava', { kind: 'RECOGNITION', guest });
    page.startFreshDraft('ava');
    expect(page.openFlowDraft('ava').draft).toBeNull();
    expect(anotherPage().openFlowDraft('ava').draft).toBeNull();
    page.saveFlowDraft('ava', { kind: 'gift', guest: { fullName: 'Bo', email: '' } });
    expect(page.readFlowDraft('ava')?.guest.fullName).toBe('Bo');
    expect(page.readFlowDraft('ava')?.kind).toBe('gift');
  });

  it('keeps the guest’s name and email for GUEST_KEEP_MS, the words for the day', () => {
    saveFlowDraft('ava', { kind: 'RECOGNITION', guest }, 0);
    saveFlowDraft('ava', { review: { icon: 'GRATITUDE', sayThanks: 'Hi', giftOpen: false } }, 10);
    expect(readFlowDraft('ava', GUEST_KEEP_MS - 1)?.guest).toEqual(guest);
    const later = readFlowDraft('ava', GUEST_KEEP_MS);
    expect(later?.guest).toEqual({ fullName: '', email: '' });
    expect(later?.review?.sayThanks).toBe('Hi');
  });

  it('tells a page working on it that another page sent it', () => {
    const a = anotherPage();
    a.openFlowDraft('ava');
    a.saveFlowDraft('ava', { kind: 'RECOGNITION', guest });
    const b = anotherPage();
    b.continueFlowDraft('ava');
    expect(b.sentElsewhere('ava')).toBe(false);
    a.clearSentDraft('ava');
    expect(b.sentElsewhere('ava')).toBe(true);
    expect(a.sentElsewhere('ava')).toBe(false);
  });
});

describe('what a draft started', () => {
  it('keeps one send key for the same values, on any page, and a new one for new values', () => {
    const a = anotherPage();
    a.openFlowDraft('ava');
    a.saveFlowDraft('ava', { kind: 'RECOGNITION', guest });
    const key = a.draftSendKey('ava', { sayThanks: 'Hi' });
    expect(a.draftSendKey('ava', { sayThanks: 'Hi' })).toBe(key);
    const reloaded = anotherPage();
    reloaded.openFlowDraft('ava');
    expect(reloaded.draftSendKey('ava', { sayThanks: 'Hi' })).toBe(key);
    expect(reloaded.draftSendKey('ava', { sayThanks: 'Hello' })).not.toBe(key);
  });

  it('keeps its intent and whether a confirmation of it started', () => {
    openFlowDraft('ava');
    saveFlowDraft('ava', { kind: 'gift', guest });
    markDraftConfirming('ava', true);
    expect(readFlowDraft('ava')?.confirming).toBeUndefined(); // no intent: nothing to confirm
    keepDraftPayment('ava', { clientSecret: 'pi_1_secret_2', fingerprint: 'f' });
    markDraftConfirming('ava', true);
    expect(readFlowDraft('ava')).toMatchObject({
      payment: { clientSecret: 'pi_1_secret_2' },
      confirming: true,
    });
    forgetDraftPayment('ava');
    expect(readFlowDraft('ava')?.payment).toBeUndefined();
  });
});
