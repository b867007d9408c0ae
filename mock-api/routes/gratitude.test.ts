import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  MAX_VIDEO_BYTES,
  MESSAGE_IMAGE_SIZE,
  MESSAGE_ONE_VIDEO,
  MESSAGE_TEXT_OR_MEDIA_REQUIRED,
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_UNSUPPORTED_FORMAT,
  MESSAGE_VIDEO_LIMITS,
} from '../../src/api/contract/limits';
import {
  type RunningMockApi,
  guestReviewFields,
  jsonPost,
  onDisk,
  profileOf,
  startMockApi,
} from '../testing';
import { SEED_MEDIA_DIR } from '../db/store';

const PROFILE = 'ava-martinez';
const seedFile = (name: string) => readFileSync(path.join(SEED_MEDIA_DIR, name));
const JPEG = seedFile('ava-feed-01.jpg');
const IMAGES = [
  'ava-feed-01.jpg',
  'ava-feed-02.jpg',
  'ava-feed-03.png',
  'ava-feed-04.jpg',
  'ava-feed-05.jpg',
  'ava-feed-06.jpg',
].map(seedFile);
const VIDEO = seedFile('ava-video-latte.mp4');
const THUMBNAIL = seedFile('ava-martinez.jpg');

/** A seed mp4 whose movie header says it lasts `seconds`. */
function mp4Lasting(seconds: number): Buffer {
  const bytes = Buffer.from(VIDEO);
  const at = bytes.indexOf('mvhd') + 4;
  expect(bytes[at]).toBe(0);
  const timescale = bytes.readUInt32BE(at + 12);
  bytes.writeUInt32BE(timescale * seconds, at + 16);
  return bytes;
}

const padded = (head: Buffer | string, size: number) => {
  const start = Buffer.from(head);
  return Buffer.concat([start, Buffer.alloc(size - start.length, 0x20)]);
};

interface Upload {
  field?: 'media' | 'thumbnail';
  bytes: Buffer;
  name: string;
  type: string;
}

let api: RunningMockApi;
let guestId: string;

beforeAll(async () => {
  api = await startMockApi();
  guestId = (await api.createGuest('Jamie Guest', 'jamie@example.com')).userId;
});

afterAll(() => api.close());

function fields(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const all: Record<string, string | undefined> = {
    ...guestReviewFields(guestId, { getThanksUserId: PROFILE }),
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

function send(
  endpoint: 'create-gratitude' | 'image-gratitude',
  options: { fields?: Record<string, string>; files?: Upload[]; key?: string | null } = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? fields())) form.append(name, value);
  for (const file of options.files ?? []) {
    form.append(
      file.field ?? 'media',
      new Blob([new Uint8Array(file.bytes)], { type: file.type }),
      file.name,
    );
  }
  const key = options.key === undefined ? randomUUID() : options.key;
  return api.request(`gratitude/${endpoint}`, {
    method: 'POST',
    body: form,
    headers: key === null ? {} : { 'Idempotency-Key': key },
  });
}

const jpeg = (bytes: Buffer, name = 'photo.jpg'): Upload => ({ bytes, name, type: 'image/jpeg' });
const mp4 = (bytes: Buffer): Upload => ({ bytes, name: 'clip.mp4', type: 'video/mp4' });
const thumbnail: Upload = {
  field: 'thumbnail',
  bytes: THUMBNAIL,
  name: 't.jpg',
  type: 'image/jpeg',
};

const profile = () => profileOf(api, PROFILE);

const snapshot = () => onDisk(api);

describe('accepted gratitude', () => {
  it('stores a text-only review as the newest feed item and counts its kind', async () => {
    const before = await profile();
    const answer = await send('create-gratitude', {
      fields: fields({ icon: 'CELEBRATION', sayThanks: '  Congratulations, Ava!  ' }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { status: number; data: { data: { id: string } } };
    expect(body.status).toBe(200);

    const after = await profile();
    expect(after.userFeed[0]).toMatchObject({
      id: body.data.data.id,
      gratitudeType: 'REVIEW',
      icon: 'CELEBRATION',
      title: 'Jamie Guest celebrated ava.martinez',
      sayThanks: 'Congratulations, Ava!',
      media: [],
      boosted: false,
      tipAmount: null,
      giveThanksUser: { fullName: 'Jamie Guest', profilePicture: null },
    });
    expect(after.iconsCount).toEqual({
      ...before.iconsCount,
      cleberateCount: before.iconsCount.cleberateCount + 1,
    });
  });

  it('stores 3 images under random names and serves them with their detected type', async () => {
    const files = [jpeg(IMAGES[0]!), { ...jpeg(IMAGES[2]!), name: 'shot.png' }, jpeg(IMAGES[1]!)];
    const before = await profile();
    const answer = await send('image-gratitude', { files, fields: fields({ sayThanks: '' }) });
    expect(answer.status).toBe(200);

    const after = await profile();
    const [item] = after.userFeed;
    expect(item?.media.map((m) => m.mimeType)).toEqual(['image/jpeg', 'image/png', 'image/jpeg']);
    expect(after.iconsCount.handshakeCount).toBe(before.iconsCount.handshakeCount + 1);
    for (const [i, media] of (item?.media ?? []).entries()) {
      expect(media.imgUrl).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.(jpg|png)$/);
      const served = await fetch(new URL(media.imgUrl, api.origin));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(media.mimeType);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      // Re-encoded without metadata (mediaStripping.test.ts): same format and size, not bytes.
      const [stored, sent] = await Promise.all(
        [Buffer.from(await served.arrayBuffer()), files[i]!.bytes].map((b) => sharp(b).metadata()),
      );
      expect([stored?.format, stored?.width, stored?.height]).toEqual([
        sent?.format,
        sent?.width,
        sent?.height,
      ]);
    }
  });

  it('ignores a path-traversal file name: the file gets a random name inside uploads', async () => {
    const outside = await readdir(api.dataDir);
    const answer = await send('image-gratitude', { files: [jpeg(JPEG, '../../evil.jpg')] });
    expect(answer.status).toBe(200);
    expect(await readdir(api.dataDir)).toEqual(outside);
    const [item] = (await profile()).userFeed;
    expect(item?.media[0]?.imgUrl).toMatch(/\/media\/uploads\/[0-9a-f-]{36}\.jpg$/);
    expect((await snapshot()).uploads.some((name) => name.includes('evil'))).toBe(false);
  });
});

describe('rejected gratitude stores nothing', () => {
  type Expected = { status: number; field?: string; message?: string };
  const text = (overrides: Record<string, string | undefined>) => () =>
    send('create-gratitude', { fields: fields(overrides) });
  const image =
    (...files: Upload[]) =>
    () =>
      send('image-gratitude', { files });
  const at = (field: string, status = 400): Expected => ({ status, field });
  const says = (message: string, status = 400): Expected => ({ status, message });
  const notMedia = (head: string) => jpeg(padded(head, 30_000));
  const smallPng = {
    bytes: padded(IMAGES[2]!.subarray(0, 64), 10 * 1024),
    name: 'small.png',
    type: 'image/png',
  };
  const unauthenticated = () =>
    api.request('gratitude/create-gratitude', { method: 'POST', headers: { Authorization: '' } });
  const asJson = () =>
    api.request('gratitude/create-gratitude', {
      ...jsonPost(fields()),
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-json' },
    });
  const cases: [string, () => Promise<Response>, Expected][] = [
    ['no guest token', unauthenticated, { status: 401 }],
    ['no Idempotency-Key', () => send('create-gratitude', { key: null }), at('Idempotency-Key')],
    ['a JSON body', asJson, { status: 400 }],
    ['no icon', text({ icon: undefined }), at('icon')],
    ['a bad icon', text({ icon: 'HUG' }), at('icon')],
    ['no title', text({ title: ' ' }), at('title')],
    ['another gratitudeType', text({ gratitudeType: 'TIP' }), at('gratitudeType')],
    ['no guestName', text({ guestName: undefined }), at('guestName')],
    ['a bad email', text({ email: 'jamie@' }), at('email')],
    ['another accountType', text({ accountType: 'User' }), at('accountType')],
    ['a bad isDonate', text({ isDonate: 'maybe' }), at('isDonate')],
    ['isRecurring true', text({ isRecurring: 'true' }), at('isRecurring')],
    ['a non-numeric latitude', text({ latitude: 'north' }), at('latitude')],
    ['an unknown field', text({ admin: 'true' }), at('admin')],
    ['an unknown profile', text({ getThanksUserId: 'nobody' }), at('getThanksUserId', 404)],
    ['an unknown guest', text({ userId: 'guest-nobody' }), at('userId', 404)],
    ['neither text nor media', text({ sayThanks: '   ' }), says(MESSAGE_TEXT_OR_MEDIA_REQUIRED)],
    [
      'neither text nor media (image endpoint)',
      () => send('image-gratitude', { fields: fields({ sayThanks: '' }) }),
      says(MESSAGE_TEXT_OR_MEDIA_REQUIRED),
    ],
    [
      'a file sent to the text-only endpoint',
      () => send('create-gratitude', { files: [jpeg(JPEG)] }),
      at('media'),
    ],
    [
      'a .jpg whose bytes are HTML',
      image(notMedia('<!DOCTYPE html><html><script>alert(1)</script>')),
      says(MESSAGE_UNSUPPORTED_FORMAT),
    ],
    ['a 10 KB png', image(smallPng), says(MESSAGE_IMAGE_SIZE)],
    ['a 6 MB jpeg', image(jpeg(padded(JPEG, 6 * 1024 * 1024))), says(MESSAGE_IMAGE_SIZE, 413)],
    ['6 images', image(...IMAGES.map((b) => jpeg(b))), says(MESSAGE_TOO_MANY_IMAGES)],
    [
      '8 files (past the parser limit)',
      image(...[...IMAGES, JPEG, JPEG].map((b) => jpeg(b))),
      says(MESSAGE_TOO_MANY_IMAGES),
    ],
    [
      'two videos',
      image(mp4(VIDEO), mp4(seedFile('ava-video-sunrise.mp4')), thumbnail),
      says(MESSAGE_ONE_VIDEO),
    ],
    ['a video with images', image(mp4(VIDEO), jpeg(JPEG), thumbnail), says(MESSAGE_VIDEO_LIMITS)],
    [
      'a video over 50 MB (cut off by the parser)',
      image(mp4(padded(VIDEO, MAX_VIDEO_BYTES + 1024 * 1024)), thumbnail),
      says(MESSAGE_VIDEO_LIMITS, 413),
    ],
    ['a 40-second mp4', image(mp4(mp4Lasting(40)), thumbnail), says(MESSAGE_VIDEO_LIMITS)],
    ['a video without a thumbnail', image(mp4(VIDEO)), at('thumbnail')],
    [
      'a thumbnail that is a png',
      image(mp4(VIDEO), { ...thumbnail, bytes: IMAGES[2]! }),
      at('thumbnail'),
    ],
    ['a file in another field', image({ ...jpeg(JPEG), field: 'avatar' as 'media' }), at('avatar')],
    ['a field over 4 KB', text({ title: 'x'.repeat(5000) }), at('title')],
    // Which characters are refused, and their names: freeText.test.ts.
    [
      'a Say thanks holding U+202E',
      text({ sayThanks: 'Thanks for \u202eeverything, Ava!' }),
      {
        status: 400,
        field: 'sayThanks',
        message:
          "sayThanks can't contain U+202E (RIGHT-TO-LEFT OVERRIDE): control characters and text-direction embeddings, overrides and isolates are refused (line breaks and tabs are fine).",
      },
    ],
    [
      'a Say thanks holding NUL, with images',
      () =>
        send('image-gratitude', {
          fields: fields({ sayThanks: 'Thanks\u0000' }),
          files: [jpeg(JPEG)],
        }),
      at('sayThanks'),
    ],
  ];

  it.each(cases)('%s', async (_name, request, expected) => {
    const before = await snapshot();
    const answer = await request();
    expect(answer.status).toBe(expected.status);
    const body = (await answer.json()) as { error: string; message: string; field?: string };
    expect(body).not.toHaveProperty('status');
    if (expected.field) expect(body.field).toBe(expected.field);
    if (expected.message) expect(body.message).toBe(expected.message);
    expect(await snapshot()).toEqual(before);
  });
});

const FAMILY = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}';

describe('lengths, in characters as a person counts them', () => {
  it.each([
    ['250 emoji', '\u{1F600}'.repeat(249)],
    ['250 family emoji (over 4 KB of UTF-8)', FAMILY.repeat(249)],
    ['250 characters after leading spaces', `${' '.repeat(40)}${'x'.repeat(249)}`],
  ])('takes a Say thanks of %s', async (_what, start) => {
    const text = `${start}${randomUUID().slice(0, 1)}`;
    const answer = await send('create-gratitude', { fields: fields({ sayThanks: text }) });
    expect(answer.status).toBe(200);
    expect((await profile()).userFeed.map((item) => item.sayThanks)).toContain(text.trim());
  });

  it.each([
    ['sayThanks', 251, 'sayThanks must be at most 250 characters.'],
    ['guestName', 31, 'guestName must be at most 30 characters.'],
  ])('refuses a %s of %i emoji, saying what is wrong', async (field, count, message) => {
    const before = await snapshot();
    const answer = await send('create-gratitude', {
      fields: fields({ [field]: '\u{1F600}'.repeat(count) }),
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(await answer.json()).toMatchObject({ field, message });
    expect(await snapshot()).toEqual(before);
  });

  it('takes a 30-character guestName that ends in an emoji, and publishes it whole', async () => {
    const guestName = `${'Anne-Marie McDonald O'.padEnd(29, 'x')}${FAMILY}`;
    const text = `Thanks! ${randomUUID()}`;
    const answer = await send('create-gratitude', {
      fields: fields({ guestName, sayThanks: text }),
    });
    expect(answer.status).toBe(200);
    const item = (await profile()).userFeed.find((entry) => entry.sayThanks === text);
    expect(item?.giveThanksUser.fullName).toBe(guestName);
    expect(item?.title).toBe(`${guestName} recognized ava.martinez`);
  });
});

describe('Say thanks', () => {
  it('keeps its line breaks and tabs', async () => {
    const text = `Thank you!\nFor the latte art,\n\tand the smile. ${randomUUID()}`;
    const answer = await send('create-gratitude', { fields: fields({ sayThanks: text }) });
    expect(answer.status).toBe(200);
    // A form's text goes with its line breaks as CR LF (fetch, as a browser, sends them so).
    expect((await profile()).userFeed.map((item) => item.sayThanks)).toContain(
      text.replaceAll('\n', '\r\n'),
    );
  });
});

describe('the Review Title', () => {
  // What a security probe published as a card's headline.
  const FORGED = 'Ava Martinez Is Under Investigation: Tip Jordan Instead';

  it.each([
    ['create-gratitude', []],
    ['image-gratitude', [jpeg(JPEG)]],
  ] as const)(
    '%s publishes the guest name, the kind and the profile, whatever title was sent',
    async (endpoint, files) => {
      const text = `Thanks, Ava! ${randomUUID()}`;
      const answer = await send(endpoint, {
        fields: fields({ icon: 'GRATITUDE', title: FORGED, sayThanks: text }),
        files: [...files],
      });
      expect(answer.status).toBe(200);
      const item = (await profile()).userFeed.find((entry) => entry.sayThanks === text);
      expect(item?.title).toBe('Jamie Guest thanked ava.martinez');
      expect((await snapshot()).data.toString()).not.toContain('Under Investigation');
    },
  );

  it('is written from the guest name as the API keeps it (trimmed, NFC)', async () => {
    const text = `Merci ! ${randomUUID()}`;
    const answer = await send('create-gratitude', {
      fields: fields({ guestName: '  Jose\u0301 Guest ', title: 'whatever', sayThanks: text }),
    });
    expect(answer.status).toBe(200);
    const item = (await profile()).userFeed.find((entry) => entry.sayThanks === text);
    expect(item?.title).toBe('Jos\u00e9 Guest recognized ava.martinez');
    expect(item?.giveThanksUser.fullName).toBe('Jos\u00e9 Guest');
  });
});

describe('idempotency', () => {
  const feedLength = async () => api.store.db.feed.length;

  it('refuses the same key with a different body', async () => {
    const key = randomUUID();
    expect((await send('create-gratitude', { key })).status).toBe(200);
    const before = await snapshot();
    const other = await send('create-gratitude', {
      key,
      fields: fields({ sayThanks: 'Something else' }),
    });
    expect(other.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('stores one recognition for concurrent duplicates (a double click)', async () => {
    const key = randomUUID();
    const count = await feedLength();
    const answers = await Promise.all([
      send('image-gratitude', { key, files: [jpeg(JPEG)] }),
      send('image-gratitude', { key, files: [jpeg(JPEG)] }),
      send('image-gratitude', { key, files: [jpeg(JPEG)] }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = await Promise.all(
      answers.map(
        async (a) => ((await a.json()) as { data: { data: { id: string } } }).data.data.id,
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await feedLength()).toBe(count + 1);
    expect((await snapshot()).uploads.filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
