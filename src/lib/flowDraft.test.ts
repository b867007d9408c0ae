import {
  DRAFT_KEEP_MS,
  clearSentDraft,
  discardFlowDraft,
  openFlowDraft,
  readFlowDraft,
  saveFlowDraft,
  wasWrittenHere,
} from './flowDraft';

const guest = { fullName: 'Jo Doe', email: 'jo@example.com' };

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
      kind: 'RECOGNITION',
      guest,
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
