// A recognition with three JPEGs in Firefox: upload progress (the upload held by Puppeteer), the
// Congratulations, the card on top of the feed with its pictures, the count up by one.
import assert from 'node:assert/strict';
import path from 'node:path';
import { byCss, byRole, expectCount, expectText, within } from '../../e2e/driver/driver';
import { acknowledgeSent, ATTACH, startFlow } from '../../e2e/driver/guest';
import { eventually } from '../../e2e/eventually';
import { profileOf } from '../../e2e/suiteApi';
import { firefoxDriver } from '../driver';
import type { JourneyContext } from '../harness';

const PROFILE = 'theodore-brooks';
const SEED = path.join(__dirname, '..', '..', 'mock-api', 'seed', 'media');
const IMAGES = ['ava-feed-01.jpg', 'ava-feed-02.jpg', 'ava-feed-04.jpg'].map((name) =>
  path.join(SEED, name),
);
const FIRST_CARD = byCss('.feed-list > li:first-child article');

export async function recognitionJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const driver = firefoxDriver(page, baseUrl);
  const before = (await profileOf(baseUrl, PROFILE)).iconsCount;
  await startFlow(
    driver,
    PROFILE,
    `Recognize, received ${before.handshakeCount}`,
    'Robin Photos',
    'example.travel',
  );
  await driver.visible(byRole('textbox', 'Say thanks'));
  await driver.attachFile(ATTACH, ...IMAGES);
  await expectCount(driver, byRole('button', 'Remove ava-feed-01.jpg'), 1);
  await expectCount(driver, within(byRole('list', 'Attached media'), byRole('listitem')), 3);
  await driver.screenshot('recognition-three-images');

  // Held until the progress bar is seen: a short delay can pass between two looks of a busy Firefox.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (request.url().endsWith('/api/gratitude/image-gratitude')) {
      void held.then(() => request.continue());
    } else void request.continue();
  });
  await driver.click(byRole('button', 'Submit'));
  try {
    await driver.visible(byRole('progressbar', 'Uploading'));
  } finally {
    release();
  }

  await acknowledgeSent(driver, PROFILE, 'recognition-congratulations');

  await expectText(driver, within(FIRST_CARD, byRole('heading')), /^Robin Photos recognized/i);
  for (const n of [1, 2, 3]) {
    await driver.visible(within(FIRST_CARD, byRole('button', `Show image ${n} of 3`)));
  }
  const image = within(FIRST_CARD, byRole('img', 'Photo 1 of 3 from Robin Photos'));
  await eventually('the first picture loaded', async () => {
    const width = await driver.runOn(
      image,
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth,
    );
    assert.ok(Number(width) > 0, `naturalWidth ${width}`);
  });
  const after = (await profileOf(baseUrl, PROFILE)).iconsCount;
  assert.equal(after.handshakeCount, before.handshakeCount! + 1);
  await driver.screenshot('recognition-in-feed');
}
