// The guest walk (e2e/guest-walk/): random sequences of what a guest does, checked against a model
// after every step; settings in e2e/README.md, "The guest walk".
import { startPreview, type PreviewServer } from '../scripts/serverProcess';
import { test } from './fixtures';
import { walkSettings } from './guest-walk/settings';
import { SHRINK_BUDGET_MS, walkShard, type WalkFigures } from './guest-walk/walk';

const settings = walkSettings();
const SEQUENCE_BUDGET_MS = 120_000;

/** The walk's own demo server (one a worker): its sends would push other specs' seeded reviews. */
let server: PreviewServer;
const suiteData = process.env.E2E_DATA_DIR;
test.beforeAll(async () => {
  server = await startPreview('grati-walk');
  process.env.E2E_DATA_DIR = server.dataDir;
});
test.afterAll(() => {
  process.env.E2E_DATA_DIR = suiteData;
  server?.stop();
});

test.describe('a guest walks the profile page', () => {
  for (const shard of settings.shards) {
    test(`${shard.title} (seed ${shard.seed})`, async ({ browser }, testInfo) => {
      const baseURL = server.baseUrl;
      test.setTimeout(shard.runs * SEQUENCE_BUDGET_MS + SHRINK_BUDGET_MS + 60_000);
      const figures: WalkFigures = { sequences: 0, steps: [], moves: new Map() };
      try {
        await walkShard(browser, baseURL, shard, settings, figures);
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
