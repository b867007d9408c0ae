// The emulator's secret key, one per data folder: made at the first start (random), kept in the
// folder (readable by its owner only) and read back on later starts. A documented constant would
// let anyone who reaches a shared demo list, cancel and refund every guest's payment; this key is
// known only to the mock API's own SDK client and to whoever can read the data folder, who can
// read every payment there anyway.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Where in the data folder the key is kept. */
export const EMULATOR_SECRET_KEY_FILE = 'stripe-emulator-secret-key';

const PREFIX = 'sk_test_emu_';
const KEY_SHAPE = /^sk_test_emu_[A-Za-z0-9]{32,}$/;

/** A fresh key: `sk_test_emu_` and 48 random hex digits (192 bits). */
export function newEmulatorSecretKey(): string {
  return `${PREFIX}${randomBytes(24).toString('hex')}`;
}

/** A key this emulator makes (so never a documented constant such as `sk_test_emulator`). */
export function isEmulatorSecretKey(value: unknown): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}

function parseKeyFile(text: string, file: string): string {
  const key = text.trim();
  if (!isEmulatorSecretKey(key)) {
    throw new Error(
      `${file} does not hold a Stripe emulator secret key (sk_test_emu_...); delete it to have a new one made.`,
    );
  }
  return key;
}

/**
 * The data folder's key (for tests and tools that run beside a server on that folder, such as
 * the browser tests with E2E_DATA_DIR). Throws when the server has not made one yet.
 */
export function readEmulatorSecretKey(dataDir: string): string {
  const file = path.join(dataDir, EMULATOR_SECRET_KEY_FILE);
  return parseKeyFile(readFileSync(file, 'utf8'), file);
}

/**
 * The data folder's key, made on the first call for that folder. Two servers starting at once on
 * one folder agree on one key: the new key is written to a file of its own, then linked into
 * place, which fails when another got there first (whose key is then read).
 */
export async function emulatorSecretKeyOf(dataDir: string): Promise<string> {
  const file = path.join(dataDir, EMULATOR_SECRET_KEY_FILE);
  await fs.mkdir(dataDir, { recursive: true });
  try {
    return await readKept(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = newEmulatorSecretKey();
  // Named as the atomic writes name theirs, so a start after a crash sweeps one left behind.
  const tmp = path.join(
    dataDir,
    `.${EMULATOR_SECRET_KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`,
  );
  await fs.writeFile(tmp, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(tmp, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKept(file);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** Reads the kept key, first taking back any access a copy or umask gave others. */
async function readKept(file: string): Promise<string> {
  const { mode } = await fs.stat(file);
  if ((mode & 0o077) !== 0) await fs.chmod(file, 0o600);
  return parseKeyFile(await fs.readFile(file, 'utf8'), file);
}
