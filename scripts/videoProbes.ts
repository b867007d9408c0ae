// What a stranger reads of a published video, for tests: its box layout (is it still whole, is
// every box where it was) and what exiftool finds in it, every track's samples included.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { boxes } from '../src/api/contract/videoLocation';

const execFileAsync = promisify(execFile);

/** Boxes whose children the layout lists (the ones a location rule may rename below). */
const LAYOUT_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'dinf', 'edts', 'udta']);

/**
 * The file's box structure: every box's place and size down through the containers, which are
 * named (a leaf's type may change to `free` and still be where it was). Null when the boxes don't
 * tile the file exactly: a box runs past its parent, or bytes are left over.
 */
export function boxLayout(bytes: Uint8Array): string[] | null {
  const layout: string[] = [];
  const walk = (start: number, end: number, depth: number): boolean => {
    let at = start;
    for (const found of boxes(bytes, start, end)) {
      if (found.clamped) return false;
      const container = LAYOUT_CONTAINERS.has(found.type);
      layout.push(
        `${depth}:${container ? found.type : ''}@${found.offset}+${found.end - found.offset}`,
      );
      if (container && !walk(found.start, found.end, depth + 1)) return false;
      at = found.end;
    }
    return at === end;
  };
  return walk(0, bytes.length, 0) ? layout : null;
}

/**
 * What exiftool reads of a video with every track's samples (-ee) and XMP wherever it lies
 * (-scanForXMP), numbers as numbers, tags named by group (`Track2:GPSLatitude`).
 */
export async function exiftoolTags(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'grati-exiftool-'));
  const file = path.join(dir, 'video.mp4');
  try {
    await writeFile(file, bytes);
    const args = ['-j', '-ee', '-scanForXMP', '-a', '-G1', '-n', file];
    const { stdout } = await execFileAsync('exiftool', args, { maxBuffer: 64 * 1024 * 1024 });
    return (JSON.parse(stdout) as Record<string, unknown>[])[0] ?? {};
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The tags of `exiftoolTags` that say where (`Track2:GPSLatitude=37.3349`). */
export const locationTags = (tags: Record<string, unknown>) =>
  Object.entries(tags)
    .filter(([name]) => /GPS|Location|ISO6709/i.test(name))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`);
