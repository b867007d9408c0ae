// Bytes: gzip (level 9) sizes of the JS and CSS the profile route loads first (the tags in
// dist/index.html plus every /assets/*.js|css the page asks for before it is idle, untouched),
// and of every other JS and CSS file in dist/assets (the lazy chunks).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { KEEP_NAMES_SHIM, LIGHTHOUSE_SCREEN } from './browser';
import { KB, kb } from './format';
import type { FigureGroup } from './reporter';

/** Each lazy chunk, gzip -9. The first JS's budget is `npm run budgets`' (over the stack floor). */
const LAZY_CHUNK_GZIP_BYTES = 60 * KB;

const ASSET = /^\/assets\/([^/?#]+\.(js|css))$/;

/** The /assets files dist/index.html loads itself (scripts, stylesheets and their preloads, as
 * Chromium's own parser reads it), then those the route asks for until it is idle, without input. */
async function requestedAssets(browser: Browser, url: string, indexHtml: string) {
  const context = await browser.newContext({ viewport: LIGHTHOUSE_SCREEN });
  const assets = new Set<string>();
  const asset = (url: string) => ASSET.exec(new URL(url, 'http://x').pathname)?.[1];
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    const tags = await page.evaluate((html) => {
      const loads = ['stylesheet', 'modulepreload', 'preload'].map((r) => `link[rel~="${r}" i]`);
      const found = new DOMParser().parseFromString(html, 'text/html');
      const elements = found.querySelectorAll(['script', ...loads].join(', '));
      return [...elements].map((e) => e.getAttribute(e.localName === 'script' ? 'src' : 'href'));
    }, indexHtml);
    for (const tag of tags) if (tag && asset(tag)) assets.add(asset(tag)!);
    page.on('request', (req) => {
      const name = asset(req.url());
      if (name) assets.add(name);
    });
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  return [...assets];
}

/** Each JS and CSS file's size and gzip -9 size: the first load's, then the others (lazy). */
export async function measureBytes(
  browser: Browser,
  distDir: string,
  baseUrl: string,
  route: string,
) {
  const assetsDir = path.join(distDir, 'assets');
  const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const firstNames = await requestedAssets(browser, `${baseUrl}${route}`, indexHtml);
  const sizes = async (names: string[]) => {
    const sized = [];
    for (const name of names) {
      const content = await readFile(path.join(assetsDir, name));
      const gzipBytes = gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
      sized.push({ name, bytes: content.length, gzipBytes });
    }
    return sized;
  };
  const first = await sizes(firstNames);
  const all = (await readdir(assetsDir)).filter((name) => /\.(js|css)$/.test(name)).sort();
  const lazy = await sizes(all.filter((name) => !firstNames.includes(name)));
  const total = (ext: string) =>
    first.filter((a) => a.name.endsWith(ext)).reduce((sum, a) => sum + a.gzipBytes, 0);
  return {
    route,
    first,
    firstJsGzip: total('.js'),
    firstCssGzip: total('.css'),
    lazy,
  };
}

export function bytesFigures(bytes: Awaited<ReturnType<typeof measureBytes>>): FigureGroup {
  const listed = (ext: string) =>
    bytes.first
      .filter((a) => a.name.endsWith(ext))
      .map((a) => `${a.name} ${kb(a.gzipBytes)}`)
      .join(', ');
  return {
    group: `Bytes (gzip -9) ${bytes.route}`,
    figures: [
      {
        name: 'first JS, total',
        value: bytes.firstJsGzip,
        unit: kb,
        // The budget is the app's share over the stack floor's own bytes: `npm run budgets`.
        target: { text: 'see npm run budgets (app share <= 20 KB over the stack floor)' },
        note: listed('.js'),
      },
      { name: 'first CSS, total', value: bytes.firstCssGzip, unit: kb, note: listed('.css') },
      ...bytes.lazy.map((asset) => ({
        name: `lazy ${asset.name}`,
        value: asset.gzipBytes,
        unit: kb,
        target: { atMost: LAZY_CHUNK_GZIP_BYTES },
      })),
    ],
  };
}
