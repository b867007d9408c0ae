// What a published video may carry of where it was made: nothing. Phones write the place into
// every video (QuickTime user data `©xyz`, 3GPP `loci`, the Keys metadata
// `com.apple.quicktime.location.*`, XMP with exif:GPS*), and action cameras record it as a track
// (./videoTracks.ts). This is the one rule, in the contract because both sides apply it: the
// browser before a guest's video is sent, the API before it publishes one (an API client may not
// have stripped it). Pure: bytes in, the same bytes out.
//
// The location is neutralised IN PLACE, never cut out: a box becomes a `free` box of the same
// size with its payload zeroed, a Keys name or a metadata track's samples are zeroed where they
// stand. Nothing moves, so every chunk offset (stco/co64) into mdat stays valid and the file
// plays as before.
//
// Its cost is bounded whatever the file holds: one walk over the boxes (./videoLocationWalk.ts),
// which stops past MAX_VIDEO_PARTS parts or MAX_VIDEO_BOX_DEPTH levels and refuses the video
// (VideoRefusedError, ./videoLocationLimits.ts) with nothing changed; then each noted range is
// overwritten once.
import { indexOfText, uint32 } from './videoBoxes';
import { VideoRefusedError } from './videoLocationLimits';
import {
  type Finding,
  type VideoLocationRange,
  LOCATION_MARKERS,
  locate,
} from './videoLocationWalk';

export { type Box, boxes } from './videoBoxes';
export {
  MAX_VIDEO_BOX_DEPTH,
  MAX_VIDEO_PARTS,
  VIDEO_REFUSAL_MESSAGES,
  VideoRefusedError,
} from './videoLocationLimits';
export type { VideoLocationKind, VideoLocationRange } from './videoLocationWalk';

export interface StrippedVideoLocation {
  /** The very array that was passed in, rewritten in place. */
  bytes: Uint8Array;
  /** What was neutralised: every byte outside these ranges is as it was. */
  removed: VideoLocationRange[];
  /**
   * A box ran past its parent or the file (a cut-off upload), or Keys could be read more than one
   * way: what was there was still walked, and what could not be read was taken whole.
   */
  malformed: boolean;
}

/** Writes the type `free` at `at` (byte by byte: set() from an array is slow, per box). */
function writeFree(bytes: Uint8Array, at: number): void {
  bytes[at] = 0x66;
  bytes[at + 1] = 0x72;
  bytes[at + 2] = 0x65;
  bytes[at + 3] = 0x65;
}

/** Overwrites one finding's range, as its action says. */
function neutralise(bytes: Uint8Array, { offset, size, action }: Finding): void {
  const end = offset + size;
  if (action === 'free') {
    // The size stays (a 64-bit one too); the type, any UUID and the payload go.
    const headerEnd = uint32(bytes, offset) === 1 ? offset + 16 : offset + 8;
    writeFree(bytes, offset + 4);
    bytes.fill(0, Math.min(headerEnd, end), end);
  } else if (action === 'fill' && size >= 8) {
    bytes.fill(0, offset, end);
    new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(offset, size);
    writeFree(bytes, offset + 4);
  } else {
    bytes.fill(0, offset, end);
  }
}

/**
 * Neutralises every location of an mp4 or mov in place (see the top of this file) and says what
 * it removed. The same length comes back, and every byte outside `removed` is untouched; a file
 * with no location comes back byte for byte. Bytes that are no video, or a cut-off one, are walked
 * as far as they read. Throws VideoRefusedError, with `bytes` untouched, for a video it can't walk
 * within its bounds or whose metadata track it can't read one way only.
 */
export function stripVideoLocation(bytes: Uint8Array): StrippedVideoLocation {
  const walk = locate(bytes);
  const removed: VideoLocationRange[] = [];
  for (const finding of walk.findings) {
    neutralise(bytes, finding);
    const { kind, path, offset, size } = finding;
    removed.push({ kind, path, offset, size });
  }
  return { bytes, removed, malformed: walk.malformed };
}

/**
 * For tests: every location a video still carries, described (`quicktime-xyz at
 * moov/udta/©xyz`), from the box tree and from a scan of all its bytes for the markers above;
 * a video the rule refuses is reported so, since what it holds was not all read. Empty: none left.
 */
export function findVideoLocation(bytes: Uint8Array): string[] {
  let left: string[];
  try {
    left = locate(bytes)
      .findings.filter((f) => f.gps !== false)
      .map((f) => `${f.kind} at ${f.path}`);
  } catch (error) {
    if (!(error instanceof VideoRefusedError)) throw error;
    left = [`unchecked: refused as ${error.reason}`];
  }
  for (const marker of LOCATION_MARKERS) {
    const at = indexOfText(bytes, marker);
    if (at >= 0) left.push(`"${marker}" at byte ${at}`);
  }
  return left;
}
