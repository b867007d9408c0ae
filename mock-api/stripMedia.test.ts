// Stored uploads: a picture upright, same format, no metadata (an unreadable one refused, no file
// left); a video without its location, in one write (one the rule can't vouch for: a 400, as is).
import { existsSync, promises as fsPromises } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import {
  NO_METADATA,
  PHONE_CAMERA,
  makePhonePhoto,
  markerCorner,
  metadataBlocks,
} from '../scripts/phonePhotos';
import { SEED_VIDEO, locatedVideos } from '../scripts/locatedVideos';
import { withEmptyXyzBoxes, withTimedMetadataTrack } from '../scripts/craftedVideos';
import {
  VIDEO_REFUSAL_MESSAGES,
  findVideoLocation,
  stripVideoLocation,
} from '../src/api/contract/videoLocation';
import { HttpError } from './http';
import {
  MAX_IMAGE_PIXELS,
  checkImage,
  stripVideoLocationInFile,
  writeStrippedImage,
} from './stripMedia';

let dir: string;
let count = 0;
/** A phone's photo of 1200 x 900 stored, shown turned 90° clockwise, with GPS and camera EXIF. */
let photo: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'grati-strip-'));
  photo = await makePhonePhoto({ width: 1200, height: 900, orientation: 6 });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `bytes` to a fresh file in the test folder and returns its path. */
async function upload(bytes: Buffer): Promise<string> {
  count += 1;
  const file = path.join(dir, `upload-${count}`);
  await writeFile(file, bytes);
  return file;
}

const output = () => path.join(dir, `stored-${(count += 1)}`);

/** A JPEG's first bytes, then noise. */
const LIKE_A_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(30_000, 7)]);

/** A plain `width` x `height` picture of one colour. */
const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A baseline JPEG whose frame header (SOF0) is rewritten to claim `width` x `height`. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = await solid(16, 16, '#808080').jpeg().toBuffer();
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('writeStrippedImage', () => {
  it('stores a phone photo upright, as a JPEG, without its GPS, camera or any other metadata', async () => {
    // The upload does carry what must go (else this test could not fail).
    const sent = await sharp(photo).metadata();
    const exif = exifReader(sent.exif!);
    expect(exif.GPSInfo?.GPSLatitude).toBeDefined();
    expect(exif.Image?.Make).toBe(PHONE_CAMERA.Make);
    expect(sent.orientation).toBe(6);

    const stored = output();
    await writeStrippedImage(await upload(photo), stored, 'image/jpeg', 'media');

    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 900, height: 1200 });
    expect(await metadataBlocks(stored)).toEqual(NO_METADATA);
    // The red marker of the stored top-left corner, turned 90° clockwise, is now top right.
    expect(await markerCorner(stored)).toBe('top-right');
  });

  it('keeps a PNG a PNG (a palette one with its palette), without its EXIF, XMP or ICC profile', async () => {
    const dots = solid(400, 300, '#3366cc')
      .composite([{ input: await solid(40, 40, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
      .withExif({ IFD0: { Make: 'Scanner Co' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .withIccProfile('p3');
    for (const palette of [false, true]) {
      const png = await dots.clone().png({ palette }).toBuffer();
      const sent = await sharp(png).metadata();
      expect(sent).toMatchObject({ format: 'png', isPalette: palette });
      for (const block of [sent.exif, sent.xmp, sent.icc]) expect(block).toBeDefined();

      const stored = output();
      await writeStrippedImage(await upload(png), stored, 'image/png', 'media');
      expect(await sharp(stored).metadata()).toMatchObject({
        format: 'png',
        width: 400,
        height: 300,
        isPalette: palette,
      });
      expect(await metadataBlocks(stored)).toEqual(NO_METADATA);
      expect(await markerCorner(stored)).toBe('top-left');
    }
  });

  it.each([
    ['a JPEG cut off halfway', async () => photo.subarray(0, photo.length / 2)],
    ['a JPEG claiming more pixels than the limit', () => jpegClaiming(10_000, 10_000)],
  ])('refuses %s with a 400 and writes nothing', async (_name, make) => {
    const stored = output();
    const error = await refusal(
      writeStrippedImage(await upload(await make()), stored, 'image/jpeg', 'media'),
    );
    expect(error).toMatchObject({ status: 400, code: 'unreadable_image', field: 'media' });
    expect(error.message).toBe('An image could not be read: it is not a whole JPEG picture.');
    expect(existsSync(stored)).toBe(false);
  });

  it('never replaces a file that is already there', async () => {
    const stored = output();
    await writeFile(stored, 'someone else');
    await expect(
      writeStrippedImage(await upload(photo), stored, 'image/jpeg', 'media'),
    ).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(stored, 'utf8')).toBe('someone else');
  });
});

describe('checkImage', () => {
  it('accepts a phone photo and a 300 x 300 poster', async () => {
    await expect(checkImage(await upload(photo), 'image/jpeg', 'media')).resolves.toBeUndefined();
    const poster = await upload(await makePhonePhoto({ width: 300, height: 300 }));
    await expect(checkImage(poster, 'image/jpeg', 'thumbnail')).resolves.toBeUndefined();
  });

  it('refuses a decompression bomb from its header alone, as too large', async () => {
    // 12,000 x 10,000 claimed by a file of a few hundred bytes: refused without decoding.
    const bomb = await upload(await jpegClaiming(12_000, 10_000));
    const error = await refusal(checkImage(bomb, 'image/jpeg', 'media'));
    expect(error).toMatchObject({ status: 413, code: 'too_large', field: 'media' });
    expect(error.message).toBe(`An image may have at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`);
  });

  it('refuses bytes that are not the picture their first bytes claim', async () => {
    const png = await solid(64, 64, '#fff').png().toBuffer();
    for (const bytes of [LIKE_A_JPEG, png]) {
      const error = await refusal(checkImage(await upload(bytes), 'image/jpeg', 'media'));
      expect(error).toMatchObject({ status: 400, code: 'unreadable_image', field: 'media' });
    }
  });

  it('refuses a poster larger than 300 x 300, or one that is no JPEG picture', async () => {
    const large = await upload(await makePhonePhoto({ width: 301, height: 200 }));
    const tooLarge = await refusal(checkImage(large, 'image/jpeg', 'thumbnail'));
    expect(tooLarge).toMatchObject({ status: 400, field: 'thumbnail' });
    expect(tooLarge.message).toBe('The thumbnail must be at most 300 by 300 pixels.');

    const garbage = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(9)]));
    const unreadable = await refusal(checkImage(garbage, 'image/jpeg', 'thumbnail'));
    expect(unreadable).toMatchObject({ status: 400, code: 'unreadable_image', field: 'thumbnail' });
    expect(unreadable.message).toBe(
      'The thumbnail could not be read: it is not a whole JPEG picture.',
    );
  });
});

describe('stripVideoLocationInFile', () => {
  it.each(locatedVideos().map((video) => [video.carries, video] as const))(
    'neutralises %s in the file itself, as the pure rule does',
    async (_carries, video) => {
      const file = await upload(video.bytes);
      const removed = await stripVideoLocationInFile(file);
      expect(removed.length).toBeGreaterThan(0);
      const stored = await readFile(file);
      expect(findVideoLocation(stored)).toEqual([]);
      expect(stored.equals(stripVideoLocation(Buffer.from(video.bytes)).bytes)).toBe(true);
    },
  );

  it('leaves a video that says nothing of where as it came', async () => {
    const video = await readFile(SEED_VIDEO);
    const file = await upload(video);
    expect(await stripVideoLocationInFile(file)).toEqual([]);
    expect((await readFile(file)).equals(video)).toBe(true);
  });
});

describe('stripVideoLocationInFile, bounded', () => {
  /** Counts the writes made through every file handle opened meanwhile. */
  function countWrites(): { writes: () => number } {
    let writes = 0;
    const open = fsPromises.open.bind(fsPromises);
    jest.spyOn(fsPromises, 'open').mockImplementation(async (...args) => {
      const handle = await open(...args);
      const write = handle.write.bind(handle) as (...a: unknown[]) => unknown;
      handle.write = ((...a: unknown[]) => {
        writes += 1;
        return write(...a);
      }) as typeof handle.write;
      return handle;
    });
    return { writes: () => writes };
  }

  afterEach(() => jest.restoreAllMocks());

  it('writes 50,000 neutralised boxes back in one write', async () => {
    const seed = await readFile(SEED_VIDEO);
    const { bytes } = withEmptyXyzBoxes(seed, seed.length + 50_000 * 8);
    const file = await upload(bytes);
    const { writes } = countWrites();
    const removed = await stripVideoLocationInFile(file);
    expect(removed).toHaveLength(50_000);
    expect(writes()).toBe(1);
    const stored = await readFile(file);
    expect(stored.equals(stripVideoLocation(Buffer.from(bytes)).bytes)).toBe(true);
  });

  it("zeroes a GPS track's samples in the file, in one write", async () => {
    const { bytes, samples } = withTimedMetadataTrack(await readFile(SEED_VIDEO), 'gpmd');
    const file = await upload(bytes);
    const { writes } = countWrites();
    expect((await stripVideoLocationInFile(file)).length).toBeGreaterThan(0);
    expect(writes()).toBe(1);
    const stored = await readFile(file);
    expect(findVideoLocation(stored)).toEqual([]);
    for (const { offset, size } of samples) {
      expect(stored.subarray(offset, offset + size).every((b) => b === 0)).toBe(true);
    }
  });

  it("refuses the probe's 6.5 million empty ©xyz boxes with a 400 saying why, leaving the file as it came", async () => {
    const { bytes } = withEmptyXyzBoxes(await readFile(SEED_VIDEO), 52_428_800);
    const file = await upload(bytes);
    const { writes } = countWrites();
    const error = await refusal(stripVideoLocationInFile(file));
    expect(error).toMatchObject({ status: 400, code: 'unreadable_video', field: 'media' });
    expect(error.message).toBe(VIDEO_REFUSAL_MESSAGES['too-many-parts']);
    expect(writes()).toBe(0);
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });
});
