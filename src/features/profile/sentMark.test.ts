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

  it('ignores a mark it cannot read', () => {
    sessionStorage.setItem('grati:sent', '{not json');
    expect(hasSentMark('ava')).toBe(false);
  });
});
