// Where media live and how their stored paths ("seed/x.jpg", "uploads/y.mp4") become URLs.
import type { Request } from 'express';

export const MEDIA_ROUTE = '/media';

/** The origin the client used to reach us, so media URLs work in dev (:3001) and preview alike. */
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
