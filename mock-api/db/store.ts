// The mock API's data: json-server's lowdb holds it in memory; every change is committed to the
// data file atomically before the request that made it is answered.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import jsonServer from 'json-server';
import type { Db, Seed } from './types';
import { writeFileAtomic } from './atomicFile';

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
  await fs.mkdir(dataDir, { recursive: true });
  await fs.rm(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true, force: true });
  await fs.mkdir(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true });
  await writeFileAtomic(
    path.join(dataDir, DATA_FILE_NAME),
    JSON.stringify(dbFromSeed(await readSeed(seedFile)), null, 2),
  );
}

export class Store {
  /** json-server's lowdb instance (in-memory adapter); the file is written by `commit`. */
  readonly router: jsonServer.JsonServerRouter<Db>;
  readonly dataFile: string;
  readonly uploadsDir: string;
  private writing: Promise<void> | null = null;
  private pending: Promise<void> | null = null;

  private constructor(
    readonly dataDir: string,
    state: Db,
  ) {
    this.dataFile = path.join(dataDir, DATA_FILE_NAME);
    this.uploadsDir = path.join(dataDir, UPLOADS_DIR_NAME);
    this.router = jsonServer.router<Db>(state);
  }

  /** Opens the data file in `dataDir`, creating it from the seed when it does not exist. */
  static async open(dataDir: string, seedFile = SEED_FILE): Promise<Store> {
    const dataFile = path.join(dataDir, DATA_FILE_NAME);
    let text: string;
    try {
      text = await fs.readFile(dataFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await resetData(dataDir, seedFile);
      text = await fs.readFile(dataFile, 'utf8');
    }
    let state: Db;
    try {
      state = JSON.parse(text) as Db;
    } catch {
      throw new Error(`${dataFile} is not valid JSON; run "npm run mock-api:reset" to restore it.`);
    }
    await fs.mkdir(path.join(dataDir, UPLOADS_DIR_NAME), { recursive: true });
    return new Store(dataDir, state);
  }

  get db(): Db {
    return this.router.db.getState();
  }

  /**
   * Applies a synchronous change (validate before calling: the change must not throw halfway)
   * and resolves once a file holding it has replaced the data file.
   */
  async mutate<T>(change: (db: Db) => T): Promise<T> {
    const result = change(this.db);
    await this.commit();
    return result;
  }

  /**
   * Group commit: concurrent changes share one file write. A change made while a write is under
   * way waits for the next write, which starts when the current one ends.
   */
  private commit(): Promise<void> {
    if (this.pending) return this.pending;
    if (!this.writing) {
      this.writing = this.write().finally(() => (this.writing = null));
      return this.writing;
    }
    this.pending = this.writing
      .catch(() => undefined)
      .then(() => {
        this.pending = null;
        return this.commit();
      });
    return this.pending;
  }

  private write(): Promise<void> {
    return writeFileAtomic(this.dataFile, JSON.stringify(this.db, null, 2));
  }

  /** Resolves when nothing is left to write. */
  async flush(): Promise<void> {
    while (this.writing || this.pending) await (this.pending ?? this.writing);
  }
}
