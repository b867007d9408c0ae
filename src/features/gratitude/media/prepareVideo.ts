// A guest's video as it is sent: without where it was made (the contract's rule,
// src/api/contract/videoLocation.ts, which the API applies again). Read once as an ArrayBuffer and
// rewritten in place, so a 50 MB video costs one read and one copy, and plays as it did.
import { stripVideoLocation } from '../../../api/contract/videoLocation';

/**
 * The video to send in place of `file`: the same name, type and length, its location boxes
 * neutralised; `file` itself when it says nothing of where. Rejects when the file can't be read,
 * and with the rule's VideoRefusedError (its message is for the guest) for a video the rule can't
 * vouch for: too many boxes, nested too deep, a GPS or sensor track it can't read.
 */
export async function prepareVideo(file: File): Promise<File> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { removed } = stripVideoLocation(bytes);
  if (removed.length === 0) return file;
  return new File([bytes], file.name, { type: file.type, lastModified: file.lastModified });
}
