// A gallery video in WebKit, as e2e/gallery.spec.ts plays it in Chromium: the Photos/Videos tab,
// a video's play button, the video playing (its own element says so: not paused, a frame, its
// time moving on), then stopped by leaving fullscreen; and the same file played by
// assertVideoPlays, the check for any video the server serves. On the driver seam; the video's
// own checks are WebKit's (../video.ts), and a fullscreen video is shot as the window shows it.
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
  // The seed's video lasts seconds, and its end stops it: looped, it cannot end before a slow
  // machine has looked at it playing.
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

  // Leaving fullscreen stops it and brings its play button back.
  await driver.run(() => document.exitFullscreen());
  await driver.visible(within(GALLERY, byRole('button', `Play ${label}`)));
  assert.equal((await playbackOf(browser, video)).paused, true, 'stopped');
  assert.equal(await driver.run(() => document.fullscreenElement === null), true);
  await driver.screenshot('gallery-video-stopped');

  // The reusable check, on the same file as the server serves it.
  const played = await assertVideoPlays(browser, playing.currentSrc);
  assert.deepEqual([played.videoWidth, played.videoHeight], [320, 240]);
}
