// Store.mutate is all or nothing (a throw or a failed write leaves memory and disk as they were);
// changes under way together all land, each on the data the ones before it left.
import { promises as fs } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from './atomicFile';
import { DATA_FILE_NAME, Store } from './store';
import type { GuestRecord } from './types';

// A module's exports are getters under SWC, which jest.spyOn cannot replace: the data file's
// writer is a jest.fn() that writes as the real one does until a test says otherwise.
jest.mock('./atomicFile', () => ({
  ...jest.requireActual<object>('./atomicFile'),
  writeFileAtomic: jest.fn(),
}));
const realWrite = jest.requireActual<typeof import('./atomicFile')>('./atomicFile').writeFileAtomic;
const write = jest.mocked(writeFileAtomic);
const writeForReal = () => write.mockReset().mockImplementation(realWrite);

let dataDir: string;
let store: Store;

beforeEach(async () => {
  writeForReal();
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-store-tx-'));
  store = await Store.open(dataDir, undefined, { log: () => undefined });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

const guest = (userId: string): GuestRecord => ({
  userId,
  fullName: 'A B',
  email: `${userId}@example.com`,
  createdAt: '',
});

const onDisk = () => readFile(path.join(dataDir, DATA_FILE_NAME), 'utf8');
const guestIds = () => store.db.guests.map((g) => g.userId);

/** Every write fails as a full disk would, until writeForReal(). */
function diskFull() {
  write.mockRejectedValue(
    Object.assign(new Error('ENOSPC: no space left on device (injected)'), { code: 'ENOSPC' }),
  );
}

it('a change that throws half-way leaves nothing of itself, and the next write does not save it', async () => {
  const before = await onDisk();
  const failing = store.mutate((db) => {
    db.guests.push(guest('half'));
    db.profileClicks.push({
      id: 'c',
      userProfileId: 'ava-martinez',
      profileClickBy: 'x',
      guestName: 'x',
      createdAt: '',
    });
    throw new Error('half-way');
  });
  await expect(failing).rejects.toThrow('half-way');
  expect(guestIds()).toEqual([]);
  expect(store.db.profileClicks).toEqual([]);
  expect(await onDisk()).toBe(before);

  await store.mutate((db) => db.guests.push(guest('next')));
  expect(guestIds()).toEqual(['next']);
  expect(await onDisk()).not.toContain('half');
});

it('a change whose write fails is not kept in memory, and the next write does not save it', async () => {
  const before = await onDisk();
  diskFull();
  await expect(store.mutate((db) => db.guests.push(guest('lost')))).rejects.toThrow('ENOSPC');
  expect(guestIds()).toEqual([]);
  expect(await onDisk()).toBe(before);
  // The store keeps working once the disk has room again.
  writeForReal();
  await store.mutate((db) => db.guests.push(guest('kept')));
  expect(guestIds()).toEqual(['kept']);
  const saved = await onDisk();
  expect(saved).toContain('kept');
  expect(saved).not.toContain('lost');
});

it('a write that fails leaves no temp file beside the data file', async () => {
  // The real writer, its temp file written but not flushed to the disk (an I/O error).
  const open = fs.open.bind(fs);
  jest.spyOn(fs, 'open').mockImplementationOnce(async (...args: Parameters<typeof fs.open>) => {
    const handle = await open(...args);
    handle.sync = () => Promise.reject(new Error('EIO (injected)'));
    return handle;
  });
  await expect(store.mutate((db) => db.guests.push(guest('x')))).rejects.toThrow('EIO');
  expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
});

it('the changes of one shared write fail together when it fails; one that throws fails alone', async () => {
  diskFull();
  const outcomes = await Promise.allSettled([
    store.mutate((db) => db.guests.push(guest('a'))),
    store.mutate(() => {
      throw new Error('its own');
    }),
    store.mutate((db) => db.guests.push(guest('b'))),
  ]);
  expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(guestIds()).toEqual([]);
  writeForReal();

  const next = await Promise.allSettled([
    store.mutate((db) => db.guests.push(guest('c'))),
    store.mutate((db) => {
      db.guests.push(guest('thrown'));
      throw new Error('its own');
    }),
    store.mutate((db) => db.guests.push(guest('d'))),
  ]);
  expect(next.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(guestIds()).toEqual(['c', 'd']);
  expect(await onDisk()).not.toContain('thrown');
});

it('keeps every one of many concurrent changes, each seeing the ones before it', async () => {
  const counts = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      store.mutate((db) => {
        db.guests.push(guest(`g${i}`));
        return db.guests.length;
      }),
    ),
  );
  expect(new Set(counts).size).toBe(50);
  expect(guestIds()).toHaveLength(50);
  const reopened = await Store.open(dataDir, undefined, { log: () => undefined });
  expect(reopened.db.guests).toHaveLength(50);
});

it('a change becomes visible only once it is on disk', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  write.mockImplementation(async (target, contents) => {
    await held;
    await realWrite(target, contents);
  });
  const writing = store.mutate((db) => db.guests.push(guest('slow')));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(guestIds()).toEqual([]);
  release();
  await writing;
  expect(guestIds()).toEqual(['slow']);
});
