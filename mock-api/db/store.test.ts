// The data folder as the store keeps it: emulator state committed with the data, no-op commits,
// the start's sweep, damaged files refused untouched, owner-only modes.
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_FILE_NAME, EMULATORS_KEY, Store, UPLOADS_DIR_NAME, resetData } from './store';
import { emptyStripeState, restoreStripeState } from '../emulators/stripe/state';
import { parametersDigest } from '../emulators/stripe/storeKeys';
import { paymentRecord } from './testRecords';

let dataDir: string;
const lines: string[] = [];
const open = () => Store.open(dataDir, undefined, { log: (line) => lines.push(line) });

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-store-'));
  lines.length = 0;
});

afterEach(() => rm(dataDir, { recursive: true, force: true }));

const file = (...parts: string[]) => path.join(dataDir, ...parts);
const modeOf = async (...parts: string[]) => (await stat(file(...parts))).mode & 0o777;
const addGuest = (store: Store, userId: string) =>
  store.mutate((db) => db.guests.push({ userId, fullName: 'A B', email: 'a@b.co', createdAt: '' }));

const galleryItem = (media: string, mimeType: string) =>
  ({ id: 'g', userId: 'u', media, mimeType, createdAt: '' }) as const;
/** The Stripe state of a server that took the payment pi_1. */
function stripeWithIntent() {
  const stripe = emptyStripeState();
  stripe.paymentIntents.pi_1 = { id: 'pi_1' } as never;
  return stripe;
}

async function dataFile() {
  return {
    mtimeMs: (await stat(file(DATA_FILE_NAME))).mtimeMs,
    bytes: await readFile(file(DATA_FILE_NAME)),
  };
}

describe("the emulators' state", () => {
  it('is committed with the data in one file and found again on reopen', async () => {
    const store = await open();
    expect(store.savedEmulatorState('stripe')).toBeUndefined();
    const state = emptyStripeState();
    store.keepEmulatorState('stripe', state);
    // Changed in place (as the emulator does), with a data change, then one commit.
    state.refunds.re_1 = {
      id: 're_1',
      object: 'refund',
      amount: 1595,
      charge: 'ch_1',
      created: 1,
      currency: 'usd',
      payment_intent: 'pi_1',
      status: 'succeeded',
    };
    await addGuest(store, 'g1');

    const text = await readFile(file(DATA_FILE_NAME), 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      guests: [{ userId: 'g1' }],
      [EMULATORS_KEY]: { stripe: { refunds: { re_1: { amount: 1595 } } } },
    });
    // No temp file of the commit is left beside it.
    expect(await readdir(dataDir)).toEqual(expect.arrayContaining([DATA_FILE_NAME]));
    expect((await readdir(dataDir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const reopened = await open();
    expect(restoreStripeState(reopened.savedEmulatorState('stripe'))).toEqual(state);
    expect(reopened.db.guests).toEqual([expect.objectContaining({ userId: 'g1' })]);
    // Not one of the data's collections: json-server's router (the data view) never has it.
    expect(Object.keys(reopened.db)).not.toContain(EMULATORS_KEY);
    expect(Object.keys(reopened.router.db.getState())).not.toContain(EMULATORS_KEY);
  });

  it('is kept when a store that never attached it commits', async () => {
    const first = await open();
    const saved = emptyStripeState();
    const fingerprint = parametersDigest('{}');
    saved.idempotency.k = { scope: 'POST /v1/x', fingerprint, status: 200, body: {} };
    first.keepEmulatorState('stripe', saved);
    await first.commit();
    // A store opened by a script that runs no emulator changes the data only.
    const second = await open();
    await addGuest(second, 'g2');
    const third = await open();
    expect(restoreStripeState(third.savedEmulatorState('stripe'))).toEqual(saved);
    expect(third.db.guests).toHaveLength(1);
  });

  it('starts a part an older saved state lacks empty', () => {
    expect(restoreStripeState({ charges: {} })).toEqual(emptyStripeState());
  });
});

it('a commit that changes nothing leaves the data file as it was (same bytes, same mtime)', async () => {
  const store = await open();
  store.keepEmulatorState('stripe', emptyStripeState());
  await store.commit();
  const before = await dataFile();
  await store.mutate(() => undefined);
  await store.commit();
  await store.mutate((db) => db.guests.length);
  expect(await dataFile()).toEqual(before);
  // A real change is written.
  await addGuest(store, 'g3');
  expect((await dataFile()).bytes.equals(before.bytes)).toBe(false);
});

describe('the sweep at start', () => {
  it('removes temp files and uploads no record names, keeps every named upload, and says so', async () => {
    const first = await open();
    const named = ['feed.jpg', 'poster.jpg', 'gallery.mp4', 'pending.jpg'];
    // A review waiting for its payment comes with its intent's Stripe state, as a server saves it.
    first.keepEmulatorState('stripe', stripeWithIntent());
    await first.mutate((db) => {
      db.feed.push({
        ...db.feed[0]!,
        id: 'swept-feed',
        media: [
          {
            imgUrl: 'uploads/feed.jpg',
            mimeType: 'image/jpeg',
            thumbnailUrl: 'uploads/poster.jpg',
          },
        ],
      });
      db.gallery.push(galleryItem('uploads/gallery.mp4', 'video/mp4'));
      db.pendingGratitudes = [
        {
          intentId: 'pi_1',
          record: {
            ...db.feed[0]!,
            id: 'pending',
            media: [{ imgUrl: 'uploads/pending.jpg', mimeType: 'image/jpeg' }],
          },
        },
      ];
    });
    const uploads = file(UPLOADS_DIR_NAME);
    await mkdir(uploads, { recursive: true });
    for (const name of named) await writeFile(path.join(uploads, name), 'kept');
    // What a SIGKILL can leave: temp files of a commit, an upload, a stripping; uncommitted uploads.
    const left = [
      file(`.${DATA_FILE_NAME}.0123456789ab.tmp`),
      path.join(uploads, '.upload-1b4e28ba-2fa1-11d2-883f-0016d3cca427'),
      path.join(uploads, '.stripped-0b8c1d5e.jpg'),
      path.join(uploads, 'orphan.jpg'),
      path.join(uploads, 'orphan.mp4'),
    ];
    for (const leftover of left) await writeFile(leftover, 'left');

    await open();
    expect((await readdir(uploads)).sort()).toEqual([...named].sort());
    expect((await readdir(dataDir)).sort()).toEqual([DATA_FILE_NAME, UPLOADS_DIR_NAME].sort());
    expect(lines).toEqual([
      `[mock-api] swept 3 temp file(s) and 2 orphan upload(s) from ${dataDir}`,
    ]);
  });

  it('says nothing when there is nothing to sweep', async () => {
    await open();
    await open();
    expect(lines).toEqual([]);
  });
});

describe('a damaged data file', () => {
  /** A folder as a server that took a payment leaves it: payments, their Stripe state, uploads. */
  async function paidFolder(): Promise<Record<string, unknown>> {
    const store = await open();
    store.keepEmulatorState('stripe', stripeWithIntent());
    await store.mutate((db) => {
      db.payments = [{ ...paymentRecord('pi_1'), id: 'p1' }];
      db.gallery.push(galleryItem('uploads/kept.jpg', 'image/jpeg'));
    });
    await mkdir(file(UPLOADS_DIR_NAME), { recursive: true });
    await writeFile(file(UPLOADS_DIR_NAME, 'kept.jpg'), 'kept');
    return JSON.parse(await readFile(file(DATA_FILE_NAME), 'utf8')) as Record<string, unknown>;
  }

  /** Everything in the folder, names and bytes. */
  async function folder(): Promise<Record<string, string>> {
    const seen: Record<string, string> = {};
    for (const name of await readdir(dataDir, { recursive: true })) {
      if ((await stat(file(name))).isFile()) seen[name] = (await readFile(file(name))).toString();
    }
    return seen;
  }

  const withoutEmulators = (saved: Record<string, unknown>) => {
    const { [EMULATORS_KEY]: _gone, ...rest } = saved;
    return JSON.stringify(rest);
  };

  it.each([
    [
      '__emulators missing while payments exist',
      withoutEmulators,
      '__emulators is missing, but the file holds 1 payment: their Stripe state would be lost',
    ],
    [
      'a truncated file',
      (saved: Record<string, unknown>) => JSON.stringify(saved, null, 2).slice(0, 2000),
      'it is not valid JSON',
    ],
  ])(
    'is refused with %s: the error says what and how to reset, nothing is touched',
    async (_name, damage, problem) => {
      const saved = await paidFolder();
      await writeFile(file(DATA_FILE_NAME), damage(saved));
      // An orphan upload the sweep would delete, and a temp file it would remove, from an open.
      await writeFile(file(UPLOADS_DIR_NAME, 'orphan.jpg'), 'orphan');
      await writeFile(file(`.${DATA_FILE_NAME}.0123456789ab.tmp`), 'left');
      await chmod(file(DATA_FILE_NAME), 0o644);
      const before = await folder();
      const { mtimeMs } = await stat(file(DATA_FILE_NAME));

      const refused = open();
      await expect(refused).rejects.toThrow(problem);
      await expect(refused).rejects.toThrow(file(DATA_FILE_NAME));
      await expect(refused).rejects.toThrow(/npm run mock-api:reset.*replac.*move the file aside/s);
      expect(await folder()).toEqual(before);
      expect((await stat(file(DATA_FILE_NAME))).mtimeMs).toBe(mtimeMs);
      // Not even its mode: a refused file is left exactly as it was found.
      expect(await modeOf(DATA_FILE_NAME)).toBe(0o644);
      expect(lines).toEqual([]);
    },
  );

  it('opens again once reset', async () => {
    await writeFile(file(DATA_FILE_NAME), '{"users": ');
    await expect(open()).rejects.toThrow('not valid JSON');
    await resetData(dataDir);
    expect((await open()).db.users.length).toBeGreaterThan(0);
  });

  it('is not an old file without the optional collections, which opens', async () => {
    const store = await open();
    const { users, feed, gallery, guests, profileClicks, demoProfiles } = store.db;
    const old = { users, feed, gallery, guests, profileClicks, demoProfiles };
    await writeFile(file(DATA_FILE_NAME), JSON.stringify(old));
    const reopened = await open();
    expect(reopened.db.users).toEqual(users);
    expect(reopened.savedEmulatorState('stripe')).toBeUndefined();
  });
});

describe('the data folder and file', () => {
  it('are made for their owner only (0700, 0600), with the uploads inside', async () => {
    await Store.open(file('made'), undefined, { log: () => undefined });
    expect(await modeOf('made')).toBe(0o700);
    expect(await modeOf('made', DATA_FILE_NAME)).toBe(0o600);
    expect((await stat(file('made', UPLOADS_DIR_NAME))).isDirectory()).toBe(true);
  });

  it('stay so after every commit and after a reset', async () => {
    const store = await open();
    await addGuest(store, 'g4');
    expect(await modeOf(DATA_FILE_NAME)).toBe(0o600);
    await chmod(dataDir, 0o755);
    await resetData(dataDir);
    expect(await modeOf()).toBe(0o700);
    expect(await modeOf(DATA_FILE_NAME)).toBe(0o600);
  });

  it('are taken back from others when an existing folder and file let them read (0755, 0644)', async () => {
    await open();
    await chmod(dataDir, 0o755);
    await chmod(file(DATA_FILE_NAME), 0o644);
    const bytes = await readFile(file(DATA_FILE_NAME));
    await open();
    expect(await modeOf()).toBe(0o700);
    expect(await modeOf(DATA_FILE_NAME)).toBe(0o600);
    expect((await readFile(file(DATA_FILE_NAME))).equals(bytes)).toBe(true);
  });
});
