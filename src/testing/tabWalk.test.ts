import { everyOrderedPair, PROFILE_TAB_LABELS, TAB_WALK } from './tabWalk';

const pairsOf = <T>(walk: readonly T[]) => walk.slice(1).map((tab, i) => `${walk[i]} > ${tab}`);

describe('everyOrderedPair', () => {
  it.each([1, 2, 3, 4, 5])('walks %i tabs through every ordered pair, each once', (count) => {
    const tabs = Array.from({ length: count }, (_, i) => `tab ${i}`);
    const walk = everyOrderedPair(tabs);
    const pairs = pairsOf(walk);
    expect(walk[0]).toBe('tab 0');
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toHaveLength(count * (count - 1));
  });

  it("starts the profile's walk on its first tab, Feed, and ends back there", () => {
    expect(TAB_WALK[0]).toBe(PROFILE_TAB_LABELS[0]);
    expect(TAB_WALK.at(-1)).toBe(PROFILE_TAB_LABELS[0]);
    expect(pairsOf(TAB_WALK)).toHaveLength(6);
  });
});
