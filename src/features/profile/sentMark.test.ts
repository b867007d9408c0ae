import { markSent, takeSentMark } from './sentMark';

describe('the sent mark', () => {
  beforeEach(() => sessionStorage.clear());

  it('is taken once, by the profile it was set for', () => {
    markSent('ava', 1000);
    expect(takeSentMark('sam', 1500)).toBe(false);
    expect(takeSentMark('ava', 1500)).toBe(true);
    expect(takeSentMark('ava', 1600)).toBe(false);
  });

  it('lapses after two minutes', () => {
    markSent('ava', 0);
    expect(takeSentMark('ava', 120_000)).toBe(false);
  });

  it('ignores a mark it cannot read', () => {
    sessionStorage.setItem('grati:sent', '{not json');
    expect(takeSentMark('ava')).toBe(false);
  });
});
