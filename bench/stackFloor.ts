// The stack floor page (issue 23): the profile's own server-rendered HTML with the app's scripts
// swapped for scripts/floor's (the stack alone), loaded the same way, hydrating a hidden root of
// its own; same HTML, CSS and pictures on the line, so only the scripts differ from the app.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { buildFloor } from '../scripts/floor/build';
import { proxyRequest, serve } from './staticCopy';

/** What the server renders for scripts/floor/floor.tsx at `/` (its Home route inside a Suspense
 * boundary, whose markers React writes around it). The bench checks after each load that React
 * hydrated this very button rather than replacing it (stackFloorHydrated). */
export const STACK_FLOOR_MARKUP = '<!--$--><button type="button">0</button><!--/$-->';

/** The script preloads and loader list that src/server/renderPage.tsx writes into a page. */
const PRELOAD = /<link rel="preload" as="script" href="([^"]+)" fetchpriority="low">/g;
const ROOT = /<div id="?root"?>/g;
const PRELOADED_STATE = /<script type="?application\/json"? id="?preloaded-state"?>/;

/** A file as brotli (with these params) and gzip (at this level), for either Accept-Encoding. */
const compressed = (data: Buffer, params: Record<number, number>, level: number) => ({
  br: brotliCompressSync(data, { params }),
  gzip: gzipSync(data, { level }),
});

/** The app's page with its scripts swapped for `scripts` and the floor's root added. */
export function stackFloorPage(appHtml: string, scripts: readonly string[]): string {
  const appScripts = [...appHtml.matchAll(PRELOAD)].map((m) => m[1]!);
  const loaderList = `${JSON.stringify(appScripts)}.forEach(`;
  if (appScripts.length === 0 || appHtml.split(loaderList).length !== 2) {
    throw new Error('the profile page has not the script preloads and loader renderPage writes');
  }
  if (appHtml.match(ROOT)?.length !== 1 || !PRELOADED_STATE.test(appHtml)) {
    throw new Error('the profile page has not one #root followed by its preloaded state');
  }
  const preloads = scripts
    .map((src) => `<link rel="preload" as="script" href="${src}" fetchpriority="low">`)
    .join('');
  let first = true;
  return appHtml
    .replace(PRELOAD, () => (first ? ((first = false), preloads) : ''))
    .replace(loaderList, `${JSON.stringify(scripts)}.forEach(`)
    .replace(ROOT, '<div id="bench-profile-markup">')
    .replace(PRELOADED_STATE, (tag) => `<div id="root" hidden>${STACK_FLOOR_MARKUP}</div>${tag}`);
}

/** Builds the floor, takes the profile's page from `target` and serves the stack floor page at
 * `/` of a server of its own: the floor's scripts from its build, everything else proxied to
 * `target`. */
export async function startStackFloor(target: string, profileId: string) {
  const build = await buildFloor();
  try {
    const shell = await readFile(path.join(build.dir, 'index.html'), 'utf8');
    const tags = shell.matchAll(/<script\b[^>]*\bsrc="?([^" >]+)"?[^>]*><\/script>/g);
    const scripts = [...tags].map((m) => m[1]!);
    if (scripts.length === 0) throw new Error('the floor build has no script in its index.html');
    const files = new Map<string, ReturnType<typeof compressed>>();
    for (const src of scripts) {
      const text = await readFile(path.join(build.dir, src.replace(/^\//, '')));
      files.set(src, compressed(text, { [zlib.BROTLI_PARAM_QUALITY]: 11 }, 9));
    }
    const answer = await fetch(`${target}/user_profile/${profileId}`);
    if (!answer.ok) throw new Error(`${answer.status} from ${answer.url}`);
    const html = Buffer.from(stackFloorPage(await answer.text(), scripts));
    // Compressed as the production server compresses its pages (src/server/pageCache.ts).
    const brotli = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 };
    const page = compressed(html, brotli, 6);
    const link = scripts
      .map((src) => `<${src}>; rel=preload; as=script; fetchpriority=low`)
      .join(', ');
    const upstream = new URL(target);
    const server = await serve((req, res) => {
      const pathname = (req.url ?? '/').split('?')[0]!;
      const file = files.get(pathname);
      if (pathname !== '/' && !file) return proxyRequest(upstream, req, res);
      const encoding = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) ? 'br' : 'gzip';
      const body = (file ?? page)[encoding];
      res.writeHead(200, {
        'Content-Type': file ? 'application/javascript; charset=utf-8' : 'text/html; charset=utf-8',
        'Content-Encoding': encoding,
        'Content-Length': body.length,
        'Cache-Control': file ? 'public, max-age=31536000, immutable' : 'no-cache',
        Vary: 'Accept-Encoding',
        ...(file ? {} : { Link: link }),
      });
      res.end(body);
    });
    return {
      /** The page, at `/` of its own server (the floor's Home route). */
      url: `${server.baseUrl}/`,
      /** The floor's scripts, in the order they run. */
      scripts,
      /** Their size as sent (brotli, quality 11, as the build's .br copies). */
      scriptBytes: [...files.values()].reduce((sum, f) => sum + f.br.length, 0),
      buildMs: Math.round(build.ms),
      close: () => server.close().finally(() => build.remove()),
    };
  } catch (error) {
    build.remove();
    throw error;
  }
}

/** Installed before the stack floor page's scripts: keeps the button the server sent. */
export const STACK_FLOOR_WATCH = `
new MutationObserver((_, observer) => {
  const button = document.querySelector('#root > button');
  if (button) { window.__benchServerButton = button; observer.disconnect(); }
}).observe(document, { subtree: true, childList: true });
`;

/** Whether React hydrated the server's button (a mismatch would have replaced it). */
export function stackFloorHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const kept = (window as unknown as { __benchServerButton?: Element }).__benchServerButton;
    return Boolean(kept?.isConnected && kept === document.querySelector('#root > button'));
  });
}
