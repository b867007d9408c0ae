// The emulator's secret key per data folder: made once, kept for its owner only, read back.
import { mkdtemp, readdir, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isEmulatorSecretKey, newEmulatorSecretKey } from '../emulators/stripe/keys';
import { EMULATOR_SECRET_KEY_FILE, emulatorSecretKeyOf, readEmulatorSecretKey } from './keyFiles';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'grati-keys-'));
});

afterEach(() => rm(dataDir, { recursive: true, force: true }));

const keyFile = () => path.join(dataDir, EMULATOR_SECRET_KEY_FILE);

it('makes a random key at the first start, readable by its owner only, and keeps it', async () => {
  const first = await emulatorSecretKeyOf(dataDir);
  expect(isEmulatorSecretKey(first)).toBe(true);
  expect((await stat(keyFile())).mode & 0o777).toBe(0o600);
  expect(await emulatorSecretKeyOf(dataDir)).toBe(first);
  expect(readEmulatorSecretKey(dataDir)).toBe(first);
  // Another folder, another key.
  const other = await mkdtemp(path.join(tmpdir(), 'grati-keys-'));
  try {
    expect(await emulatorSecretKeyOf(other)).not.toBe(first);
  } finally {
    await rm(other, { recursive: true, force: true });
  }
  // Nothing else is left in the folder (no temp file).
  expect(await readdir(dataDir)).toEqual([EMULATOR_SECRET_KEY_FILE]);
});

it('gives servers starting at once on one folder the same key', async () => {
  const keys = await Promise.all(Array.from({ length: 8 }, () => emulatorSecretKeyOf(dataDir)));
  expect(new Set(keys).size).toBe(1);
  expect(await readdir(dataDir)).toEqual([EMULATOR_SECRET_KEY_FILE]);
});

it('takes back access others were given to the kept key', async () => {
  const key = await emulatorSecretKeyOf(dataDir);
  await chmod(keyFile(), 0o644);
  expect(await emulatorSecretKeyOf(dataDir)).toBe(key);
  expect((await stat(keyFile())).mode & 0o777).toBe(0o600);
});

it('refuses a kept file that holds no emulator key, such as the documented constant', async () => {
  await writeFile(keyFile(), 'sk_test_emulator\n', { mode: 0o600 });
  await expect(emulatorSecretKeyOf(dataDir)).rejects.toThrow(/delete it to have a new one made/);
  expect(() => readEmulatorSecretKey(dataDir)).toThrow(/does not hold/);
});

it('tells its keys from others', () => {
  expect(isEmulatorSecretKey(newEmulatorSecretKey())).toBe(true);
  expect(newEmulatorSecretKey()).not.toBe(newEmulatorSecretKey());
  for (const other of ['sk_test_emulator', 'sk_live_emu_0123456789abcdef0123456789abcdef', 42]) {
    expect(isEmulatorSecretKey(other)).toBe(false);
  }
});
