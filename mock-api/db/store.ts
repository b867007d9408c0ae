// The mock API's data: json-server's lowdb holds it in memory; every change is committed to the
// data file atomically before the request that made it is answered, and all or nothing: a change
// that fails, or whose write fails, leaves no trace (Store.mutate). The emulated services' state
// (the Stripe emulator's intents, charges, refunds) is committed with it, in the same file.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import jsonServer from 'json-server';
import type { Db, Seed } from './types';
import { writeFileAtomic } from './atomicFile';
import { sweepDataFolder, sweepSummary } from './sweep';
import { EMULATORS_KEY, dataFileProblems } from './dataShape';
import { PRIVATE_FILE_MODE, makePrivateFolder, takeBackAccess } from './permissions';

export { EMULATORS_KEY };

export const DATA_FILE_NAME = 'db.json';
export const UPLOADS_DIR_NAME = 'uploads';
export const SEED_FILE = path.join(__dirname, '..', 'seed', 'seed.json');
export const SEED_MEDIA_DIR = path.join(__dirname, '..', 'seed', 'media');

/** Builds a fresh Db from the seed, turning ages into timestamps relative to `now`. */
export function dbFromSeed(seed: Seed, now: Date = new Date()): Db {
  const at = (agoMinutes: number) => new Date(now.getTime() - agoMinutes * 60_000).toISOString();
  return {
    users: seed.users,
    feed: seed.feed.map(({ agoMinutes, ...item }) => ({ ...item, createdAt: at(agoMinutes) })),
    gallery: seed.gallery.map(({ agoMinutes, ...item }) => ({
      ...item,
      createdAt: at(agoMinutes),
    })),
    guests: [],
    profileClicks: [],
    demoProfiles: seed.demoProfiles,
  };
}

export async function readSeed(seedFile = SEED_FILE): Promise<Seed> {
  return JSON.parse(await fs.readFile(seedFile, 'utf8')) as Seed;
}

/** Writes a fresh data file from the seed and empties the uploads folder. */
export async function resetData(dataDir: string, seedFile = SEED_FILE): Promise<void> {
  await makePrivateFolder(dataDir);
  await fs.rm(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true, force: true });
  await fs.mkdir(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true });
  await writeFileAtomic(
    path.join(dataDir, DATA_FILE_NAME),
    JSON.stringify(dbFromSeed(await readSeed(seedFile)), null, 2),
  );
}

/** The data file's contents, or an error that says what is wrong with it and how to start over. */
function parseDataFile(
  text: string,
  dataFile: string,
): Db & { [EMULATORS_KEY]?: Record<string, unknown> } {
  let saved: unknown;
  let problems: string[];
  try {
    saved = JSON.parse(text);
    problems = dataFileProblems(saved);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    problems = [`it is not valid JSON (${error.message}): a write cut short, or an edit`];
  }
  if (problems.length === 0) return saved as Db;
  throw new Error(
    [
      `The mock API's data file ${dataFile} is damaged, so the mock API did not start:`,
      ...problems.map((problem) => `  - ${problem}`),
      'Nothing in its folder was changed. To start over, run "npm run mock-api:reset" (with the same MOCK_DATA_DIR): it restores the demo data by replacing this file, so move the file aside first to keep it.',
    ].join('\n'),
  );
}

export interface StoreOptions {
  /** Where the start's one line about the sweep goes (default console.log). */
  log?: (line: string) => void;
}

/** One mutation (or, with no change, one commit) waiting for its turn. */
interface Queued {
  change: ((db: Db) => unknown) | null;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

export class Store {
  /** json-server's lowdb instance (in-memory adapter); the file is written by `commit`. */
  readonly router: jsonServer.JsonServerRouter<Db>;
  readonly dataFile: string;
  readonly uploadsDir: string;
  /** What waits for the next file write, in order. */
  private queued: Queued[] = [];
  private draining = false;
  /** The text the data file holds (as this process last wrote or read it). */
  private committed: string;

  private constructor(
    readonly dataDir: string,
    state: Db,
    /** Each emulator's live state, by name: serialized as it is at each commit. */
    private readonly emulators: Record<string, unknown>,
  ) {
    this.dataFile = path.join(dataDir, DATA_FILE_NAME);
    this.uploadsDir = path.join(dataDir, UPLOADS_DIR_NAME);
    this.router = jsonServer.router<Db>(state);
    this.committed = this.serialize(state);
  }

  /**
   * Opens the data file in `dataDir`, creating it from the seed when it does not exist, and sweeps
   * what a killed process left in the folder (./sweep.ts) before anything is served. A damaged
   * file (./dataShape.ts) is refused before anything in the folder is touched: the sweep would
   * delete every upload it no longer names, and the first write would replace what it still holds.
   */
  static async open(
    dataDir: string,
    seedFile = SEED_FILE,
    options: StoreOptions = {},
  ): Promise<Store> {
    const dataFile = path.join(dataDir, DATA_FILE_NAME);
    let text: string;
    try {
      text = await fs.readFile(dataFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await resetData(dataDir, seedFile);
      text = await fs.readFile(dataFile, 'utf8');
    }
    const saved = parseDataFile(text, dataFile);
    await makePrivateFolder(dataDir);
    await takeBackAccess(dataFile, PRIVATE_FILE_MODE);
    const uploadsDir = path.join(dataDir, UPLOADS_DIR_NAME);
    await fs.mkdir(uploadsDir, { recursive: true });
    const swept = sweepSummary(await sweepDataFolder(dataDir, uploadsDir, saved), dataDir);
    if (swept) (options.log ?? console.log)(swept);
    const { [EMULATORS_KEY]: emulators, ...state } = saved;
    return new Store(dataDir, state, { ...emulators });
  }

  get db(): Db {
    return this.router.db.getState();
  }

  /** What the data file held for the emulator `name` when it was opened (undefined: nothing). */
  savedEmulatorState(name: string): unknown {
    return this.emulators[name];
  }

  /**
   * Keeps the emulator `name`'s live state (plain JSON data, changed in place) in the data file:
   * every commit from now on writes it as it is then. The emulator calls `commit` after a change.
   */
  keepEmulatorState(name: string, state: object): void {
    this.emulators[name] = state;
  }

  /**
   * Applies a synchronous change, all or nothing: it runs on a copy of the data, which replaces
   * the data only once a file holding it has replaced the data file. A change that throws, or
   * whose file write fails, leaves the data (in memory and on disk) as it was, and its error goes
   * on. Changes run one after another, each on the data the previous ones left; so the data is
   * never changed but through this, and a change must not keep the `db` it is given.
   */
  mutate<T>(change: (db: Db) => T): Promise<T> {
    return this.enqueue(change) as Promise<T>;
  }

  /**
   * Resolves once the data file holds everything changed so far: the data (see `mutate`) and the
   * emulators' state (changed in place by the emulators, who call this before they answer).
   * Group commit: what is queued while a write is under way shares the next write.
   */
  async commit(): Promise<void> {
    await this.enqueue(null);
  }

  private enqueue(change: Queued['change']): Promise<unknown> {
    const done = new Promise((resolve, reject) => this.queued.push({ change, resolve, reject }));
    if (!this.draining) {
      this.draining = true;
      void this.drain();
    }
    return done;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0) await this.apply(this.queued.splice(0));
    } finally {
      this.draining = false;
    }
  }

  /** Applies a batch's changes, each on its own copy, then writes them all at once; never throws. */
  private async apply(batch: Queued[]): Promise<void> {
    let next = this.db;
    const applied: { entry: Queued; result: unknown }[] = [];
    for (const entry of batch) {
      if (!entry.change) {
        applied.push({ entry, result: undefined });
        continue;
      }
      // A copy per change: one that throws half-way takes its half with it, and only it fails.
      const draft = structuredClone(next);
      try {
        const result = entry.change(draft);
        next = draft;
        applied.push({ entry, result });
      } catch (error) {
        entry.reject(error);
      }
    }
    try {
      await this.write(next);
    } catch (error) {
      for (const { entry } of applied) entry.reject(error);
      return;
    }
    if (next !== this.db) this.router.db.setState(next);
    for (const { entry, result } of applied) entry.resolve(result);
  }

  /** Replaces the data file, unless it already holds this very text (a change that changed nothing). */
  private async write(state: Db): Promise<void> {
    const text = this.serialize(state);
    if (text === this.committed) return;
    await writeFileAtomic(this.dataFile, text);
    this.committed = text;
  }

  /**
   * The data as readable JSON, then the emulators' state on one line (it is large and for no one
   * to read) under EMULATORS_KEY.
   */
  private serialize(state: Db): string {
    const data = JSON.stringify(state, null, 2);
    if (Object.keys(this.emulators).length === 0 || !data.endsWith('\n}')) return data;
    const emulators = JSON.stringify(this.emulators);
    return `${data.slice(0, -2)},\n  ${JSON.stringify(EMULATORS_KEY)}: ${emulators}\n}`;
  }

  /** Resolves when nothing is left to write (a failed write included). */
  async flush(): Promise<void> {
    await this.commit().catch(() => undefined);
  }
}
