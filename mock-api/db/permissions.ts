// The data folder is its owner's only: db.json holds guests' full emails and the payments'
// client secrets, beside the two secret files (the operator's, the Stripe emulator's key).
import { promises as fs } from 'node:fs';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Makes `dir` (and any missing parent) 0700, and takes back what others had of an existing one. */
export async function makePrivateFolder(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await takeBackAccess(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Sets `target` to `mode` when its group or others have any access: a copy, an umask or an
 * older version of the mock API may have made it 0755 or 0644 (as sharedDemo/keyFiles.ts does for the emulator's key).
 */
export async function takeBackAccess(target: string, mode: number): Promise<void> {
  const { mode: current } = await fs.stat(target);
  if ((current & 0o077) !== 0) await fs.chmod(target, mode);
}
