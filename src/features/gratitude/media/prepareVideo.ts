// A guest's video as it is sent: without where it was made (the contract's rule,
// src/api/contract/videoLocation.ts, which the API applies again). Read once as an ArrayBuffer and
// rewritten in place; the copy sent keeps of that read only the ranges the rule rewrote, the rest
// is the picked file's own bytes (slices of it): a 50 MB video is never held twice in memory,
// and plays as it did.
import { stripVideoLocation, type VideoLocationRange } from '@/api/contract/videoLocation';

/**
 * The parts of the video to send: `rewritten`'s bytes where the rule changed them (`removed`,
 * copied out, so the whole read can go), and slices of `picked` everywhere else (a slice refers
 * to the file, it copies nothing). Overlapping or touching ranges are taken as one.
 */
export function sendableParts(
  picked: Blob,
  rewritten: Uint8Array,
  removed: readonly VideoLocationRange[],
): BlobPart[] {
  const parts: BlobPart[] = [];
  let at = 0;
  const spans = [...removed].sort((a, b) => a.offset - b.offset);
  for (let i = 0; i < spans.length;) {
    const start = spans[i]!.offset;
    let end = start + spans[i]!.size;
    for (i += 1; i < spans.length && spans[i]!.offset <= end; i += 1) {
      end = Math.max(end, spans[i]!.offset + spans[i]!.size);
    }
    if (start > at) parts.push(picked.slice(at, start));
    parts.push(rewritten.slice(start, end));
    at = end;
  }
  if (at < picked.size) parts.push(picked.slice(at));
  return parts;
}

/**
 * The video to send in place of `file`: the same name, type and length, its location boxes
 * neutralised; `file` itself when it says nothing of where. Rejects when the file can't be read,
 * and with the rule's VideoRefusedError (its message is for the guest) for a video the rule can't
 * vouch for: too many boxes, nested too deep, a GPS or sensor track it can't read.
 *
 * The rule reads the whole file, and the browser's player then reads the copy sent (its duration
 * and poster, readVideo): the two need different readers (box headers, a decoder), so that stays.
 */
export async function prepareVideo(file: File): Promise<File> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { removed } = stripVideoLocation(bytes);
  if (removed.length === 0) return file;
  return new File(sendableParts(file, bytes, removed), file.name, {
    type: file.type,
    lastModified: file.lastModified,
  });
}
