// A gallery video in WebKit, as e2e/gallery.spec.ts plays it in Chromium: the Photos/Videos tab,
// a video's play button, the video playing (its own element says so: not paused, a frame, its
// time moving on), then stopped by leaving fullscreen; and the same file played by
// assertVideoPlays, the check for any video the server serves.
import assert from 'node:assert/strict';
import { goto, saveScreenshot, type JourneyContext } from '../harness';
import { byRole, click, expectAttribute, visible, within } from '../queries';
import { assertVideoPlays, expectPlaying, playbackOf } from '../video';

const GALLERY = byRole('list', 'Photos and videos');

export async function galleryVideoJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  await goto(browser, baseUrl, '/user_profile/ava-martinez');
  await click(browser, byRole('tab', 'Photos/Videos'));
  await expectAttribute(
    await visible(browser, byRole('tab', 'Photos/Videos')),
    'aria-selected',
    'true',
  );
  const play = await visible(browser, within(GALLERY, byRole('button', /^Play Video \d+$/)));
  const label = (await play.getComputedLabel()).replace(/^Play /, '');
  const video = `video[aria-label="${label}"]`;
  // The seed's video lasts seconds, and its end stops it: looped, it cannot end before a slow
  // machine has looked at it playing.
  await browser.execute((css: string) => {
    document.querySelector<HTMLVideoElement>(css)!.loop = true;
  }, video);
  await play.click();

  const playing = await expectPlaying(browser, video);
  assert.match(playing.currentSrc, /\.mp4$/);
  const fullscreen = await browser.execute(
    () => document.fullscreenElement?.getAttribute('aria-label') ?? null,
  );
  assert.equal(fullscreen, label, 'the video plays fullscreen');
  await saveScreenshot(browser, 'gallery-video-playing', { fullPage: false });

  // Leaving fullscreen stops it and brings its play button back.
  await browser.execute(() => document.exitFullscreen());
  await visible(browser, within(GALLERY, byRole('button', `Play ${label}`)));
  assert.equal((await playbackOf(browser, video)).paused, true, 'stopped');
  assert.equal(await browser.execute(() => document.fullscreenElement), null);
  await saveScreenshot(browser, 'gallery-video-stopped');

  // The reusable check, on the same file as the server serves it.
  const played = await assertVideoPlays(browser, playing.currentSrc);
  assert.deepEqual([played.videoWidth, played.videoHeight], [320, 240]);
}
