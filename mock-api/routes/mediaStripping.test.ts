// What anyone can fetch of a guest's upload, through the real API: a phone photo with GPS and
// camera EXIF and Orientation 6 is published upright with no metadata (sent alone, or with a tip
// once it is paid), a video that says where it was made is published without it, a video's poster is stored and served as its thumbnailUrl in the feed and the
// gallery, and a picture the API can't read is refused with nothing stored.
import { readFileSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import type { Envelope, FeedItem, FindUserResult, GalleryItem } from '../../src/api/contract/types';
import {
  NO_METADATA,
  makePhonePhoto,
  markerCorner,
  metadataBlocks,
} from '../../scripts/phonePhotos';
import { LOCATION_TEXTS, chunkOffsets, locatedVideos } from '../../scripts/locatedVideos';
import { findVideoLocation } from '../../src/api/contract/videoLocation';
import {
  type RunningMockApi,
  cardTipFields,
  guestReviewFields,
  jsonPost,
  startMockApi,
} from '../testing';
import { DATA_FILE_NAME, SEED_MEDIA_DIR, UPLOADS_DIR_NAME } from '../db/store';
import { EMULATOR_PUBLISHABLE_KEY } from '../emulators/stripe';

const PROFILE = 'ava-martinez';
const VIDEO = readFileSync(path.join(SEED_MEDIA_DIR, 'ava-video-latte.mp4'));
/** Stored 1200 x 900, shown upright as 900 x 1200. */
const STORED = { width: 1200, height: 900 };

let api: RunningMockApi;
let guestId: string;
/** A phone photo with GPS and camera EXIF and Orientation 6, made once for the file. */
let photo: Buffer;

beforeAll(async () => {
  // A lookup asks Stripe at once about a paid review, so the test needs no webhook timing.
  api = await startMockApi({ reconcileAfterMs: 0 });
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
  photo = await makePhonePhoto({ ...STORED, orientation: 6 });
});

afterAll(() => api.close());

interface Upload {
  field: 'media' | 'thumbnail';
  bytes: Buffer;
  type: string;
}
const media = (bytes: Buffer, type = 'image/jpeg'): Upload => ({ field: 'media', bytes, type });
const poster = (bytes: Buffer): Upload => ({ field: 'thumbnail', bytes, type: 'image/jpeg' });

function reviewForm(sayThanks: string, files: Upload[], extra: Record<string, string> = {}) {
  const form = new FormData();
  const fields = guestReviewFields(guestId, { sayThanks, getThanksUserId: PROFILE, ...extra });
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { field, bytes, type } of files) {
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'IMG_0001.jpg');
  }
  return form;
}

const post = (endpoint: string, form: FormData) =>
  api.request(endpoint, {
    method: 'POST',
    body: form,
    headers: { 'Idempotency-Key': randomUUID() },
  });

const sendReview = (sayThanks: string, files: Upload[], extra?: Record<string, string>) =>
  post('gratitude/image-gratitude', reviewForm(sayThanks, files, extra));

async function feedItem(sayThanks: string): Promise<FeedItem> {
  const answer = await api.request('gratitude/findUser', jsonPost({ _id: PROFILE }));
  const { userFeed } = ((await answer.json()) as Envelope<FindUserResult>).data.data;
  const item = userFeed.find((i) => i.sayThanks === sayThanks);
  if (!item) throw new Error(`"${sayThanks}" is not in the feed`);
  return item;
}

async function newestGalleryItems(count: number): Promise<GalleryItem[]> {
  const answer = await api.request(
    `user/v2/fetchUserGallery?pageNo=1&limit=${count}&userId=${PROFILE}`,
  );
  return ((await answer.json()) as Envelope<GalleryItem[]>).data.data;
}

/** Fetches a published file as anyone can: its type and its bytes. */
async function fetchPublic(url: string | null | undefined) {
  if (!url) throw new Error('no URL to fetch');
  // Media are named by path (relative to the page): here, the mock API's own.
  const answer = await fetch(new URL(url, api.origin));
  expect(answer.status).toBe(200);
  return {
    type: answer.headers.get('content-type'),
    bytes: Buffer.from(await answer.arrayBuffer()),
  };
}

/** Checks a published copy of the phone photo: upright, a JPEG, no metadata at all. */
async function expectUprightWithoutMetadata(url: string | undefined) {
  const { type, bytes } = await fetchPublic(url);
  expect(type).toBe('image/jpeg');
  expect(await sharp(bytes).metadata()).toMatchObject({
    format: 'jpeg',
    width: STORED.height,
    height: STORED.width,
  });
  expect(await metadataBlocks(bytes)).toEqual(NO_METADATA);
  // The marker of the stored top-left corner, turned 90° clockwise as Orientation 6 says.
  expect(await markerCorner(bytes)).toBe('top-right');
}

async function snapshot() {
  await api.store.flush();
  return {
    data: await readFile(path.join(api.dataDir, DATA_FILE_NAME), 'utf8'),
    uploads: (await readdir(path.join(api.dataDir, UPLOADS_DIR_NAME))).sort(),
  };
}

it('sends a photo that carries GPS, camera EXIF and Orientation 6 (so the checks below can fail)', async () => {
  const sent = await sharp(photo).metadata();
  expect(sent.orientation).toBe(6);
  const exif = exifReader(sent.exif!);
  expect(exif.GPSInfo?.GPSLatitude).toBeDefined();
  expect(exif.Image?.Make).toBeDefined();
  expect(exif.Image?.Model).toBeDefined();
  expect(await markerCorner(photo)).toBe('top-left');
});

describe('image-gratitude', () => {
  it('publishes the photo upright without GPS, camera or any metadata, in the feed and the gallery', async () => {
    const text = `A phone photo ${randomUUID()}`;
    expect((await sendReview(text, [media(photo)])).status).toBe(200);
    const item = await feedItem(text);
    expect(item.media).toEqual([
      {
        imgUrl: expect.stringMatching(/\/media\/uploads\/[0-9a-f-]{36}\.jpg$/),
        mimeType: 'image/jpeg',
      },
    ]);
    await expectUprightWithoutMetadata(item.media[0]?.imgUrl);
    // The profile's Photos/Videos show the same stored copy.
    const [newest] = await newestGalleryItems(1);
    expect(newest).toEqual({ media: item.media[0]?.imgUrl, mimeType: 'image/jpeg' });
  });

  it("stores a video's poster without its metadata and serves it as thumbnailUrl in the feed and the gallery", async () => {
    const text = `A video ${randomUUID()}`;
    // A poster of the largest size the spec allows, carrying the phone's EXIF too.
    const thumbnail = await makePhonePhoto({ width: 300, height: 225, quality: 70 });
    expect(exifReader((await sharp(thumbnail).metadata()).exif!).GPSInfo).toBeDefined();

    expect((await sendReview(text, [media(VIDEO, 'video/mp4'), poster(thumbnail)])).status).toBe(
      200,
    );
    const [video] = (await feedItem(text)).media;
    expect(video).toEqual({
      imgUrl: expect.stringMatching(/\/media\/uploads\/[0-9a-f-]{36}\.mp4$/),
      mimeType: 'video/mp4',
      thumbnailUrl: expect.stringMatching(/\/media\/uploads\/[0-9a-f-]{36}\.jpg$/),
    });
    const served = await fetchPublic(video?.thumbnailUrl);
    expect(served.type).toBe('image/jpeg');
    expect(await sharp(served.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 225,
    });
    expect(await metadataBlocks(served.bytes)).toEqual(NO_METADATA);
    expect((await fetchPublic(video?.imgUrl)).bytes.equals(VIDEO)).toBe(true);

    const [newest] = await newestGalleryItems(1);
    expect(newest).toEqual({
      media: video?.imgUrl,
      mimeType: 'video/mp4',
      thumbnailUrl: video?.thumbnailUrl,
    });
  });

  it.each(locatedVideos().map((video) => [video.carries, video] as const))(
    'publishes a video carrying %s without it: same length, same chunk offsets',
    async (_carries, video) => {
      const text = `A located video ${randomUUID()}`;
      const thumbnail = await makePhonePhoto({ width: 300, height: 225, quality: 70 });
      const sent = [media(video.bytes, video.type), poster(thumbnail)];
      expect((await sendReview(text, sent)).status).toBe(200);
      const [item] = (await feedItem(text)).media;
      expect(item?.mimeType).toBe(video.type);
      const published = await fetchPublic(item?.imgUrl);
      expect(published.type).toBe(video.type);
      expect(published.bytes.length).toBe(video.bytes.length);
      expect(findVideoLocation(published.bytes)).toEqual([]);
      for (const place of LOCATION_TEXTS) expect(published.bytes.includes(place)).toBe(false);
      expect(chunkOffsets(published.bytes)).toEqual(chunkOffsets(video.bytes));
    },
  );

  const notAPicture = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.alloc(30_000, 0x41),
  ]);
  it.each([
    ['bytes that only start like a JPEG, sent as image/jpeg', () => [media(notAPicture)], 'media'],
    [
      'a JPEG cut off halfway (its header reads, its pixels do not)',
      () => [media(photo.subarray(0, photo.length / 2))],
      'media',
    ],
    // The good photo is stored before the other fails: it is removed again.
    [
      'a good photo beside a cut-off one',
      () => [media(photo), media(photo.subarray(0, photo.length / 2))],
      'media',
    ],
    [
      'a video whose poster is not a picture',
      () => [media(VIDEO, 'video/mp4'), poster(notAPicture)],
      'thumbnail',
    ],
  ])('refuses %s with a 4xx saying so, and stores nothing', async (_name, files, field) => {
    const before = await snapshot();
    const answer = await sendReview(`Refused ${randomUUID()}`, files());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      error: 'unreadable_image',
      field,
      message: expect.stringMatching(/could not be read: it is not a whole JPEG picture\.$/),
    });
    expect(await snapshot()).toEqual(before);
  });

  it('takes no thumbnailUrl from the client: only what it stored', async () => {
    const before = await snapshot();
    const answer = await sendReview(`Forged ${randomUUID()}`, [media(photo)], {
      thumbnailUrl: 'https://evil.example/tracker.jpg',
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ field: 'thumbnailUrl' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('payment-intent-for-both', () => {
  async function captchaToken(): Promise<string> {
    const answer = await fetch(
      `${api.origin}/__recaptcha/token`,
      jsonPost({ sitekey: 'test-site-key' }),
    );
    return ((await answer.json()) as { token: string }).token;
  }

  async function payWithCard(clientSecret: string): Promise<void> {
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const answer = await fetch(`${api.origin}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: EMULATOR_PUBLISHABLE_KEY,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '4242424242424242',
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 1),
        'payment_method_data[card][cvc]': '123',
      }).toString(),
    });
    expect(((await answer.json()) as { status: string }).status).toBe('succeeded');
  }

  it('publishes the photo of a review paid with its tip upright and without metadata', async () => {
    const text = `A paid photo ${randomUUID()}`;
    const amount = 1500;
    const form = reviewForm(text, [media(photo)], {
      gratitudeType: 'BOTH',
      ...cardTipFields(amount, await captchaToken()),
    });
    const answer = await post('payment/payment-intent-for-both', form);
    expect(answer.status).toBe(200);
    const { paymentIntent } = ((await answer.json()) as { data: { paymentIntent: string } }).data;
    // Stored on arrival (stripped already), published once paid.
    await payWithCard(paymentIntent);
    const item = await feedItem(text);
    expect(item.tipAmount).toBe(amount);
    await expectUprightWithoutMetadata(item.media[0]?.imgUrl);
  });
});
