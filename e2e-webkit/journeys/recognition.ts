// A recognition with a 12 MP phone photo (camera and GPS EXIF, Orientation 6), prepared by WebKit:
// the card tops the feed, and the stored copy is upright, scaled, without the camera's metadata.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makePhonePhoto, markerCorner, PHONE_CAMERA } from '../../scripts/phonePhotos';
import {
  byRole,
  byText,
  expectCount,
  expectText,
  within,
  type Driver,
} from '../../e2e/driver/driver';
import { acknowledgeSent, ATTACH, startFlow } from '../../e2e/driver/guest';
import { eventually } from '../../e2e/eventually';
import { profileOf } from '../../e2e/suiteApi';
import { webkitDriver } from '../driver';
import { PHONE, type JourneyContext } from '../harness';

const PROFILE = 'theodore-brooks';
const GUEST = 'Robin Phone';
const PHOTO_NAME = 'IMG_0001.jpg';
const FIRST_CARD = byRole('article');

export async function recognitionJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'grati-webkit-photo-'));
  try {
    const photo = path.join(folder, PHOTO_NAME);
    await writeFile(photo, await makePhonePhoto({ orientation: 6, seed: 33 }));
    await sendWithPhoto(webkitDriver(browser, baseUrl), baseUrl, photo);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function sendWithPhoto(driver: Driver, baseUrl: string, photo: string) {
  await driver.setViewport(PHONE);
  const before = (await profileOf(baseUrl, PROFILE)).iconsCount;
  const text = `Thank you from an iPhone, ${Date.now() % 100000}`;
  await startFlow(driver, PROFILE, `Recognize, received ${before.handshakeCount}`, GUEST);
  await driver.fill(byRole('textbox', 'Say thanks'), text);
  await driver.attachFile(ATTACH, photo);
  await driver.visible(byRole('button', `Remove ${PHOTO_NAME}`));
  await expectCount(driver, within(byRole('list', 'Attached media'), byRole('listitem')), 1);
  await expectCount(driver, byText('Preparing your files...'), 0);
  await driver.screenshot('recognition-phone-photo');

  await driver.click(byRole('button', 'Submit'));
  await acknowledgeSent(driver, PROFILE, 'recognition-congratulations');

  await expectText(
    driver,
    within(FIRST_CARD, byRole('heading')),
    new RegExp(`^${GUEST} recognized`, 'i'),
  );
  assert.ok(
    String(await driver.read(FIRST_CARD, 'textContent')).includes(text),
    'the first card is the recognition',
  );
  const picture = within(FIRST_CARD, byRole('img', `Photo from ${GUEST}`));
  await eventually('the picture loaded, upright', async () => {
    const [width, height] = await driver.runOn(picture, (img) => [
      (img as HTMLImageElement).naturalWidth,
      (img as HTMLImageElement).naturalHeight,
    ]);
    assert.ok(width! > 0 && width! < height!, `natural size ${width} x ${height}`);
  });
  const after = await profileOf(baseUrl, PROFILE);
  assert.equal(after.iconsCount.handshakeCount, before.handshakeCount! + 1);
  await driver.screenshot('recognition-in-feed');

  const item = after.userFeed.find((feed) => feed.sayThanks === text);
  assert.ok(item, 'the recognition in the feed');
  const types = item.media.map((media) => media.mimeType);
  assert.deepEqual(types, ['image/jpeg']);
  const stored = Buffer.from(
    await (await fetch(new URL(item.media[0]!.imgUrl, baseUrl))).arrayBuffer(),
  );
  const metadata = await sharp(stored).metadata();
  assert.equal(metadata.exif, undefined, 'no EXIF');
  assert.ok(!stored.includes(Buffer.from(PHONE_CAMERA.Make)), 'no camera make');
  assert.ok(metadata.width! < metadata.height! && metadata.height! <= 2048, 'upright, scaled');
  assert.equal(await markerCorner(stored), 'top-right', 'the marker where an upright copy has it');
}
