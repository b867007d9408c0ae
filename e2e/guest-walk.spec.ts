// A guest walks the profile pages: random sequences of what a guest does (tabs by click and by
// arrow keys, the flows in and out by their back arrow, Back and Forward, reloads, the gallery to
// its end, phone and desktop sizes, ?show=true and OK, the team strip, the review sent, the gift
// form up to a paid 4242; and in flight: a reload, Back or the arrow while a payment or a send is
// held, an answer lost after the server acted, a second tab on the same draft), checked against a
// model after every step, with paid once, sent once read from the mock API (e2e/guest-walk/).
// Settings: e2e/README.md.
import { test } from './fixtures';
import { walkSettings } from './guest-walk/settings';
import { SHRINK_BUDGET_MS, walkShard, type WalkFigures } from './guest-walk/walk';

const settings = walkSettings();
/** A sequence's budget on a machine several times slower: a step takes 1 to 5 s on a fast one. */
const SEQUENCE_BUDGET_MS = 120_000;

test.describe('a guest walks the profile page', () => {
  for (const shard of settings.shards) {
    test(`${shard.title} (seed ${shard.seed})`, async ({ browser, baseURL }, testInfo) => {
      test.setTimeout(shard.runs * SEQUENCE_BUDGET_MS + SHRINK_BUDGET_MS + 60_000);
      const figures: WalkFigures = { sequences: 0, steps: [], moves: new Map() };
      try {
        await walkShard(browser, baseURL!, shard, settings, figures);
      } finally {
        const { steps } = figures;
        const total = steps.reduce((sum, n) => sum + n, 0);
        const moves = [...figures.moves].map(([move, n]) => `${move} ${n}`).join(', ');
        const description =
          `${figures.sequences} sequences, ${total} steps ` +
          `(${Math.min(...steps)} to ${Math.max(...steps)} a sequence; ` +
          `${steps.filter((n) => n >= 8).length} with 8 or more); ` +
          `in flight: ${moves || 'none'}`;
        testInfo.annotations.push({ type: 'guest walk', description });
        console.log(`guest walk, ${shard.title}: ${description}`);
      }
    });
  }
});
