import { clearSentMark, hasSentMark, markSent } from './sentMark';

describe('the sent mark', () => {
  beforeEach(() => sessionStorage.clear());

  it('is there for the profile it was set for, until cleared', () => {
    markSent('ava', 1000);
    expect(hasSentMark('sam', 1500)).toBe(false);
    expect(hasSentMark('ava', 1500)).toBe(true);
    clearSentMark();
    expect(hasSentMark('ava', 1600)).toBe(false);
  });

  it('lapses after two minutes', () => {
    markSent('ava', 0);
    expect(hasSentMark('ava', 120_000)).toBe(false);
  });

  it('is for the page loaded after it was set, not the page that set it', () => {
    markSent('ava', 5000);
    // The page that set it (loaded at 4,000) reads it as it goes: not its mark.
    expect(hasSentMark('ava', 5100, 4000)).toBe(false);
    // The page it loads next (at 5,050) takes it.
    expect(hasSentMark('ava', 5100, 5050)).toBe(true);
  });

  it('ignores a mark it cannot read', () => {
    sessionStorage.setItem('grati:sent', '{not json');
    expect(hasSentMark('ava')).toBe(false);
  });
});
