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

interface AssetSize {
  name: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
  /** How the first-load file was found: a tag in dist/index.html, a request, or both. */
  foundBy?: ('index.html' | 'request')[];
}

const ASSET = /^\/assets\/([^/?#]+\.(js|css))$/;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
    const value = match[2] ?? '';
    found.set(match[1]!.toLowerCase(), value.replace(/^["']|["']$/g, ''));
  }
  return found;
}

/** The /assets files dist/index.html loads itself: scripts, stylesheets and their preloads. */
export function initialAssets(indexHtml: string): string[] {
  const names: string[] = [];
  for (const match of indexHtml.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = attributes(match[2] ?? '');
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const url =
      match[1]!.toLowerCase() === 'script'
        ? attrs.get('src')
        : rel.includes('stylesheet') || rel.includes('modulepreload') || rel.includes('preload')
          ? attrs.get('href')
          : undefined;
    if (!url) continue;
    const pathname = new URL(url, 'http://x').pathname;
    const asset = ASSET.exec(pathname);
    if (asset) names.push(asset[1]!);
  }
  return [...new Set(names)];
}

async function sizeOf(assetsDir: string, name: string): Promise<AssetSize> {
  const content = await readFile(path.join(assetsDir, name));
  return {
    name,
    kind: name.endsWith('.css') ? 'css' : 'js',
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length,
  };
}

/** The /assets files the route asks for until it is idle, without input, and the scripts it asks
 * for from elsewhere (e.g. the emulated third parties). */
async function requestedAssets(
  browser: Browser,
  url: string,
): Promise<{ assets: string[]; otherScripts: string[] }> {
  const context = await browser.newContext({ viewport: LIGHTHOUSE_SCREEN });
  const assets: string[] = [];
  const otherScripts: string[] = [];
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    page.on('request', (req) => {
      const requested = new URL(req.url());
      const asset = ASSET.exec(requested.pathname);
      if (asset) assets.push(asset[1]!);
      else if (req.resourceType() === 'script') otherScripts.push(req.url());
    });
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
  } finally {
    await context.close();
  }
  return { assets: [...new Set(assets)], otherScripts: [...new Set(otherScripts)] };
}

export async function measureBytes(
  browser: Browser,
  distDir: string,
  baseUrl: string,
  route: string,
) {
  const assetsDir = path.join(distDir, 'assets');
  const fromIndex = initialAssets(await readFile(path.join(distDir, 'index.html'), 'utf8'));
  const { assets: fromRequests, otherScripts } = await requestedAssets(
    browser,
    `${baseUrl}${route}`,
  );
  const firstNames = [...new Set([...fromIndex, ...fromRequests])];
  const first: AssetSize[] = [];
  for (const name of firstNames) {
    const foundBy: AssetSize['foundBy'] = [];
    if (fromIndex.includes(name)) foundBy.push('index.html');
    if (fromRequests.includes(name)) foundBy.push('request');
    first.push({ ...(await sizeOf(assetsDir, name)), foundBy });
  }
  const all = (await readdir(assetsDir)).filter((name) => /\.(js|css)$/.test(name)).sort();
  const lazy: AssetSize[] = [];
  for (const name of all) {
    if (!firstNames.includes(name)) lazy.push(await sizeOf(assetsDir, name));
  }
  const total = (kind: AssetSize['kind']) =>
    first.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.gzipBytes, 0);
  return { route, first, firstJsGzip: total('js'), firstCssGzip: total('css'), lazy, otherScripts };
}

export function bytesFigures(bytes: Awaited<ReturnType<typeof measureBytes>>): FigureGroup {
  const listed = (kind: AssetSize['kind']) =>
    bytes.first
      .filter((a) => a.kind === kind)
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
        note: listed('js'),
      },
      { name: 'first CSS, total', value: bytes.firstCssGzip, unit: kb, note: listed('css') },
      ...bytes.lazy.map((asset) => ({
        name: `lazy ${asset.name}`,
        value: asset.gzipBytes,
        unit: kb,
        target: { atMost: LAZY_CHUNK_GZIP_BYTES },
      })),
    ],
  };
}
