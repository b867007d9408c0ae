// Whether a video really plays in WebKit (WebKitGTK decodes through GStreamer: an H.264 file
// needs gstreamer1.0-libav), read from the element itself: not paused, enough data for the
// current frame (readyState >= 2, HAVE_CURRENT_DATA) and its time moving on.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import { eventually } from '../e2e/eventually';

export interface Playback {
  paused: boolean;
  ended: boolean;
  currentTime: number;
  readyState: number;
  /** MediaError's code, when the browser could not load or decode it. */
  error: number | null;
  currentSrc: string;
  videoWidth: number;
  videoHeight: number;
}

/** Runs in the page: the playback of the first video `css` finds (null: none). */
function playbackInPage(css: string): Playback | null {
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

/** The playback of the first video `css` finds in the page now. */
export async function playbackOf(browser: Browser, css: string): Promise<Playback> {
  const playback = await browser.execute(playbackInPage, css);
  assert.ok(playback, `no video ${css}`);
  return playback;
}

/**
 * Waits until the video `css` finds plays: not paused, a frame to show, and its time moving on
 * past where it was first seen playing. Loop it first (a seed video lasts seconds; a slow machine
 * can look after its end).
 */
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

/**
 * Plays `url` (a video the preview server serves: a seed video, an upload) in a video element of
 * a blank page, as WebKit would in the app but with no page around it, and checks that it plays,
 * then pauses it. (WebKit's own page for a bare video address runs no script, so the test could
 * not read it.) Resolves to what the browser made of it: its size, its playback when last seen
 * playing. For a check that uploads play:
 * `await assertVideoPlays(browser, new URL(upload.imgUrl, baseUrl).href)`.
 */
export async function assertVideoPlays(browser: Browser, url: string): Promise<Playback> {
  await browser.url('about:blank');
  const video = 'video';
  // Muted, so that no autoplay rule asks for a tap; looped, so that a short one cannot end first.
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
