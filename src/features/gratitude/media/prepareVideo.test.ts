/**
 * @jest-environment node
 */
// Node's File, which reads its bytes (jsdom's does not).
import { readFileSync } from 'node:fs';
import { SEED_VIDEO, locatedVideos } from '../../../../scripts/locatedVideos';
import { withEmptyXyzBoxes } from '../../../../scripts/craftedVideos';
import {
  VIDEO_REFUSAL_MESSAGES,
  VideoRefusedError,
  findVideoLocation,
  stripVideoLocation,
} from '@/api/contract/videoLocation';
import { prepareVideo, sendableParts } from './prepareVideo';

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

/** The bytes each `new File(...)` made meanwhile copied into memory (its array parts). */
function countingCopies() {
  const copied: number[] = [];
  const NodeFile = globalThis.File;
  globalThis.File = class extends NodeFile {
    constructor(parts: BlobPart[], name: string, options?: FilePropertyBag) {
      super(parts, name, options);
      copied.push(
        parts.reduce((sum, part) => sum + (part instanceof Blob ? 0 : new Blob([part]).size), 0),
      );
    }
  };
  return { copied, restore: () => (globalThis.File = NodeFile) };
}

describe('prepareVideo', () => {
  it.each(locatedVideos().map((video) => [video.carries, video] as const))(
    'sends a video carrying %s without it, as named, read once, copying only what the rule rewrote',
    async (_carries, video) => {
      const picked = new File([new Uint8Array(video.bytes)], video.name, {
        type: video.type,
        lastModified: 1_700_000_000_000,
      });
      const reads = ['arrayBuffer', 'stream', 'text', 'bytes']
        .filter((read) => read in picked)
        .map((read) => jest.spyOn(picked, read as 'arrayBuffer'));
      const { removed, bytes: stripped } = stripVideoLocation(new Uint8Array(video.bytes));
      const { copied, restore } = countingCopies();
      let prepared: File;
      try {
        prepared = await prepareVideo(picked);
      } finally {
        restore();
      }
      expect(reads.reduce((sum, read) => sum + read.mock.calls.length, 0)).toBe(1);
      expect([prepared.name, prepared.type, prepared.size, prepared.lastModified]).toEqual([
        video.name,
        video.type,
        video.bytes.length,
        1_700_000_000_000,
      ]);
      const rewritten = removed.reduce((sum, range) => sum + range.size, 0);
      // Before: the whole video again (video.bytes.length), beside the read itself.
      expect(copied).toEqual([rewritten]);
      expect(rewritten).toBeLessThan(video.bytes.length / 2);
      expect(await bytesOf(prepared)).toEqual(stripped);
      expect(findVideoLocation(await bytesOf(prepared))).toEqual([]);
      // The picked file is left as it was (the guest's own file).
      expect(findVideoLocation(await bytesOf(picked))).not.toEqual([]);
    },
  );

  it('sends a video that says nothing of where as it was picked', async () => {
    const picked = new File([readFileSync(SEED_VIDEO)], 'latte.mp4', { type: 'video/mp4' });
    expect(await prepareVideo(picked)).toBe(picked);
  });

  it("refuses, with the rule's words for the guest, a 50 MB video of 6.5 million empty ©xyz boxes", async () => {
    const { bytes } = withEmptyXyzBoxes(readFileSync(SEED_VIDEO), 52_428_800);
    const picked = new File([new Uint8Array(bytes)], 'VID_probe.mp4', { type: 'video/mp4' });
    const refused = await prepareVideo(picked).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VideoRefusedError);
    expect((refused as Error).message).toBe(VIDEO_REFUSAL_MESSAGES['too-many-parts']);
  });
});

describe('sendableParts', () => {
  it('takes overlapping and touching ranges once, in order, and slices the file around them', async () => {
    const picked = new Blob([new Uint8Array(100).map((_, i) => i)]);
    const rewritten = new Uint8Array(100).fill(0xff);
    const range = (offset: number, size: number) =>
      ({ kind: 'xmp', path: 'moov/udta', offset, size }) as const;
    const parts = sendableParts(picked, rewritten, [
      range(60, 10),
      range(10, 5),
      range(70, 5),
      range(12, 8),
    ]);
    const kinds = parts.map((part) => (part instanceof Blob ? 'slice' : 'copy'));
    expect(kinds.join(' ')).toBe('slice copy slice copy slice');
    const joined = await bytesOf(new Blob(parts));
    expect(joined).toHaveLength(100);
    expect([...joined.subarray(0, 10)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(joined.subarray(10, 20).every((byte) => byte === 0xff)).toBe(true);
    expect(joined[20]).toBe(20);
    expect(joined.subarray(60, 75).every((byte) => byte === 0xff)).toBe(true);
    expect(joined[75]).toBe(75);
  });
});
