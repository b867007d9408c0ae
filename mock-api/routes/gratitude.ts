// POST gratitude/create-gratitude (text-only review) and gratitude/image-gratitude (review with
// images or one video): multipart parsed under hard limits, media checked by their bytes, and
// storage made idempotent by the Idempotency-Key header.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import busboy from 'busboy';
import { Router, type Request, type Response } from 'express';
import { GRATITUDE_ICONS, type GratitudeIcon, type IconsCount } from '../../src/api/types';
import {
  MAX_IMAGES,
  MAX_IMAGE_BYTES,
  MAX_SAY_THANKS_LENGTH,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_SECONDS,
  MESSAGE_IMAGE_SIZE,
  MESSAGE_ONE_VIDEO,
  MESSAGE_TEXT_OR_MEDIA_REQUIRED,
  MESSAGE_TOO_MANY_IMAGES,
  MESSAGE_UNSUPPORTED_FORMAT,
  MESSAGE_VIDEO_LIMITS,
  MIN_IMAGE_BYTES,
  isImageType,
  isVideoType,
  type MediaType,
} from '../../src/features/gratitude/limits';
import { MAX_FULL_NAME_LENGTH } from './guests';
import type { Db, FeedRecord } from '../db/types';
import type { Store } from '../db/store';
import { EMAIL_PATTERN, HttpError, asyncRoute, badRequest, notFound, requireString } from '../http';
import { SNIFF_BYTES, extensionOf, sniffMediaType, videoDurationSeconds } from '../mediaSniff';

type Endpoint = 'create-gratitude' | 'image-gratitude';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The video's thumbnail is a 300 x 300 JPEG at quality 0.7: far below this. */
const MAX_THUMBNAIL_BYTES = 1024 * 1024;

/** Parser limits: anything past them is cut off before it is read in full. */
const LIMITS = {
  fileSize: MAX_VIDEO_BYTES + 1,
  // 5 images + slack, so 6 images reach the count rule and its message.
  files: MAX_IMAGES + 2,
  fields: 40,
  fieldSize: 4 * 1024,
  fieldNameSize: 100,
  parts: 50,
};

const FIELD_NAMES = new Set([
  'gratitudeType',
  'icon',
  'title',
  'sayThanks',
  'accountType',
  'guestName',
  'email',
  'latitude',
  'longitude',
  'getThanksUserId',
  'userId',
  'ngoId',
  'isRecurring',
  'isDonate',
]);

const COUNT_OF_ICON: Record<GratitudeIcon, keyof IconsCount> = {
  RECOGNITION: 'handshakeCount',
  APPRECIATION: 'thumbsupCount',
  CELEBRATION: 'cleberateCount',
  GRATITUDE: 'thankyouCount',
};

interface UploadedFile {
  field: 'media' | 'thumbnail';
  tempPath: string;
  /** Bytes received (up to the parser's limit). */
  size: number;
  head: Buffer;
  sha256: string;
  /** The file went past the parser's file size limit. */
  truncated: boolean;
  type: MediaType | null;
}

interface ParsedForm {
  fields: Map<string, string>;
  files: UploadedFile[];
}

interface AcceptedMedia {
  file: UploadedFile;
  type: MediaType;
}

interface Review {
  icon: GratitudeIcon;
  title: string;
  sayThanks: string;
  guestName: string;
  getThanksUserId: string;
  media: AcceptedMedia[];
}

export function gratitudeRoutes(store: Store): Router {
  const router = Router();
  const inFlight = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier request with the same key has finished. */
  async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = inFlight.get(key) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.catch(() => undefined);
    inFlight.set(key, tail);
    try {
      return await run;
    } finally {
      if (inFlight.get(key) === tail) inFlight.delete(key);
    }
  }

  const handler = (endpoint: Endpoint) =>
    asyncRoute(async (req: Request, res: Response) => {
      const key = idempotencyKey(req);
      let form: ParsedForm;
      try {
        form = await parseForm(req, store.uploadsDir);
      } catch (error) {
        // The rest of the body was not read: close the connection rather than read it.
        res.setHeader('Connection', 'close');
        throw error;
      }
      let outcome: { answer: unknown; replayed: boolean };
      try {
        const bodyHash = hashForm(endpoint, form);
        outcome = await serialized(key, async () => {
          const known = (store.db.idempotency ?? []).find((r) => r.key === key);
          if (known) {
            if (known.endpoint !== endpoint || known.bodyHash !== bodyHash) {
              throw new HttpError(
                422,
                'idempotency_key_reused',
                `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
                IDEMPOTENCY_HEADER,
              );
            }
            return { answer: known.response, replayed: true };
          }
          const review = await validate(endpoint, form, store.db);
          return { answer: await save(store, key, endpoint, bodyHash, review), replayed: false };
        });
      } finally {
        // Before answering, so no temporary file outlives its request.
        await removeFiles(form.files.map((f) => f.tempPath));
      }
      if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.json(outcome.answer);
    });

  router.post('/gratitude/create-gratitude', handler('create-gratitude'));
  router.post('/gratitude/image-gratitude', handler('image-gratitude'));
  return router;
}

function idempotencyKey(req: Request): string {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (!key) {
    throw badRequest(
      IDEMPOTENCY_HEADER,
      `The ${IDEMPOTENCY_HEADER} header is required: one random value per submission.`,
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest(
      IDEMPOTENCY_HEADER,
      `The ${IDEMPOTENCY_HEADER} header must be 1 to 200 visible ASCII characters.`,
    );
  }
  return key;
}

/**
 * Streams the multipart body: fields into a map, each file into a temporary file in the
 * uploads folder under a random dot-name (static serving ignores dotfiles). The client's file
 * names are never used. On any failure every temporary file is deleted before rejecting.
 */
async function parseForm(req: Request, uploadsDir: string): Promise<ParsedForm> {
  if (!req.is('multipart/form-data')) {
    throw new HttpError(400, 'invalid_body', 'The body must be multipart/form-data.');
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, limits: LIMITS });
  } catch {
    throw new HttpError(400, 'invalid_body', 'The multipart Content-Type has no boundary.');
  }

  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  /** Files still being written: on a stop both ends are destroyed. */
  const open = new Set<{ destroy(): void }>();
  let failure: HttpError | null = null;

  const parsed = new Promise<void>((resolve) => {
    /** Stops reading the request at once: the answer is already known. */
    const stop = (error: HttpError) => {
      failure ??= error;
      req.unpipe(parser);
      req.resume();
      for (const writing of open) writing.destroy();
      resolve();
    };

    parser.on('field', (name, value, info) => {
      if (failure) return;
      if (info.nameTruncated || info.valueTruncated) {
        stop(badRequest(name, `${name} is too long.`));
      } else if (fields.has(name)) {
        stop(badRequest(name, `${name} must be given once.`));
      } else {
        fields.set(name, value);
      }
    });

    parser.on('file', (name, stream) => {
      if (failure) {
        stream.resume();
        return;
      }
      if (name !== 'media' && name !== 'thumbnail') {
        stream.resume();
        stop(badRequest(name, `${name} is not a file field; send files as "media".`));
        return;
      }
      const file: UploadedFile = {
        field: name,
        tempPath: path.join(uploadsDir, `.upload-${randomUUID()}`),
        size: 0,
        head: Buffer.alloc(0),
        sha256: '',
        truncated: false,
        type: null,
      };
      files.push(file);
      const out = createWriteStream(file.tempPath, { flags: 'wx' });
      const writing = {
        destroy: () => {
          stream.destroy();
          out.destroy();
        },
      };
      open.add(writing);
      const hash = createHash('sha256');
      stream.on('data', (chunk: Buffer) => {
        if (file.head.length < SNIFF_BYTES) {
          file.head = Buffer.concat([file.head, chunk.subarray(0, SNIFF_BYTES - file.head.length)]);
        }
        file.size += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => {
        file.truncated = true;
        file.type = sniffMediaType(file.head);
        stop(oversize(file.type));
      });
      writes.push(
        new Promise<void>((resolve, reject) => {
          pipeline(stream, out).then(() => {
            open.delete(writing);
            file.sha256 = hash.digest('hex');
            file.type = sniffMediaType(file.head);
            resolve();
          }, reject);
          // A pipeline whose ends are destroyed mid-way does not always settle: the closed
          // file (its descriptor released, so it can be deleted) is what counts.
          out.once('close', () => {
            if (!out.writableFinished) reject(new Error('The upload was cut off.'));
          });
        }),
      );
    });

    parser.on('filesLimit', () => stop(badRequest('media', MESSAGE_TOO_MANY_IMAGES)));
    parser.on('fieldsLimit', () => stop(badRequest('body', 'The form has too many fields.')));
    parser.on('partsLimit', () => stop(badRequest('body', 'The form has too many parts.')));
    parser.on('error', () =>
      stop(new HttpError(400, 'invalid_body', 'The multipart body is malformed.')),
    );
    parser.on('close', () => resolve());
    req.on('aborted', () =>
      stop(new HttpError(400, 'invalid_body', 'The request was aborted by the client.')),
    );
  });

  req.pipe(parser);
  await parsed;
  const settled = await Promise.allSettled(writes);
  const writeFailed = settled.find((s) => s.status === 'rejected');
  if (!failure && writeFailed) {
    failure = new HttpError(400, 'invalid_body', 'The upload ended before its files did.');
  }
  if (failure) {
    await removeFiles(files.map((f) => f.tempPath));
    throw failure;
  }
  return { fields, files };
}

function oversize(type: MediaType | null): HttpError {
  if (type && isImageType(type))
    return new HttpError(413, 'too_large', MESSAGE_IMAGE_SIZE, 'media');
  if (type && isVideoType(type))
    return new HttpError(413, 'too_large', MESSAGE_VIDEO_LIMITS, 'media');
  return new HttpError(413, 'too_large', MESSAGE_UNSUPPORTED_FORMAT, 'media');
}

/** The same submission hashes the same: fields in name order, then each file's content. */
function hashForm(endpoint: Endpoint, form: ParsedForm): string {
  const fields = [...form.fields.entries()].sort(([a], [b]) => a.localeCompare(b));
  const files = form.files.map((f) => [f.field, f.size, f.sha256]);
  return createHash('sha256').update(JSON.stringify({ endpoint, fields, files })).digest('hex');
}

function oneOf<T extends string>(
  fields: Record<string, string>,
  name: string,
  allowed: readonly T[],
): T {
  const value = requireString(fields, name, { max: 40 });
  if (!(allowed as readonly string[]).includes(value)) {
    throw badRequest(name, `${name} must be ${allowed.join(' or ')}.`);
  }
  return value as T;
}

function coordinate(fields: Record<string, string>, name: string, limit: number): void {
  const value = requireString(fields, name, {
    max: 20,
    pattern: /^-?\d{1,3}(\.\d{1,12})?$/,
    patternMessage: `${name} must be a number.`,
  });
  if (Math.abs(Number(value)) > limit) {
    throw badRequest(name, `${name} must be from -${limit} to ${limit}.`);
  }
}

async function validate(endpoint: Endpoint, form: ParsedForm, db: Db): Promise<Review> {
  for (const name of form.fields.keys()) {
    if (!FIELD_NAMES.has(name)) throw badRequest(name, `${name} is not a field of a gratitude.`);
  }
  const fields = Object.fromEntries(form.fields);
  oneOf(fields, 'gratitudeType', ['REVIEW']);
  const icon = oneOf(fields, 'icon', GRATITUDE_ICONS);
  const title = requireString(fields, 'title', { max: 200 });
  const sayThanks = (fields.sayThanks ?? '').trim();
  if (sayThanks.length > MAX_SAY_THANKS_LENGTH) {
    throw badRequest('sayThanks', `sayThanks must be at most ${MAX_SAY_THANKS_LENGTH} characters.`);
  }
  oneOf(fields, 'accountType', ['Guest']);
  const guestName = requireString(fields, 'guestName', { max: MAX_FULL_NAME_LENGTH });
  requireString(fields, 'email', {
    max: 254,
    pattern: EMAIL_PATTERN,
    patternMessage: 'email is not a valid address.',
  });
  coordinate(fields, 'latitude', 90);
  coordinate(fields, 'longitude', 180);
  const getThanksUserId = requireString(fields, 'getThanksUserId', { max: 100 });
  const userId = requireString(fields, 'userId', { max: 100 });
  if ((fields.ngoId ?? '').length > 100) {
    throw badRequest('ngoId', 'ngoId must be at most 100 characters.');
  }
  oneOf(fields, 'isRecurring', ['false']);
  oneOf(fields, 'isDonate', ['true', 'false']);

  if (!db.users.some((u) => u._id === getThanksUserId)) {
    throw notFound(`No account exists with the id "${getThanksUserId}".`, 'getThanksUserId');
  }
  if (!db.guests.some((g) => g.userId === userId)) {
    throw notFound(`No guest exists with the id "${userId}".`, 'userId');
  }

  const review = { icon, title, sayThanks, guestName, getThanksUserId };
  if (endpoint === 'create-gratitude') {
    if (form.files.length > 0) {
      throw badRequest('media', 'create-gratitude takes no files; send media to image-gratitude.');
    }
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
  const images = accepted.filter((m) => isImageType(m.type));
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
  const seconds = videoDurationSeconds(await fs.readFile(video.file.tempPath));
  // The spec: "at most ... 30 seconds"; a video whose header has no duration is refused.
  if (seconds === null || seconds > MAX_VIDEO_SECONDS) {
    throw badRequest('media', MESSAGE_VIDEO_LIMITS);
  }
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
  return accepted;
}

/** Moves the media to their final random names, then stores the feed item and the key. */
async function save(
  store: Store,
  key: string,
  endpoint: Endpoint,
  bodyHash: string,
  review: Review,
): Promise<unknown> {
  const stored: string[] = [];
  try {
    for (const { file, type } of review.media) {
      const name = `${randomUUID()}.${extensionOf(type)}`;
      await fs.rename(file.tempPath, path.join(store.uploadsDir, name));
      stored.push(name);
    }
    const record: FeedRecord = {
      id: randomUUID(),
      userId: review.getThanksUserId,
      gratitudeType: 'REVIEW',
      icon: review.icon,
      title: review.title,
      sayThanks: review.sayThanks,
      media: review.media.map(({ type }, i) => ({
        imgUrl: `uploads/${stored[i]}`,
        mimeType: type,
      })),
      createdAt: new Date().toISOString(),
      boosted: false,
      tipAmount: null,
      giveThanksUser: { fullName: review.guestName, profilePicture: null },
    };
    const answer = { status: 200, data: { data: { id: record.id } } };
    await store.mutate((db) => {
      db.feed.push(record);
      const user = db.users.find((u) => u._id === review.getThanksUserId);
      if (user) user.iconsCount[COUNT_OF_ICON[review.icon]] += 1;
      db.idempotency ??= [];
      db.idempotency.push({
        key,
        endpoint,
        bodyHash,
        response: answer,
        createdAt: record.createdAt,
      });
    });
    return answer;
  } catch (error) {
    await removeFiles(stored.map((name) => path.join(store.uploadsDir, name)));
    throw error;
  }
}

async function removeFiles(paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => fs.rm(p, { force: true })));
}
