// A video that says where it was filmed, sent through the review form (issue 33), written once
// for every engine the driver seam drives: an mp4 carrying QuickTime ©xyz, the Keys location and
// XMP GPS at once (scripts/locatedVideos.ts, written to a temporary file for the file input) is
// prepared by the browser (its location neutralised, its poster drawn from a decoded frame) and
// published without any of it; its poster is a picture, not a black frame, and the published copy
// plays in the browser that sent it.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEED_VIDEO, withEveryLocation } from '../../scripts/locatedVideos';
import { findVideoLocation } from '../../src/api/contract/videoLocation';
import { meanLuma } from '../darkStartVideo';
import { byRole, byText, expectCount, expectUrl, type Driver } from '../driver/driver';
import { ATTACH, CONGRATULATIONS, startFlow } from '../driver/guest';
import { eventually } from '../eventually';
import { guestName } from '../journeyData';
import { publishedWithoutLocation } from '../publishedVideo';
import { profileOf } from '../suiteApi';

const PROFILE = 'nadia-okafor';
const NAME = 'VID_located.mp4';

/** In the page: a muted, looped video of `src`, playing (no autoplay rule asks for a tap). */
async function playInPage(src: string): Promise<void> {
  const element = document.createElement('video');
  element.dataset.probe = 'true';
  element.muted = true;
  element.loop = true;
  element.src = src;
  document.body.append(element);
  await element.play();
}

/** In the page: how the probe video plays now. */
function probePlayback() {
  const element = document.querySelector<HTMLVideoElement>('video[data-probe]');
  if (!element) return null;
  return {
    paused: element.paused,
    time: element.currentTime,
    width: element.videoWidth,
    error: element.error?.code ?? null,
  };
}

export async function locatedVideo(driver: Driver): Promise<void> {
  const { baseUrl } = driver;
  const video = withEveryLocation(await readFile(SEED_VIDEO));
  assert.notDeepEqual(findVideoLocation(video), []);
  const words = `Filmed somewhere, sent from ${driver.engine} ${Date.now() % 100000}`;
  const folder = await mkdtemp(path.join(tmpdir(), 'grati-located-'));
  try {
    const file = path.join(folder, NAME);
    await writeFile(file, video);
    const { cleberateCount } = (await profileOf(baseUrl, PROFILE)).iconsCount;
    await startFlow(
      driver,
      PROFILE,
      `Celebrate, received ${cleberateCount}`,
      guestName(`${driver.engine} Filmed`),
      'example.travel',
    );
    await driver.fill(byRole('textbox', 'Say thanks'), words);
    await driver.attachFile(ATTACH, file);
    // The browser read the video and drew its poster (not the 10 s "took too long" message).
    await driver.visible(byRole('img', `Video ${NAME}`));
    await expectCount(driver, byText('Preparing your files...'), 0);
    await driver.screenshot('located-video-attached');
    await driver.click(byRole('button', 'Submit'));
    // The file stays until the page has sent it: a browser may read a picked file from the disk
    // as it uploads (WebKit's send hung on a file removed under it, about one run in four).
    await expectUrl(driver, new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await driver.waitForApp();
  await driver.visible(CONGRATULATIONS);

  const { url, thumbnailUrl } = await publishedWithoutLocation(baseUrl, PROFILE, words, video);

  // The poster the browser drew is a picture of the video, not a black frame.
  assert.ok(thumbnailUrl, 'the video has a poster');
  const poster = await fetch(thumbnailUrl);
  const { luma } = await meanLuma(Buffer.from(await poster.arrayBuffer()));
  assert.ok(luma > 40, `poster brightness ${luma.toFixed(1)}`);

  // The published copy plays here: not paused, a picture, its clock moving on.
  await driver.run(playInPage, url);
  await eventually('the published video plays', async () => {
    const state = await driver.run(probePlayback);
    assert.ok(state, 'the probe video is in the page');
    assert.equal(state.error, null, `media error ${state.error}`);
    assert.equal(state.paused, false, 'paused');
    assert.ok(state.time > 0.5 && state.width > 0, JSON.stringify(state));
  });
}
