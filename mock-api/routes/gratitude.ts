// POST gratitude/create-gratitude (text-only review) and gratitude/image-gratitude (review with
// images or one video): multipart parsed under hard limits, media checked by their bytes
// (../reviewForm), stored (../db/reviews), and storage made idempotent by the Idempotency-Key
// header.
import { type RequestHandler, Router } from 'express';
import type { Store } from '../db/store';
import {
  type Review,
  publishReview,
  removeStoredMedia,
  reviewRecord,
  storeMedia,
} from '../db/reviews';
import { createSerializer } from '../idempotency';
import { idempotentFormRoute, rememberAnswer } from './idempotentRoutes';
import type { ParsedForm } from '../multipart';
import { validateReview } from '../reviewForm';
import type { Db } from '../db/types';

type Endpoint = 'create-gratitude' | 'image-gratitude';

export interface GratitudeRoutesOptions {
  /** Runs before each call: the tester's fault scenario (../sharedDemo/scenarios: answerLost). */
  faults?: RequestHandler;
}

export function gratitudeRoutes(store: Store, options: GratitudeRoutesOptions = {}): Router {
  const router = Router();
  const faults: RequestHandler = options.faults ?? ((_req, _res, next) => next());
  const serialized = createSerializer();

  const handler = (endpoint: Endpoint) =>
    idempotentFormRoute(store, serialized, endpoint, async (form, { key, bodyHash }) =>
      save(store, key, endpoint, bodyHash, await validate(endpoint, form, store.db)),
    );

  router.post('/gratitude/create-gratitude', faults, handler('create-gratitude'));
  router.post('/gratitude/image-gratitude', faults, handler('image-gratitude'));
  return router;
}

function validate(endpoint: Endpoint, form: ParsedForm, db: Db): Promise<Review> {
  return validateReview(form, db, {
    gratitudeType: 'REVIEW',
    media: endpoint === 'create-gratitude' ? 'none' : 'required',
  });
}

/** Moves the media to their final random names, then stores the feed item and the key. */
async function save(
  store: Store,
  key: string,
  endpoint: Endpoint,
  bodyHash: string,
  review: Review,
): Promise<unknown> {
  const media = await storeMedia(store.uploadsDir, review.media);
  try {
    const record = reviewRecord(review, media);
    const answer = { status: 200, data: { data: { id: record.id } } };
    await store.mutate((db) => {
      publishReview(db, record);
      rememberAnswer(db, {
        key,
        endpoint,
        bodyHash,
        response: answer,
        createdAt: record.createdAt,
      });
    });
    return answer;
  } catch (error) {
    await removeStoredMedia(store.uploadsDir, media);
    throw error;
  }
}
