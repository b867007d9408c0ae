// The located videos are the seed video with boxes added: every sample is where the moved chunk
// offsets say, so they play as the seed does (e2e/video-location.spec.ts plays them in Chromium).
import { readFileSync } from 'node:fs';
import { LOCATION_TEXTS, SEED_VIDEO, chunkOffsets, locatedVideos } from './locatedVideos';

const seed = readFileSync(SEED_VIDEO);

it.each(locatedVideos().map((video) => [video.carries, video] as const))(
  'the video with %s holds the location, and every chunk where its offsets say',
  (_carries, { bytes }) => {
    expect(LOCATION_TEXTS.some((text) => bytes.includes(text, 0, 'latin1'))).toBe(true);
    expect(bytes.length).toBeGreaterThan(seed.length);
    const before = chunkOffsets(seed);
    const after = chunkOffsets(bytes);
    expect(after).toEqual(before.map((offset) => offset + (bytes.length - seed.length)));
    for (const [i, offset] of after.entries()) {
      const chunk = (file: Buffer, at: number) => file.subarray(at, at + 64);
      expect(chunk(bytes, offset).equals(chunk(seed, before[i]!))).toBe(true);
    }
  },
);
