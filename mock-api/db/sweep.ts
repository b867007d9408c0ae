// The data folder's sweep at start: what a killed process (SIGKILL, a crash) may leave behind is
// removed before the server answers anything. Every write is made under a temporary name first
// (an atomic file's `.<name>.<hex>.tmp`, an upload being received as `uploads/.upload-<uuid>`, a
// picture being stripped as `uploads/.stripped-<name>`), and a review's media are stored before
// its record is committed; so after a kill there can be temp files, and uploads no record names.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ATOMIC_TEMP_NAME } from './atomicFile';

export interface SweepCounts {
  /** Atomic-write temp files in the data folder, and uploads in progress (dot-names). */
  tempFiles: number;
  /** Stored uploads that no record names. */
  orphanUploads: number;
}

/** A stored media path as records keep it: "uploads/<name>" (also inside a longer URL). */
const UPLOAD_REFERENCE = /(?:^|\/)uploads\/([^/?#\s]+)/g;

/**
 * Deletes the temp files and the orphan uploads. `data` is everything the data file holds: an
 * upload named anywhere in it (the feed, the gallery, a review waiting for its payment, a stored
 * answer) is kept. Call it before the server listens: a request under way could be storing one.
 */
export async function sweepDataFolder(
  dataDir: string,
  uploadsDir: string,
  data: unknown,
): Promise<SweepCounts> {
  const referenced = uploadsNamedIn(data);
  const tempFiles = [
    ...(await filesIn(dataDir)).filter((name) => ATOMIC_TEMP_NAME.test(name)),
    // Final upload names never start with a dot (and static serving never answers dotfiles).
    ...(await filesIn(uploadsDir)).filter((name) => name.startsWith('.')).map(inUploads),
  ];
  const orphans = (await filesIn(uploadsDir))
    .filter((name) => !name.startsWith('.') && !referenced.has(name))
    .map(inUploads);
  await Promise.all(
    [...tempFiles, ...orphans].map((name) => fs.rm(path.join(dataDir, name), { force: true })),
  );
  return { tempFiles: tempFiles.length, orphanUploads: orphans.length };

  function inUploads(name: string): string {
    return path.relative(dataDir, path.join(uploadsDir, name));
  }
}

/** The one line the start logs, or null when there was nothing to sweep. */
export function sweepSummary(counts: SweepCounts, dataDir: string): string | null {
  if (counts.tempFiles === 0 && counts.orphanUploads === 0) return null;
  return `[mock-api] swept ${counts.tempFiles} temp file(s) and ${counts.orphanUploads} orphan upload(s) from ${dataDir}`;
}

/** The regular files directly in `dir` (none if it does not exist). */
async function filesIn(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every upload file name any string in `value` (walked deeply) points to. */
function uploadsNamedIn(value: unknown): Set<string> {
  const names = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      for (const match of item.matchAll(UPLOAD_REFERENCE)) names.add(match[1]!);
    } else if (item !== null && typeof item === 'object') {
      for (const child of Object.values(item)) stack.push(child);
    }
  }
  return names;
}
