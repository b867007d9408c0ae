// Where media live and how their stored paths ("seed/x.jpg", "uploads/y.mp4") become URLs.
import type { Request } from 'express';
import type { FeedMedia } from '../src/api/contract/types';

export const MEDIA_ROUTE = '/media';

/**
 * The origin media URLs start with: the configured one (createMockApi's `mediaOrigin`, which the
 * preview sets to the site's public origin), else the origin the request came to (a standalone
 * mock API on localhost).
 */
export function requestOrigin(req: Request): string {
  const configured = req.app.get(MEDIA_ORIGIN_SETTING) as string | undefined;
  return configured ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** The app setting that holds the configured media origin. */
export const MEDIA_ORIGIN_SETTING = 'mediaOrigin';

export function mediaUrl(origin: string, stored: string | null): string | null {
  if (stored === null) return null;
  if (/^https?:\/\//.test(stored)) return stored;
  return `${origin}${MEDIA_ROUTE}/${stored.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * A stored media item as the wire has it: its file's and its poster's stored paths as URLs (the
 * poster only when it has one: an image, or a video stored before posters were, has none).
 */
export function wireMedia(stored: FeedMedia, origin: string): FeedMedia {
  const { imgUrl, mimeType, thumbnailUrl } = stored;
  const media: FeedMedia = { imgUrl: mediaUrl(origin, imgUrl) ?? imgUrl, mimeType };
  const poster = mediaUrl(origin, thumbnailUrl ?? null);
  return poster ? { ...media, thumbnailUrl: poster } : media;
}
