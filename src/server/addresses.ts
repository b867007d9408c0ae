// What the server makes of a request's address before any handler reads it: whether it can be a
// page at all, and its escapes decoded without throwing.
import { IMAGE_ROUTE } from '../config/images';
import { HEALTH_PATHS } from './health';
import { ASSETS_PATH } from './staticFiles';

/**
 * Paths that are never pages (their errors are JSON): the build's assets, the image endpoint, the
 * server's own health paths, the API and the emulators a demo mounts in front (/api, /v1, /__*),
 * and files.
 */
const NOT_PAGE_PREFIXES = [
  ASSETS_PATH,
  IMAGE_ROUTE,
  '/api',
  '/v1',
  '/__[^/]*',
  ...Object.values(HEALTH_PATHS),
];
const NOT_PAGES = new RegExp(`^(?:${NOT_PAGE_PREFIXES.join('|')})(?:/|$)|\\.[a-z0-9]+$`, 'i');

export function isNotPage(pathname: string): boolean {
  return NOT_PAGES.test(pathname);
}

/** The decoded text of an address (or segment), or null when its escapes are malformed. */
export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
