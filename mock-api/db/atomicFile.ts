// Crash-safe file replacement: write a temp file, fsync it, rename it over the target, fsync the
// folder. A reader (or a restart after SIGKILL) sees either the old file or the new one, whole.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PRIVATE_FILE_MODE } from './permissions';

/**
 * A temp file writeFileAtomic leaves only when the process dies mid-write (`.<name>.<hex>.tmp`
 * beside its target): the data folder's sweep at start (./sweep.ts) removes them.
 */
export const ATOMIC_TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * Replaces `target` with `contents`, as a file only its owner can read (0600): the one file
 * written this way is the data file, with guests' emails and payments' client secrets.
 */
export async function writeFileAtomic(target: string, contents: string | Buffer): Promise<void> {
  const dir = path.dirname(target);
  const tmp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, 'w', PRIVATE_FILE_MODE);
  try {
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, target);
  } catch (error) {
    // A write that failed (a full disk) leaves the folder as it found it.
    await fs.rm(tmp, { force: true });
    throw error;
  }
  await syncDir(dir);
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
