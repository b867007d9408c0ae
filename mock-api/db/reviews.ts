// Storing a review, whichever call sent it (gratitude/*, or payment-intent-for-both, whose media
// are stored when it is sent and published once its tip is paid): its media under uploads/, the
// feed record it becomes, and its publication.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FeedMedia, GratitudeIcon } from '../../src/api/contract/types';
import { type ImageType, type MediaType, isImageType } from '../../src/api/contract/limits';
import { GRATITUDE_KINDS } from '../../src/api/contract/kinds';
import { extensionOf } from '../mediaSniff';
import { type UploadedFile, removeFiles } from '../multipart';
import { type ImageField, writeStrippedImage } from '../stripMedia';
import type { Db, FeedRecord, GalleryRecord } from './types';

/**
 * An uploaded file the review's checks accepted, still at its temporary path; a video there is
 * already without its location (the checks strip it from the bytes they read, ../reviewForm.ts).
 */
export interface AcceptedMedia {
  file: UploadedFile;
  type: MediaType;
  /** A video's poster (its "thumbnail" file): a JPEG of at most 300 x 300, also checked. */
  thumbnail?: UploadedFile;
}

/** A review whose fields and media have been checked (mock-api/reviewForm.ts). */
export interface Review {
  icon: GratitudeIcon;
  title: string;
  sayThanks: string;
  guestName: string;
  getThanksUserId: string;
  /** The guest's id. */
  userId: string;
  ngoId: string;
  isDonate: boolean;
  media: AcceptedMedia[];
}

/**
 * Stores accepted media under random final names in uploads/: each picture re-encoded upright
 * without its metadata (../stripMedia), a video without its location boxes (stripped in its
 * temporary file when it was checked, which static serving never answers, then moved) and its poster stripped beside
 * it. On any failure nothing of it is left: what was stored is removed before the error goes on.
 */
export async function storeMedia(uploadsDir: string, media: AcceptedMedia[]): Promise<FeedMedia[]> {
  // Side by side (../stripMedia bounds how many pictures are decoded at once), in their order.
  const results = await Promise.allSettled(media.map((item) => storeOne(uploadsDir, item)));
  const stored = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) {
    await removeStoredMedia(uploadsDir, stored);
    throw failure.reason;
  }
  return stored;
}

async function storeOne(
  uploadsDir: string,
  { file, type, thumbnail }: AcceptedMedia,
): Promise<FeedMedia> {
  if (isImageType(type)) {
    const imgUrl = await storeStripped(uploadsDir, file.tempPath, type, 'media');
    return { imgUrl, mimeType: type };
  }
  const name = `${randomUUID()}.${extensionOf(type)}`;
  await fs.rename(file.tempPath, path.join(uploadsDir, name));
  const video: FeedMedia = { imgUrl: `uploads/${name}`, mimeType: type };
  if (!thumbnail) return video;
  try {
    const thumbnailUrl = await storeStripped(
      uploadsDir,
      thumbnail.tempPath,
      'image/jpeg',
      'thumbnail',
    );
    return { ...video, thumbnailUrl };
  } catch (error) {
    await removeStoredMedia(uploadsDir, [video]);
    throw error;
  }
}

/**
 * The stripped copy is written under a dot-name (static serving never answers dotfiles), then
 * renamed, so no half-written picture is ever served. Returns its stored path.
 */
async function storeStripped(
  uploadsDir: string,
  tempPath: string,
  type: ImageType,
  field: ImageField,
): Promise<string> {
  const name = `${randomUUID()}.${extensionOf(type)}`;
  const partial = path.join(uploadsDir, `.stripped-${name}`);
  await writeStrippedImage(tempPath, partial, type, field);
  try {
    await fs.rename(partial, path.join(uploadsDir, name));
  } catch (error) {
    await removeFiles([partial]);
    throw error;
  }
  return `uploads/${name}`;
}

/** Removes stored media files and their posters (a review that could not be recorded). */
export async function removeStoredMedia(uploadsDir: string, media: FeedMedia[]): Promise<void> {
  const stored = media.flatMap((m) => (m.thumbnailUrl ? [m.imgUrl, m.thumbnailUrl] : [m.imgUrl]));
  await removeFiles(stored.map((p) => path.join(uploadsDir, p.replace(/^uploads\//, ''))));
}

/** The feed item a review becomes (a REVIEW, with the tip's cents when it came with one). */
export function reviewRecord(
  review: Review,
  media: FeedMedia[],
  tipAmount: number | null = null,
): FeedRecord {
  return {
    id: randomUUID(),
    userId: review.getThanksUserId,
    gratitudeType: 'REVIEW',
    icon: review.icon,
    title: review.title,
    sayThanks: review.sayThanks,
    media,
    createdAt: new Date().toISOString(),
    boosted: false,
    tipAmount,
    giveThanksUser: { fullName: review.guestName, profilePicture: null },
  };
}

/**
 * Adds a review to the public feed, its media to the profile's Photos/Videos (a video with its
 * poster), and counts its icon on the profile.
 */
export function publishReview(db: Db, record: FeedRecord): void {
  db.feed.push(record);
  db.gallery.push(...record.media.map((m) => galleryRecord(record, m)));
  const user = db.users.find((u) => u._id === record.userId);
  if (user) user.iconsCount[GRATITUDE_KINDS[record.icon].countKey] += 1;
}

function galleryRecord(record: FeedRecord, media: FeedMedia): GalleryRecord {
  return {
    id: randomUUID(),
    userId: record.userId,
    media: media.imgUrl,
    mimeType: media.mimeType,
    ...(media.thumbnailUrl ? { thumbnailUrl: media.thumbnailUrl } : {}),
    createdAt: record.createdAt,
  };
}
