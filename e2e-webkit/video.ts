// Whether a video really plays in WebKit (H.264 needs gstreamer1.0-libav), read from the element:
// not paused, a current frame (readyState >= 2) and its time moving on.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import { eventually } from '../e2e/eventually';

export type Playback = NonNullable<ReturnType<typeof playbackInPage>>;

function playbackInPage(css: string) {
  const video = document.querySelector<HTMLVideoElement>(css);
  if (!video) return null;
  return {
    paused: video.paused,
    ended: video.ended,
    currentTime: video.currentTime,
    readyState: video.readyState,
    error: video.error?.code ?? null,
    currentSrc: video.currentSrc,
    videoWidth: video.videoWidth,
    videoHeight: video.videoHeight,
  };
}

export async function playbackOf(browser: Browser, css: string): Promise<Playback> {
  const playback = await browser.execute(playbackInPage, css);
  assert.ok(playback, `no video ${css}`);
  return playback;
}

/** Loop the video first: a seed video lasts seconds, and a slow machine can look after its end. */
export async function expectPlaying(browser: Browser, css: string): Promise<Playback> {
  const playing = (playback: Playback) => {
    assert.equal(playback.error, null, `media error ${playback.error}`);
    assert.equal(playback.paused, false, 'paused');
    assert.ok(playback.readyState >= 2, `readyState ${playback.readyState}`);
  };
  const first = await eventually(`${css} playing`, async () => {
    const playback = await playbackOf(browser, css);
    playing(playback);
    return playback;
  });
  return eventually(`${css} time moving on from ${first.currentTime}`, async () => {
    const playback = await playbackOf(browser, css);
    playing(playback);
    assert.notEqual(playback.currentTime, first.currentTime, 'currentTime still');
    return playback;
  });
}

/** In a blank page (WebKit's page for a bare video runs no script); resolves to its playback. */
export async function assertVideoPlays(browser: Browser, url: string): Promise<Playback> {
  await browser.url('about:blank');
  const video = 'video';
  // Muted: no autoplay rule asks for a tap; looped: a short one cannot end first.
  await browser.execute(async (src: string) => {
    const element = document.createElement('video');
    element.loop = true;
    element.muted = true;
    element.src = src;
    document.body.append(element);
    await element.play();
  }, url);
  const playback = await expectPlaying(browser, video);
  assert.ok(playback.videoWidth > 0 && playback.videoHeight > 0, 'a picture');
  await browser.execute(
    (css: string) => document.querySelector<HTMLVideoElement>(css)!.pause(),
    video,
  );
  await eventually('the video paused', async () => {
    assert.equal((await playbackOf(browser, video)).paused, true);
  });
  return playback;
}
