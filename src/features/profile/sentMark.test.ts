import { clearSentMark, hasSentMark, markSent } from './sentMark';

describe('the sent mark', () => {
  beforeEach(() => sessionStorage.clear());

  it('is there for the profile it was set for, until cleared', () => {
    markSent('ava', 1000, 'the-page-before');
    expect(hasSentMark('sam', 1500)).toBe(false);
    expect(hasSentMark('ava', 1500)).toBe(true);
    clearSentMark();
    expect(hasSentMark('ava', 1600)).toBe(false);
  });

  it('lapses after two minutes', () => {
    markSent('ava', 0, 'the-page-before');
    expect(hasSentMark('ava', 119_999)).toBe(true);
    expect(hasSentMark('ava', 120_000)).toBe(false);
  });

  it('is for the page loaded after it was set, not the page that set it', () => {
    markSent('ava', 5000, 'page-one');
    // The page that set it reads it as it goes: not its mark.
    expect(hasSentMark('ava', 5100, 'page-one')).toBe(false);
    // The page it loads next takes it.
    expect(hasSentMark('ava', 5100, 'page-two')).toBe(true);
  });

  it('ignores a mark it cannot read', () => {
    sessionStorage.setItem('grati:sent', '{not json');
    expect(hasSentMark('ava')).toBe(false);
  });
});
