/**
 * @jest-environment node
 */
// Node's File, which reads its bytes (jsdom's does not).
import { readFileSync } from 'node:fs';
import { SEED_VIDEO, locatedVideos } from '../../../../scripts/locatedVideos';
import { withEmptyXyzBoxes, withTimedMetadataTrack } from '../../../../scripts/craftedVideos';
import {
  VIDEO_REFUSAL_MESSAGES,
  VideoRefusedError,
  findVideoLocation,
} from '../../../api/contract/videoLocation';
import { prepareVideo } from './prepareVideo';

const bytesOf = async (file: Blob) => new Uint8Array(await file.arrayBuffer());

describe('prepareVideo', () => {
  it.each(locatedVideos().map((video) => [video.carries, video] as const))(
    'sends a video carrying %s without it, under the same name, type and length',
    async (_carries, video) => {
      const picked = new File([new Uint8Array(video.bytes)], video.name, {
        type: video.type,
        lastModified: 1_700_000_000_000,
      });
      const prepared = await prepareVideo(picked);
      expect(prepared).not.toBe(picked);
      expect([prepared.name, prepared.type, prepared.size, prepared.lastModified]).toEqual([
        video.name,
        video.type,
        video.bytes.length,
        1_700_000_000_000,
      ]);
      expect(findVideoLocation(await bytesOf(prepared))).toEqual([]);
      // The picked file is left as it was (the guest's own file).
      expect(findVideoLocation(await bytesOf(picked))).not.toEqual([]);
    },
  );

  it('sends a video that says nothing of where as it was picked', async () => {
    const picked = new File([readFileSync(SEED_VIDEO)], 'latte.mp4', { type: 'video/mp4' });
    expect(await prepareVideo(picked)).toBe(picked);
  });

  it('sends a video whose GPS track is zeroed where it stands, at the same length', async () => {
    const { bytes } = withTimedMetadataTrack(readFileSync(SEED_VIDEO), 'gpmd');
    const picked = new File([new Uint8Array(bytes)], 'GX010042.mp4', { type: 'video/mp4' });
    expect(findVideoLocation(bytes)).not.toEqual([]);
    const prepared = await prepareVideo(picked);
    expect(prepared.size).toBe(bytes.length);
    expect(findVideoLocation(await bytesOf(prepared))).toEqual([]);
  });

  it("refuses, with the rule's words for the guest, a 50 MB video of 6.5 million empty ©xyz boxes", async () => {
    const { bytes } = withEmptyXyzBoxes(readFileSync(SEED_VIDEO), 52_428_800);
    const picked = new File([new Uint8Array(bytes)], 'VID_probe.mp4', { type: 'video/mp4' });
    const refused = await prepareVideo(picked).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(VideoRefusedError);
    expect((refused as Error).message).toBe(VIDEO_REFUSAL_MESSAGES['too-many-parts']);
  });
});
