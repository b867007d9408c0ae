// Where media live and how their stored paths ("seed/x.jpg", "uploads/y.mp4") become URLs.
import type { Request } from 'express';
import type { FeedMedia } from '../src/api/contract/types';

export const MEDIA_ROUTE = '/media';

/**
 * The origin media URLs start with: the configured one (createMockApi's `mediaOrigin`), else none:
 * media are named by path (`/media/seed/a.jpg`), relative to the page, so a page reached at any
 * address (localhost, 127.0.0.1, a server's name, a phone on the network) shows them from where it
 * was reached. Never the request's Host header: what a client sends does not decide the URLs.
 */
export function requestOrigin(req: Request): string {
  return (req.app.get(MEDIA_ORIGIN_SETTING) as string | undefined) ?? '';
}

/** The app setting that holds the configured media origin. */
export const MEDIA_ORIGIN_SETTING = 'mediaOrigin';

/** A stored path's URL at `origin` ('' for a path relative to the page). */
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
