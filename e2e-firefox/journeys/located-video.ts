// A video that says where it was made, sent through the review form in Firefox (issue 33): an
// mp4 carrying QuickTime ©xyz, the Keys location and XMP GPS at once (scripts/locatedVideos.ts,
// written to a temporary file for the file input) is published without any of it, and the
// published copy plays in Firefox.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEED_VIDEO, withEveryLocation } from '../../scripts/locatedVideos';
import { publishedWithoutLocation } from '../../e2e/publishedVideo';
import { findVideoLocation } from '../../src/api/contract/videoLocation';
import { saveScreenshot, waitForApp, type JourneyContext } from '../harness';
import { byRole, click, eventually, expectUrl, visible } from '../queries';
import { attachFiles, CONGRATULATIONS, profileOf, startFlow } from '../steps';

const PROFILE = 'nadia-okafor';
const NAME = 'VID_located.mp4';

export async function locatedVideoJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const video = withEveryLocation(await readFile(SEED_VIDEO));
  assert.notDeepEqual(findVideoLocation(video), []);
  const words = `Filmed somewhere, sent from Firefox ${Date.now()}`;
  const folder = await mkdtemp(path.join(tmpdir(), 'grati-located-'));
  try {
    const file = path.join(folder, NAME);
    await writeFile(file, video);
    const { cleberateCount } = (await profileOf(baseUrl, PROFILE)).iconsCount;
    const action = `Celebrate, received ${cleberateCount}`;
    await startFlow(page, baseUrl, PROFILE, action, 'Robin Located', 'example.travel');
    await (await visible(page, byRole('textbox', 'Say thanks'))).type(words);
    await attachFiles(page, file);
    // Firefox read the video and drew its poster.
    await visible(page, byRole('image', `Video ${NAME}`));
    await saveScreenshot(page, 'located-video-attached');
    await click(page, byRole('button', 'Submit'));
    // The file stays until the page has sent it (a browser may read a picked file from the disk as
    // it uploads: WebKit's send hung on a file removed under it).
    await expectUrl(page, new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await waitForApp(page);
  await visible(page, CONGRATULATIONS);

  const { url } = await publishedWithoutLocation(baseUrl, PROFILE, words, video);

  // The published copy plays in Firefox: its clock moves, with frames.
  await page.evaluate(async (src) => {
    const element = document.createElement('video');
    element.dataset.probe = 'true';
    element.muted = true;
    element.loop = true;
    element.src = src;
    document.body.append(element);
    await element.play();
  }, url);
  await eventually('the published video plays', async () => {
    const state = await page.$eval('video[data-probe]', (element) => {
      const played = element as HTMLVideoElement;
      return { time: played.currentTime, width: played.videoWidth, error: played.error?.message };
    });
    assert.equal(state.error, undefined);
    assert.ok(state.time > 0.5 && state.width > 0, JSON.stringify(state));
  });
}
