/** @jest-environment node */
// A resized picture: upright, never wider than its source, in the format negotiated, with no
// metadata at all; and what is refused before anything is decoded.
import exifReader from 'exif-reader';
import sharp from 'sharp';
import {
  NO_METADATA,
  PHONE_CAMERA,
  makePhonePhoto,
  markerCorner,
  metadataBlocks,
} from '../../../scripts/phonePhotos';
import { MAX_SOURCE_PIXELS, negotiateFormat, resizePicture, type OutputFormat } from './resize';
import { makeJpegBomb, makePngBomb } from './testing';

describe('negotiateFormat', () => {
  it.each([
    // Chrome, Firefox and Safari 17 ask for pictures with these.
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'webp'],
    ['image/avif,image/webp,*/*', 'webp'],
    ['image/webp,image/avif,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5', 'webp'],
    ['image/avif, image/png;q=0.9', 'avif'],
    ['image/webp;q=0, image/avif;q=0.5', 'avif'],
    ['IMAGE/WebP', 'webp'],
    ['image/avif;q=0, image/webp;q=0.0', 'jpeg'],
    // A wildcard does not name WebP.
    ['*/*', 'jpeg'],
    ['', 'jpeg'],
    [undefined, 'jpeg'],
  ])('Accept %j -> %s', (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format);
  });
});

describe('resizePicture', () => {
  let photo: Buffer;

  beforeAll(async () => {
    // Stored 800 x 600, shown 600 x 800 (Orientation 6), as a phone held upright.
    photo = await makePhonePhoto({ width: 800, height: 600, orientation: 6 });
  });

  it('starts from a photo with GPS and camera EXIF, stored on its side', async () => {
    const metadata = await sharp(photo).metadata();
    expect(metadata).toMatchObject({ width: 800, height: 600, orientation: 6 });
    const exif = exifReader(metadata.exif!);
    expect(exif.GPSInfo?.GPSLatitude).toBeDefined();
    expect(exif.Image?.Model).toBe(PHONE_CAMERA.Model);
  });

  it.each<[OutputFormat, string]>([
    ['webp', 'webp'],
    ['avif', 'heif'],
    ['jpeg', 'jpeg'],
  ])('as %s: upright, at the width asked, with no metadata left', async (format, sharpFormat) => {
    const resized = await resizePicture(photo, 256, format);
    const metadata = await sharp(resized).metadata();
    expect(metadata.format).toBe(sharpFormat);
    expect([metadata.width, metadata.height]).toEqual([256, Math.round((800 * 256) / 600)]);
    expect(await metadataBlocks(resized)).toEqual(NO_METADATA);
    // The marker drawn at the stored top-left corner now shows at the top-right.
    expect(await markerCorner(resized)).toBe('top-right');
  });

  it('never makes a picture wider than its source', async () => {
    const resized = await resizePicture(photo, 2048, 'webp');
    expect(await sharp(resized).metadata()).toMatchObject({ width: 600, height: 800 });
  });

  it.each([
    ['a 30,000 x 30,000 PNG', () => makePngBomb(30_000)],
    ['a JPEG whose header says 65,000 x 65,000', () => makeJpegBomb(65_000)],
  ])('refuses %s (a decompression bomb) from its header', async (_name, make) => {
    const bomb = await make();
    const declared = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(declared.width! * declared.height!).toBeGreaterThan(MAX_SOURCE_PIXELS * 10);
    await expect(resizePicture(bomb, 256, 'webp')).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('megapixels'),
    });
  });

  it.each([
    [
      'a page',
      Buffer.from('<!doctype html><title>x</title>'),
      'not a picture this server can read',
    ],
    [
      'an SVG document',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>'),
      'svg format are not resized',
    ],
  ])('refuses %s', async (_name, input, message) => {
    await expect(resizePicture(input, 256, 'jpeg')).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining(message),
    });
  });
});
