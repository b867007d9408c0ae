import fc from 'fast-check';
import {
  MAX_IMAGE_BYTES,
  MAX_VIDEO_BYTES,
  MESSAGE_IMAGE_SIZE,
  MESSAGE_ONE_VIDEO,
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_UNSUPPORTED_FORMAT,
  MESSAGE_VIDEO_LIMITS,
  MIN_IMAGE_BYTES,
} from '@/api/contract/limits';
import {
  addMedia,
  isValidMediaSet,
  mediaKindOf,
  type CandidateFile,
  type PickedMedia,
} from './validateMedia';

const KB = 1024;
const MB = 1024 * KB;

const png = (name: string, size = 100 * KB): CandidateFile => ({ name, type: 'image/png', size });
const jpeg = (name: string, size = 100 * KB): CandidateFile => ({ name, type: 'image/jpeg', size });
const mp4 = (name: string, durationSeconds = 10, size = 5 * MB): CandidateFile => ({
  name,
  type: 'video/mp4',
  size,
  durationSeconds,
});
const gif = (name: string): CandidateFile => ({ name, type: 'image/gif', size: 100 * KB });

const names = (media: PickedMedia[]) => media.map((item) => item.file.name);
const attached = (...files: CandidateFile[]) => addMedia([], files).media;

describe('mediaKindOf', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['image/jpg', 'image'],
    ['image/png', 'image'],
    ['video/mp4', 'video'],
    ['video/quicktime', 'video'],
    ['image/gif', null],
    ['video/webm', null],
    ['', null],
  ])('reads %j as %p', (type, kind) => {
    expect(mediaKindOf({ type })).toBe(kind);
  });
});

describe('addMedia', () => {
  it('keeps one video of at most 30 seconds and 50 MB', () => {
    const quicktime = { ...mp4('clip.mov', 29.9, MAX_VIDEO_BYTES), type: 'video/quicktime' };
    const result = addMedia([], [quicktime]);
    expect(names(result.media)).toEqual(['clip.mov']);
    expect(result.media[0]?.kind).toBe('video');
    expect(result.errors).toEqual([]);
  });

  const [FORMAT, ONE_VIDEO, SIZE, VIDEO] = [
    MESSAGE_UNSUPPORTED_FORMAT,
    MESSAGE_ONE_VIDEO,
    MESSAGE_IMAGE_SIZE,
    MESSAGE_VIDEO_LIMITS,
  ];
  const five = ['1', '2', '3', '4', '5'];
  const six = [...five, '6'].map((name) => png(name));

  // The case, the files picked, the names kept, the messages, and what was attached before.
  it.each<[string, CandidateFile[], string[], string[], PickedMedia[]?]>([
    [
      'up to 5 good images are kept',
      [png('1'), jpeg('2'), png('3'), jpeg('4'), png('5')],
      five,
      [],
    ],
    ['a gif among pngs', [png('1'), gif('a.gif'), png('2')], ['1', '2'], [FORMAT]],
    ['a video when one is attached', [mp4('v2')], ['v1'], [ONE_VIDEO], attached(mp4('v1'))],
    ['a second video after a too long one', [mp4('long', 40), mp4('v2')], [], [VIDEO, ONE_VIDEO]],
    ['a sixth image', six, five, [MESSAGE_TOO_MANY_IMAGES]],
    [
      'bad sizes taking no place among six images',
      [six[0]!, png('small', 1), ...six.slice(1)],
      five,
      [SIZE, MESSAGE_TOO_MANY_IMAGES],
    ],
    [
      'images of exactly 25 KB and 5 MB are kept, not a byte outside',
      [
        png('min', MIN_IMAGE_BYTES),
        png('max', MAX_IMAGE_BYTES),
        png('under', MIN_IMAGE_BYTES - 1),
        png('over', MAX_IMAGE_BYTES + 1),
      ],
      ['min', 'max'],
      [SIZE],
    ],
    ['a video of exactly 30 seconds is kept', [mp4('thirty', 30)], ['thirty'], []],
    ['a video just over 30 seconds', [mp4('thirty', 30.05)], [], [VIDEO]],
    ['a video over 50 MB', [mp4('huge', 10, MAX_VIDEO_BYTES + 1)], [], [VIDEO]],
    ['a video of unknown length', [{ ...mp4('x'), durationSeconds: undefined }], [], [VIDEO]],
    ['a video of endless length', [mp4('x', Number.POSITIVE_INFINITY)], [], [VIDEO]],
    ['a video added to images', [mp4('v')], ['1'], [VIDEO], attached(png('1'))],
    ['images added to a video', [png('1'), png('2')], ['v'], [VIDEO], attached(mp4('v'))],
    [
      'every kind of problem at once',
      [png('1'), gif('g'), gif('h'), png('s', 1), png('t', 2), mp4('v'), mp4('w')],
      ['1'],
      [FORMAT, SIZE, VIDEO],
    ],
  ])('%s', (_case, incoming, expectedNames, expectedErrors, current = []) => {
    const result = addMedia(current, incoming);
    expect(names(result.media)).toEqual(expectedNames);
    expect(result.errors).toEqual(expectedErrors);
  });

  it('does not change the list it was given, and returns the caller’s own file objects', () => {
    const current = attached(png('1'));
    const file = png('mine');
    expect(addMedia(current, [file]).media[1]?.file).toBe(file);
    expect(names(current)).toEqual(['1']);
  });
});

describe('addMedia properties', () => {
  const candidate: fc.Arbitrary<CandidateFile> = fc.record({
    name: fc.string({ maxLength: 8 }),
    type: fc.constantFrom(
      'image/jpeg',
      'image/png',
      'video/mp4',
      'video/quicktime',
      'image/gif',
      '',
    ),
    size: fc.oneof(
      fc.integer({ min: 0, max: 60 * MB }),
      fc.constantFrom(MIN_IMAGE_BYTES, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, MAX_VIDEO_BYTES + 1),
    ),
    durationSeconds: fc.option(fc.double({ min: 0, max: 60, noNaN: true }), { nil: undefined }),
  });
  // Picks made one after another, each added to what the previous ones kept.
  const picks = fc.array(fc.array(candidate, { maxLength: 8 }), { maxLength: 5 });

  const run = (selections: CandidateFile[][]) => {
    let media: PickedMedia[] = [];
    const results = selections.map((incoming) => {
      const result = addMedia(media, incoming);
      media = result.media;
      return result;
    });
    return { media, results };
  };

  it('only ever keeps a valid set: at most 5 images or 1 video, never both, each within its limits', () => {
    fc.assert(
      fc.property(picks, (selections) => {
        for (const { media } of run(selections).results) {
          const images = media.filter((item) => item.kind === 'image').length;
          const videos = media.filter((item) => item.kind === 'video').length;
          expect(images).toBeLessThanOrEqual(5);
          expect(videos).toBeLessThanOrEqual(1);
          expect(images === 0 || videos === 0).toBe(true);
          expect(isValidMediaSet(media)).toBe(true);
        }
      }),
    );
  });

  it('keeps what was attached, and explains every file it refuses, each message once', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 8 }), picks, (first, later) => {
        const current = addMedia([], first).media;
        for (const incoming of later) {
          const result = addMedia(current, incoming);
          expect(result.media.slice(0, current.length)).toEqual(current);
          const refused = current.length + incoming.length - result.media.length;
          if (refused > 0) expect(result.errors.length).toBeGreaterThan(0);
          else expect(result.errors).toEqual([]);
          expect(new Set(result.errors).size).toBe(result.errors.length);
        }
      }),
    );
  });
});

describe('isValidMediaSet', () => {
  it('refuses a mix of an image and a video, two videos, or six images', () => {
    const image: PickedMedia = { kind: 'image', file: png('1') };
    const video: PickedMedia = { kind: 'video', file: mp4('v') };
    expect(isValidMediaSet([image, video])).toBe(false);
    expect(isValidMediaSet([video, video])).toBe(false);
    expect(isValidMediaSet(Array.from({ length: 6 }, () => image))).toBe(false);
    expect(isValidMediaSet(Array.from({ length: 5 }, () => image))).toBe(true);
    expect(isValidMediaSet([{ kind: 'image', file: png('s', 1) }])).toBe(false);
    expect(isValidMediaSet([{ kind: 'image', file: mp4('v') }])).toBe(false);
    expect(isValidMediaSet([])).toBe(true);
  });
});
