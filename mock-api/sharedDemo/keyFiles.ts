// The shared demo's key files at rest, in the data folder and readable by its owner only: the
// operator secret (a new one at each start, ./operator.ts) and the Stripe emulator's secret key
// (one per data folder: made at the first start, read back on later starts). Whoever can read the
// folder can read every payment there anyway; tools beside the server (the browser tests, with
// E2E_DATA_DIR) read them there. Neither is ever written into the data file (db.json).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { isEmulatorSecretKey, newEmulatorSecretKey } from '../emulators/stripe/keys';

/** Where in the data folder the running server's operator secret is kept. */
export const OPERATOR_SECRET_FILE = 'operator-secret';
/** Where in the data folder the Stripe emulator's key is kept. */
export const EMULATOR_SECRET_KEY_FILE = 'stripe-emulator-secret-key';

/** A fresh operator secret: `op_` and 48 random hex digits (192 bits). */
export function newOperatorSecret(): string {
  return `op_${randomBytes(24).toString('hex')}`;
}

/** Writes this start's operator secret into the data folder, readable by its owner only. */
export async function saveOperatorSecret(dataDir: string, secret: string): Promise<void> {
  const file = path.join(dataDir, OPERATOR_SECRET_FILE);
  // Removed first: a file left by an earlier start may carry looser permissions.
  await fs.rm(file, { force: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
}

/** The operator secret of the server running on this data folder (for tools beside it). */
export function readOperatorSecret(dataDir: string): string {
  return readFileSync(path.join(dataDir, OPERATOR_SECRET_FILE), 'utf8').trim();
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
 * The data folder's Stripe emulator key (for tests and tools that run beside a server on that folder, such as
 * the browser tests with E2E_DATA_DIR). Throws when the server has not made one yet.
 */
export function readEmulatorSecretKey(dataDir: string): string {
  const file = path.join(dataDir, EMULATOR_SECRET_KEY_FILE);
  return parseKeyFile(readFileSync(file, 'utf8'), file);
}

/**
 * The data folder's Stripe emulator key, made on the first call for that folder. Two servers starting at once on
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
