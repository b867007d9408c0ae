// How much the guest walk walks, read from the environment (e2e/README.md, "The guest walk").

export interface WalkShard {
  title: string;
  seed: number;
  runs: number;
  faults: boolean;
  /** A failing run to play again (its seed's own shard only): fast-check's path to it. */
  replay?: { path: string; replayPath?: string };
}

export interface WalkSettings {
  shards: WalkShard[];
  maxSteps: number;
}

const DEFAULT_SEED = 32_032;
/** `npm test`'s walk: 24 sequences, then 6 with faults (`npm run test:stress`: 500 and 500). */
const DEFAULT_RUNS = 24;
const DEFAULT_FAULT_RUNS = 6;
/** Sequences per Playwright test: small enough for both workers to share the walk. */
const DEFAULT_SHARD_SIZE = 8;

function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number`);
  return value;
}

function seed(): number {
  if (process.env.GUEST_WALK_SEED === 'random') {
    // Drawn once where Playwright first loads the spec: its workers inherit it.
    process.env.GUEST_WALK_SEED = String(Math.floor(Math.random() * 2 ** 30));
  }
  return count('GUEST_WALK_SEED', DEFAULT_SEED);
}

function split(runs: number, size: number, base: number, faults: boolean): WalkShard[] {
  const shards: WalkShard[] = [];
  for (let first = 0, index = 0; first < runs; first += size, index += 1) {
    const last = Math.min(first + size, runs);
    shards.push({
      title: `sequences ${first + 1} to ${last}${faults ? ' with a failing first load of each lazy script' : ''}`,
      seed: base + index,
      runs: last - first,
      faults,
    });
  }
  return shards;
}

export function walkSettings(): WalkSettings {
  const maxSteps = count('GUEST_WALK_STEPS', 40);
  const faults = process.env.GUEST_WALK_FAULTS;
  const base = seed();
  const path = process.env.GUEST_WALK_PATH;
  if (path) {
    const replay = { path, replayPath: process.env.GUEST_WALK_REPLAY_PATH || undefined };
    return {
      maxSteps,
      shards: [
        { title: `replay of path ${path}`, seed: base, runs: 1, faults: faults === '1', replay },
      ],
    };
  }
  const runs = count('GUEST_WALK_RUNS', DEFAULT_RUNS);
  const size = Math.max(1, count('GUEST_WALK_SHARD_SIZE', DEFAULT_SHARD_SIZE));
  if (faults === '1') return { maxSteps, shards: split(runs, size, base, true) };
  const plain = split(runs, size, base, false);
  const faultRuns = faults === '0' ? 0 : count('GUEST_WALK_FAULT_RUNS', DEFAULT_FAULT_RUNS);
  return { maxSteps, shards: [...plain, ...split(faultRuns, size, base + 1000, true)] };
}
