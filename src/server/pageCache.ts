// The rendered profile pages, kept as long as the lookup they were rendered from (a bounded LRU
// cache), each compressed once when rendered rather than again for every guest. Concurrent
// requests for a page being rendered wait for that one render.
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { LOOKUP_TTL_MS } from './profileLookup';
import type { RenderedPage } from './renderPage';

/** A rendered profile page, ready to send again. */
export interface CachedPage {
  status: number;
  html: string;
  /** The page compressed once, when rendered, not again for every guest. */
  br: Buffer;
  gzip: Buffer;
  /** Its Content-Security-Policy. */
  policy: string;
  /** The 'sha256-...' sources of its own inline scripts (the policy allows them, and the shell's). */
  inlineScripts: string[];
  /** `Link` header: the page's scripts, preloaded as soon as the headers arrive. */
  link: string;
}

/** A page as it was rendered, compressed, with its policy and its `Link` header. */
export function toCachedPage(
  page: RenderedPage,
  policy: string,
  inlineScripts: string[],
): CachedPage {
  return {
    status: page.status,
    html: page.html,
    br: brotliCompressSync(page.html, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 18,
      },
    }),
    gzip: gzipSync(page.html, { level: 6 }),
    policy,
    inlineScripts,
    link: page.scripts
      .map((src) => `<${src}>; rel=preload; as=script; fetchpriority=low`)
      .join(', '),
  };
}

export interface PageCache {
  /** The page at `key`: from the cache, from a render under way, or rendered now by `render`. */
  get(key: string, render: () => Promise<CachedPage>): Promise<CachedPage>;
  /**
   * Keeps `page` at `key` in place of what was there (a page rendered from a newer lookup); a
   * render under way for `key` still answers those waiting on it, but no longer lands.
   */
  put(key: string, page: CachedPage): void;
}

export function createPageCache(): PageCache {
  const pages = new LRUCache<string, CachedPage, () => Promise<CachedPage>>({
    max: 200,
    maxSize: 32 * 1024 * 1024,
    // Strings count two bytes a character at most.
    sizeCalculation: (page) =>
      2 * (page.html.length + page.policy.length) + page.br.length + page.gzip.length,
    ttl: LOOKUP_TTL_MS,
    // Expired pages go when they expire, not when the cache next meets them; a render under way
    // when its key's old page expires still lands (and is still answered).
    ttlAutopurge: true,
    ignoreFetchAbort: true,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    get: (key, render) =>
      pages
        .fetch(key, { context: render })
        // No page from the cache (it was cleared meanwhile): render this one directly.
        .then((page) => page ?? render()),
    put: (key, page) => {
      pages.set(key, page);
    },
  };
}
