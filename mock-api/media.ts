// Where media live and how their stored paths ("seed/x.jpg", "uploads/y.mp4") become URLs.
import type { Request } from 'express';

export const MEDIA_ROUTE = '/media';

/** The origin the client used to reach us, so media URLs work in dev (:3001) and preview alike. */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function mediaUrl(origin: string, stored: string | null): string | null {
  if (stored === null) return null;
  if (/^https?:\/\//.test(stored)) return stored;
  return `${origin}${MEDIA_ROUTE}/${stored.split('/').map(encodeURIComponent).join('/')}`;
}
