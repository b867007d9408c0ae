// Storing a review, whichever call sent it (gratitude/*, or payment-intent-for-both once its tip
// is paid): its media moved under uploads/, the feed record it becomes, and its publication.
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { FeedMedia, GratitudeIcon } from '../../src/api/contract/types';
import type { MediaType } from '../../src/api/contract/limits';
import { GRATITUDE_KINDS } from '../../src/api/contract/kinds';
import { extensionOf } from '../mediaSniff';
import { type UploadedFile, removeFiles } from '../multipart';
import type { Db, FeedRecord } from './types';

/** An uploaded file the review's checks accepted, still at its temporary path. */
export interface AcceptedMedia {
  file: UploadedFile;
  type: MediaType;
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

/** Moves accepted media from their temporary files to random final names under uploads/. */
export async function storeMedia(uploadsDir: string, media: AcceptedMedia[]): Promise<FeedMedia[]> {
  const stored: FeedMedia[] = [];
  try {
    for (const { file, type } of media) {
      const name = `${randomUUID()}.${extensionOf(type)}`;
      await fs.rename(file.tempPath, path.join(uploadsDir, name));
      stored.push({ imgUrl: `uploads/${name}`, mimeType: type });
    }
    return stored;
  } catch (error) {
    await removeStoredMedia(uploadsDir, stored);
    throw error;
  }
}

export async function removeStoredMedia(uploadsDir: string, media: FeedMedia[]): Promise<void> {
  await removeFiles(media.map((m) => path.join(uploadsDir, m.imgUrl.replace(/^uploads\//, ''))));
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

/** Adds a review to the public feed and counts its icon on the profile. */
export function publishReview(db: Db, record: FeedRecord): void {
  db.feed.push(record);
  const user = db.users.find((u) => u._id === record.userId);
  if (user) user.iconsCount[GRATITUDE_KINDS[record.icon].countKey] += 1;
}
