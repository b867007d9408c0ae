// A gallery video in WebKit plays fullscreen and stops when fullscreen is left; assertVideoPlays.
import assert from 'node:assert/strict';
import { byRole, expectAttribute, within } from '../../e2e/driver/driver';
import { webkitDriver } from '../driver';
import { saveScreenshot, type JourneyContext } from '../harness';
import { assertVideoPlays, expectPlaying, playbackOf } from '../video';

const GALLERY = byRole('list', 'Photos and videos');

export async function galleryVideoJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  const driver = webkitDriver(browser, baseUrl);
  await driver.goto('/user_profile/ava-martinez');
  await driver.click(byRole('tab', 'Photos/Videos'));
  await expectAttribute(driver, byRole('tab', 'Photos/Videos'), 'aria-selected', 'true');
  const play = within(GALLERY, byRole('button', /^Play Video \d+$/));
  const label = String(await driver.read(play, 'textContent')).replace(/^Play /, '');
  const video = `video[aria-label="${label}"]`;
  // Looped: the seed's few seconds cannot end before a slow machine has looked.
  await driver.run((css: string) => {
    document.querySelector<HTMLVideoElement>(css)!.loop = true;
  }, video);
  await driver.click(play);

  const playing = await expectPlaying(browser, video);
  assert.match(playing.currentSrc, /\.mp4$/);
  const fullscreen = await driver.run(
    () => document.fullscreenElement?.getAttribute('aria-label') ?? null,
  );
  assert.equal(fullscreen, label, 'the video plays fullscreen');
  await saveScreenshot(browser, 'gallery-video-playing', { fullPage: false });

  await driver.run(() => document.exitFullscreen());
  await driver.visible(within(GALLERY, byRole('button', `Play ${label}`)));
  assert.equal((await playbackOf(browser, video)).paused, true, 'stopped');
  assert.equal(await driver.run(() => document.fullscreenElement === null), true);
  await driver.screenshot('gallery-video-stopped');

  const played = await assertVideoPlays(browser, playing.currentSrc);
  assert.deepEqual([played.videoWidth, played.videoHeight], [320, 240]);
}
