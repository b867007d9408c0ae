// A recognition with photos, as e2e/recognition.spec.ts sends it: three real JPEGs attached,
// upload progress, the Congratulations modal, and the card on top of the feed with its pictures
// loaded; the Recognize count rises by one.
import assert from 'node:assert/strict';
import path from 'node:path';
import { saveScreenshot, waitForApp, type JourneyContext } from '../harness';
import {
  byRole,
  click,
  eventually,
  expectCount,
  expectText,
  expectUrl,
  visible,
  within,
} from '../queries';
import { attachFiles, CONGRATULATIONS, profileOf, startFlow } from '../steps';

const PROFILE = 'theodore-brooks';
const SEED = path.join(__dirname, '..', '..', 'mock-api', 'seed', 'media');
const IMAGES = ['ava-feed-01.jpg', 'ava-feed-02.jpg', 'ava-feed-04.jpg'].map((name) =>
  path.join(SEED, name),
);

export async function recognitionJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const before = (await profileOf(baseUrl, PROFILE)).iconsCount;
  await startFlow(
    page,
    baseUrl,
    PROFILE,
    `Recognize, received ${before.handshakeCount}`,
    'Robin Photos',
    'example.travel',
  );
  await visible(page, byRole('textbox', 'Say thanks'));
  await attachFiles(page, ...IMAGES);
  await expectCount(page, byRole('button', 'Remove ava-feed-01.jpg'), 1);
  await expectCount(page, within(byRole('list', 'Attached media'), byRole('listitem')), 3);
  await saveScreenshot(page, 'recognition-three-images');

  // The upload is held until the progress bar has been seen, then let go: Chromium's spec slows it
  // by 600 ms, but a window that short can pass between two looks of a busy Firefox.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (request.url().endsWith('/api/gratitude/image-gratitude')) {
      void held.then(() => request.continue());
    } else void request.continue();
  });
  await click(page, byRole('button', 'Submit'));
  try {
    await visible(page, byRole('progressbar', 'Uploading'));
  } finally {
    release();
  }

  // The page the redirect opened is the server's until the app takes over.
  await expectUrl(page, new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  await waitForApp(page);
  const dialog = await visible(page, CONGRATULATIONS);
  await saveScreenshot(page, 'recognition-congratulations');
  await (await visible(dialog, byRole('button', 'OK'))).click();
  // OK reloads the profile (not the page it was clicked on, which showed the card already).
  await expectUrl(page, new RegExp(`/user_profile/${PROFILE}$`));
  await waitForApp(page);

  const first = await eventually('the first feed card', async () => {
    const card = (await page.$$(byRole('article')))[0];
    assert.ok(card);
    return card;
  });
  await expectText(await visible(first, byRole('heading')), /^Robin Photos recognized/i);
  for (const n of [1, 2, 3]) await visible(first, byRole('button', `Show image ${n} of 3`));
  const image = await visible(first, byRole('image', 'Photo 1 of 3 from Robin Photos'));
  await eventually('the first picture loaded', async () => {
    const width = await image.evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth,
    );
    assert.ok(Number(width) > 0, `naturalWidth ${width}`);
  });
  const after = (await profileOf(baseUrl, PROFILE)).iconsCount;
  assert.equal(after.handshakeCount, before.handshakeCount! + 1);
  await saveScreenshot(page, 'recognition-in-feed');
}
