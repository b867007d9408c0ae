// A review form's checks (gratitude/create-gratitude, image-gratitude, and the review part of
// payment-intent-for-both): its fields by the contract's rules, its media by their bytes.
import { promises as fs } from 'node:fs';
import * as yup from 'yup';
import { GRATITUDE_ICONS, type GratitudeIcon } from '../src/api/contract/types';
import {
  MAX_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_TITLE_LENGTH,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  MESSAGE_IMAGE_SIZE,
  MESSAGE_ONE_VIDEO,
  MESSAGE_TEXT_OR_MEDIA_REQUIRED,
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_UNSUPPORTED_FORMAT,
  MESSAGE_VIDEO_LIMITS,
  MIN_IMAGE_BYTES,
  type ImageType,
  isImageType,
  isVideoType,
} from '../src/api/contract/limits';
import { normalizeName } from '../src/api/contract/names';
import {
  REVIEW_FORM_FIELDS,
  type ReviewFormField,
  reviewTitle,
} from '../src/api/contract/reviewForm';
import { emailAddress, gratitudeIcon, sayThanksText } from '../src/api/contract/schemas';
import type { AcceptedMedia, Review } from './db/reviews';
import type { Db } from './db/types';
import { refusedCharacter, refusedCharacterMessage } from './freeText';
import { HttpError, badRequest, notFound } from './http';
import { videoDurationSeconds } from './mediaSniff';
import { checkImage, stripVideoLocationInFile } from './stripMedia';
import type { ParsedForm, UploadedFile } from './multipart';
import { type Shape, checkFields, choice, asSent, nameField, text, textString } from './validation';

/** The video's thumbnail is a 300 x 300 JPEG at quality 0.7: far below this. */
const MAX_THUMBNAIL_BYTES = 1024 * 1024;

const FIELD_NAMES: ReadonlySet<string> = new Set(REVIEW_FORM_FIELDS);

/** A latitude or longitude, as the form writes it ('0'), from -limit to limit. */
const coordinate = (limit: number) =>
  asSent(
    textString({ max: 20 })
      .matches(/^-?\d{1,3}(\.\d{1,12})?$/, '${path} must be a number.')
      .test('range', `\${path} must be from -${limit} to ${limit}.`, (value) =>
        value === undefined ? true : Math.abs(Number(value)) <= limit,
      ),
  );

/** Say thanks: the contract's rule (trimmed, at most 250 characters), then its characters. */
const sayThanks = () =>
  sayThanksText(`\${path} must be at most \${max} characters.`)
    .default('')
    .test('characters', function check(value) {
      const found = value ? refusedCharacter(value) : null;
      return (
        found === null || this.createError({ message: refusedCharacterMessage(this.path, found) })
      );
    });

/**
 * The form's fields in the order they are checked: the guest's name before the title that
 * carries it ({guestName} recognized {userName}), so a bad name is refused as the name.
 */
const reviewShape = (gratitudeType: ReviewRules['gratitudeType']) =>
  ({
    gratitudeType: choice([gratitudeType]),
    icon: asSent(
      gratitudeIcon(
        textString({ max: 40 }),
        `\${path} must be ${GRATITUDE_ICONS.join(' or ')}.`,
      ) as yup.StringSchema<GratitudeIcon>,
    ),
    guestName: nameField(),
    title: nameField({ max: MAX_TITLE_LENGTH }),
    sayThanks: sayThanks(),
    accountType: choice(['Guest']),
    email: asSent(emailAddress(textString({ max: 254 }), '${path} is not a valid address.')),
    latitude: coordinate(90),
    longitude: coordinate(180),
    getThanksUserId: text({ max: 100 }),
    userId: text({ max: 100 }),
    ngoId: yup.string().max(100, '${path} must be at most ${max} characters.').default(''),
    isRecurring: choice(['false']),
    isDonate: choice(['true', 'false']),
  }) satisfies Record<ReviewFormField, Shape[string]>;

const REVIEW_SHAPES = { REVIEW: reviewShape('REVIEW'), BOTH: reviewShape('BOTH') };

export interface ReviewRules {
  gratitudeType: 'REVIEW' | 'BOTH';
  /** none: text only (create-gratitude); required: image-gratitude; optional: either. */
  media: 'none' | 'required' | 'optional';
  /** Fields of the form that belong to something else (the payment of a BOTH form). */
  otherFields?: ReadonlySet<string>;
}

/** Checks a review form's fields and media (the files are left where they are). */
export async function validateReview(
  form: ParsedForm,
  db: Db,
  rules: ReviewRules,
): Promise<Review> {
  for (const name of form.fields.keys()) {
    if (!FIELD_NAMES.has(name) && !rules.otherFields?.has(name)) {
      throw badRequest(name, `${name} is not a field of a gratitude.`);
    }
  }
  const fields = checkFields(Object.fromEntries(form.fields), REVIEW_SHAPES[rules.gratitudeType]);
  const { icon, guestName, sayThanks, getThanksUserId, userId, ngoId } = fields;
  const isDonate = fields.isDonate === 'true';

  const profile = db.users.find((u) => u._id === getThanksUserId);
  if (!profile) {
    throw notFound(`No account exists with the id "${getThanksUserId}".`, 'getThanksUserId');
  }
  if (!db.guests.some((g) => g.userId === userId)) {
    throw notFound(`No guest exists with the id "${userId}".`, 'userId');
  }
  // The Review Title is the guest's name, the kind's verb and the profile's userName (spec 2),
  // published as the card's headline: the API writes it from those, whatever title was sent (it
  // is still checked above as text that carries a name), so no guest can publish another one.
  const title = normalizeName(reviewTitle(guestName, icon, profile.userName));

  const review = { icon, title, sayThanks, guestName, getThanksUserId, userId, ngoId, isDonate };
  if (rules.media === 'none') {
    if (form.files.length > 0) {
      throw badRequest('media', 'create-gratitude takes no files; send media to image-gratitude.');
    }
    if (!sayThanks) throw badRequest('sayThanks', MESSAGE_TEXT_OR_MEDIA_REQUIRED);
    return { ...review, media: [] };
  }
  if (rules.media === 'optional' && form.files.length === 0) {
    if (!sayThanks) throw badRequest('sayThanks', MESSAGE_TEXT_OR_MEDIA_REQUIRED);
    return { ...review, media: [] };
  }
  return { ...review, media: await validateMedia(form.files, sayThanks) };
}

async function validateMedia(files: UploadedFile[], sayThanks: string): Promise<AcceptedMedia[]> {
  const media = files.filter((f) => f.field === 'media');
  const thumbnails = files.filter((f) => f.field === 'thumbnail');
  if (media.length === 0) {
    if (!sayThanks) throw badRequest('media', MESSAGE_TEXT_OR_MEDIA_REQUIRED);
    throw badRequest(
      'media',
      'image-gratitude needs at least one media file; send text-only reviews to create-gratitude.',
    );
  }
  const accepted: AcceptedMedia[] = [];
  for (const file of media) {
    if (!file.type) throw badRequest('media', MESSAGE_UNSUPPORTED_FORMAT);
    accepted.push({ file, type: file.type });
  }
  const images = accepted.filter((m): m is AcceptedMedia & { type: ImageType } =>
    isImageType(m.type),
  );
  const videos = accepted.filter((m) => isVideoType(m.type));
  if (videos.length > 1) throw badRequest('media', MESSAGE_ONE_VIDEO);
  // Images with a video: the video message, which says "either up to 5 images or 1 video".
  if (videos.length === 1 && images.length > 0) throw badRequest('media', MESSAGE_VIDEO_LIMITS);
  if (images.length > MAX_IMAGES) throw badRequest('media', MESSAGE_TOO_MANY_IMAGES);
  for (const { file } of images) {
    if (file.size > MAX_IMAGE_BYTES) {
      throw new HttpError(413, 'too_large', MESSAGE_IMAGE_SIZE, 'media');
    }
    if (file.size < MIN_IMAGE_BYTES) throw badRequest('media', MESSAGE_IMAGE_SIZE);
  }
  // Headers only: the pixels are decoded when the picture is stored, stripped (./stripMedia).
  for (const { file, type } of images) await checkImage(file.tempPath, type, 'media');

  const [video] = videos;
  if (!video) {
    if (thumbnails.length > 0) {
      throw badRequest('thumbnail', 'A thumbnail goes only with a video.');
    }
    return accepted;
  }
  if (video.file.size > MAX_VIDEO_BYTES) {
    throw new HttpError(413, 'too_large', MESSAGE_VIDEO_LIMITS, 'media');
  }
  const bytes = await fs.readFile(video.file.tempPath);
  const seconds = videoDurationSeconds(bytes);
  // The spec: "at most ... 30 seconds"; a video whose header has no duration is refused.
  if (seconds === null || seconds > MAX_VIDEO_SECONDS) {
    throw badRequest('media', MESSAGE_VIDEO_LIMITS);
  }
  // Without its location from here on (or a 400 saying why it can't be), from the one read: two
  // copies of a 50 MB upload held at once doubled what a request cost in memory.
  await stripVideoLocationInFile(video.file.tempPath, bytes);
  const [thumbnail] = thumbnails;
  if (!thumbnail || thumbnails.length > 1) {
    throw badRequest('thumbnail', 'A video needs one JPEG thumbnail (the "thumbnail" file).');
  }
  if (thumbnail.type !== 'image/jpeg') {
    throw badRequest('thumbnail', 'The thumbnail must be a JPEG image.');
  }
  if (thumbnail.size > MAX_THUMBNAIL_BYTES) {
    throw new HttpError(413, 'too_large', 'The thumbnail must be at most 1 MB.', 'thumbnail');
  }
  await checkImage(thumbnail.tempPath, 'image/jpeg', 'thumbnail');
  // The poster is stored with its video, and served as the media item's thumbnailUrl.
  return [{ ...video, thumbnail }];
}
