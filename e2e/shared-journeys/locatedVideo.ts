// A video carrying ©xyz, Keys and XMP locations (issue 33), prepared by the browser: published
// without them, with a poster that is not a black frame, and it plays in the browser that sent it.
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

/** Muted: no autoplay rule asks for a tap. */
async function playInPage(src: string): Promise<void> {
  const element = document.createElement('video');
  element.dataset.probe = 'true';
  element.muted = true;
  element.loop = true;
  element.src = src;
  document.body.append(element);
  await element.play();
}

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
    // Its poster drawn (not the 10 s "took too long" message).
    await driver.visible(byRole('img', `Video ${NAME}`));
    await expectCount(driver, byText('Preparing your files...'), 0);
    await driver.screenshot('located-video-attached');
    await driver.click(byRole('button', 'Submit'));
    // The file stays until sent: WebKit's send hung on a file removed under it (one run in four).
    await expectUrl(driver, new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await driver.waitForApp();
  await driver.visible(CONGRATULATIONS);

  const { url, thumbnailUrl } = await publishedWithoutLocation(baseUrl, PROFILE, words, video);

  assert.ok(thumbnailUrl, 'the video has a poster');
  const poster = await fetch(thumbnailUrl);
  const { luma } = await meanLuma(Buffer.from(await poster.arrayBuffer()));
  assert.ok(luma > 40, `poster brightness ${luma.toFixed(1)}`);

  await driver.run(playInPage, url);
  await eventually('the published video plays', async () => {
    const state = await driver.run(probePlayback);
    assert.ok(state, 'the probe video is in the page');
    assert.equal(state.error, null, `media error ${state.error}`);
    assert.equal(state.paused, false, 'paused');
    assert.ok(state.time > 0.5 && state.width > 0, JSON.stringify(state));
  });
}
