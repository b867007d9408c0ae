// A video that says where it was filmed, sent through the review form from WebKit (issue 33), as
// e2e-firefox/journeys/located-video.ts sends it from Firefox: an mp4 carrying QuickTime ©xyz, the
// Keys location and XMP GPS at once (scripts/locatedVideos.ts) is prepared by WebKit (its location
// neutralised, its poster drawn from a decoded frame) and published without any of it; the
// published copy plays in WebKit, and its poster is not black.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEED_VIDEO, withEveryLocation } from '../../scripts/locatedVideos';
import { publishedWithoutLocation } from '../../e2e/publishedVideo';
import { findVideoLocation } from '../../src/api/contract/videoLocation';
import { meanLuma } from '../../e2e/darkStartVideo';
import { assertVideoPlays, PHONE, saveScreenshot, setViewport, waitForApp } from '../harness';
import type { JourneyContext } from '../harness';
import { byRole, byText, click, expectCount, expectUrl, visible } from '../queries';
import { attachFile, CONGRATULATIONS, profileOf, startFlow } from '../steps';

const PROFILE = 'nadia-okafor';
const NAME = 'IMG_0042.mp4';

export async function locatedVideoJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  const video = withEveryLocation(await readFile(SEED_VIDEO));
  assert.notDeepEqual(findVideoLocation(video), []);
  const words = `Filmed somewhere, sent from WebKit ${Date.now() % 100000}`;
  const folder = await mkdtemp(path.join(tmpdir(), 'grati-webkit-located-'));
  try {
    const file = path.join(folder, NAME);
    await writeFile(file, video);
    await setViewport(browser, PHONE);
    const { cleberateCount } = (await profileOf(baseUrl, PROFILE)).iconsCount;
    await startFlow(
      browser,
      baseUrl,
      PROFILE,
      `Celebrate, received ${cleberateCount}`,
      'Robin Filmed',
    );
    await click(browser, byRole('textbox', 'Say thanks'));
    await (await visible(browser, byRole('textbox', 'Say thanks'))).addValue(words);
    await attachFile(browser, file);
    // WebKit read the video and drew its poster (not the 10 s "took too long" message).
    await visible(browser, byRole('img', `Video ${NAME}`));
    await expectCount(browser, byText('Preparing your files...'), 0);
    await saveScreenshot(browser, 'located-video-attached');
    await click(browser, byRole('button', 'Submit'));
    // The file stays until the page has sent it: WebKit reads a picked file from the disk as it
    // uploads, and a file removed under it left the send hanging (about one run in four).
    await expectUrl(browser, new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await waitForApp(browser);
  await visible(browser, CONGRATULATIONS);

  const { url, thumbnailUrl } = await publishedWithoutLocation(baseUrl, PROFILE, words, video);

  // The poster WebKit drew is a picture of the video, not a black frame.
  assert.ok(thumbnailUrl, 'the video has a poster');
  const poster = await fetch(thumbnailUrl);
  const { luma } = await meanLuma(Buffer.from(await poster.arrayBuffer()));
  assert.ok(luma > 40, `poster brightness ${luma.toFixed(1)}`);

  // The published copy plays in WebKit.
  const playback = await assertVideoPlays(browser, url);
  assert.ok(playback.videoWidth > 0);
}
