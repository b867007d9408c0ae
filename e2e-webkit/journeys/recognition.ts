// A recognition with a phone's photo, as e2e/photos.spec.ts sends one from Chromium: a 12 MP JPEG
// with camera and GPS EXIF and Orientation 6 (a phone held upright), made here, attached through
// the file input on a phone-wide page, prepared by WebKit (turned upright, scaled, its metadata gone) and sent; then
// the Congratulations modal, and the card on top of the feed with its picture loaded. The copy
// the server keeps is upright and carries nothing of the camera's.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makePhonePhoto, markerCorner, PHONE_CAMERA } from '../../scripts/phonePhotos';
import { PHONE, saveScreenshot, setViewport, waitForApp, type JourneyContext } from '../harness';
import {
  byRole,
  byText,
  click,
  eventually,
  expectCount,
  expectText,
  expectUrl,
  findAll,
  visible,
  within,
} from '../queries';
import { attachFile, CONGRATULATIONS, profileOf, startFlow } from '../steps';

const PROFILE = 'theodore-brooks';
const GUEST = 'Robin Phone';
const PHOTO_NAME = 'IMG_0001.jpg';

export async function recognitionJourney(context: JourneyContext): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'grati-webkit-photo-'));
  try {
    const photo = path.join(folder, PHOTO_NAME);
    await writeFile(photo, await makePhonePhoto({ orientation: 6, seed: 33 }));
    await sendWithPhoto(context, photo);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function sendWithPhoto({ browser, baseUrl }: JourneyContext, photo: string) {
  await setViewport(browser, PHONE);
  const before = (await profileOf(baseUrl, PROFILE)).iconsCount;
  const text = `Thank you from an iPhone, ${Date.now() % 100000}`;
  await startFlow(browser, baseUrl, PROFILE, `Recognize, received ${before.handshakeCount}`, GUEST);
  await click(browser, byRole('textbox', 'Say thanks'));
  await (await visible(browser, byRole('textbox', 'Say thanks'))).addValue(text);
  await attachFile(browser, photo);
  await visible(browser, byRole('button', `Remove ${PHOTO_NAME}`));
  await expectCount(browser, within(byRole('list', 'Attached media'), byRole('listitem')), 1);
  // Prepared before it is sent: Submit waits for it.
  await expectCount(browser, byText('Preparing your files...'), 0);
  await saveScreenshot(browser, 'recognition-phone-photo');

  await click(browser, byRole('button', 'Submit'));
  // The page the redirect opened is the server's until the app takes over.
  await expectUrl(browser, new RegExp(`/user_profile/${PROFILE}\\?show=true$`));
  await waitForApp(browser);
  await visible(browser, CONGRATULATIONS);
  await saveScreenshot(browser, 'recognition-congratulations');
  await click(browser, within(CONGRATULATIONS, byRole('button', 'OK')));
  // OK reloads the profile (not the page it was clicked on, which showed the card already).
  await expectUrl(browser, new RegExp(`/user_profile/${PROFILE}$`));
  await waitForApp(browser);

  const first = await eventually('the first feed card', async () => {
    const card = (await findAll(browser, byRole('article')))[0];
    assert.ok(card);
    return card;
  });
  const heading = await visible(browser, within(byRole('article'), byRole('heading')));
  await expectText(heading, new RegExp(`^${GUEST} recognized`, 'i'));
  assert.ok((await first.getText()).includes(text), 'the first card is the recognition');
  const picture = await visible(
    browser,
    within(byRole('article'), byRole('img', `Photo from ${GUEST}`)),
  );
  await eventually('the picture loaded, upright', async () => {
    const [width, height] = await browser.execute(
      (img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight],
      picture,
    );
    assert.ok(width! > 0 && width! < height!, `natural size ${width} x ${height}`);
  });
  const after = await profileOf(baseUrl, PROFILE);
  assert.equal(after.iconsCount.handshakeCount, before.handshakeCount! + 1);
  await saveScreenshot(browser, 'recognition-in-feed');

  // The copy the server keeps, as anyone fetches it: upright, with none of the camera's EXIF.
  const item = after.userFeed.find((feed) => feed.sayThanks === text);
  assert.ok(item, 'the recognition in the feed');
  assert.deepEqual(
    item.media.map((media) => media.mimeType),
    ['image/jpeg'],
  );
  const stored = Buffer.from(
    await (await fetch(new URL(item.media[0]!.imgUrl, baseUrl))).arrayBuffer(),
  );
  const metadata = await sharp(stored).metadata();
  assert.equal(metadata.exif, undefined, 'no EXIF');
  assert.ok(!stored.includes(Buffer.from(PHONE_CAMERA.Make)), 'no camera make');
  assert.ok(metadata.width! < metadata.height! && metadata.height! <= 2048, 'upright, scaled');
  assert.equal(await markerCorner(stored), 'top-right', 'the marker where an upright copy has it');
}
