// GET user/v2/fetchUserGallery: the profile's photos and videos, a page at a time, newest first.
import { Router } from 'express';
import type { GalleryItem } from '../../src/api/contract/types';
import type { Store } from '../db/store';
import { asyncRoute, envelope, notFound } from '../http';
import { requestOrigin, wireMedia } from '../media';
import { checkFields, digits, queryText } from '../validation';

export const MAX_GALLERY_LIMIT = 100;
export const MAX_PAGE_NO = 1_000_000;

const GALLERY_QUERY = {
  pageNo: digits(1, MAX_PAGE_NO),
  limit: digits(1, MAX_GALLERY_LIMIT, 20),
  userId: queryText(100),
};

export function galleryRoutes(store: Store): Router {
  const router = Router();
  router.get(
    '/user/v2/fetchUserGallery',
    asyncRoute((req, res) => {
      const { pageNo, limit, userId } = checkFields(req.query, GALLERY_QUERY);
      if (!store.db.users.some((u) => u._id === userId)) {
        throw notFound(`No account exists with the id "${userId}".`, 'userId');
      }
      const all = store.db.gallery
        .filter((item) => item.userId === userId)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const origin = requestOrigin(req);
      const page: GalleryItem[] = all.slice((pageNo - 1) * limit, pageNo * limit).map((item) => {
        const { imgUrl, mimeType, thumbnailUrl } = wireMedia(
          { imgUrl: item.media, mimeType: item.mimeType, thumbnailUrl: item.thumbnailUrl },
          origin,
        );
        return { media: imgUrl, mimeType, ...(thumbnailUrl ? { thumbnailUrl } : {}) };
      });
      res.json(envelope(page, all.length));
    }),
  );
  return router;
}
