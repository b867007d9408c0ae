// The static copy: a profile page saved as static HTML once it has rendered (same markup, styles
// and images, no scripts), served from one origin with everything else proxied to the real
// server, so its CSS, images and fonts resolve exactly as the app's do. The page is captured
// through the same proxy, so every URL the server or the app wrote already names its origin. It
// is the page the app cannot beat: the app's LCP is given as a multiple of the static copy's.
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { KEEP_NAMES_SHIM, LIGHTHOUSE_SCREEN } from './browser';

const PREFIX = '/__static/';

/** Loads the profile in Chromium from `baseUrl` (the static copies' server), waits for the card
 * and the feed, and returns its HTML without scripts. */
export async function captureStaticCopy(
  browser: Browser,
  baseUrl: string,
  profileId: string,
): Promise<string> {
  const context = await browser.newContext({
    viewport: LIGHTHOUSE_SCREEN,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/user_profile/${profileId}`);
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByRole('tab', { name: 'Feed' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return await page.evaluate(() => {
      const root = document.documentElement.cloneNode(true) as HTMLElement;
      const scripty = root.querySelectorAll(
        [
          'script',
          'link[rel="modulepreload"]',
          'link[rel="preload"][as="script"]',
          'link[rel="prefetch"][as="script"]',
          // A preloaded API request only feeds the scripts.
          'link[rel="preload"][as="fetch"]',
        ].join(','),
      );
      for (const element of scripty) element.remove();
      return `<!doctype html>\n${root.outerHTML}`;
    });
  } finally {
    await context.close();
  }
}

/** Passes the request on to `upstream` as it came, and its answer back as it comes. */
export function proxyRequest(upstream: URL, req: IncomingMessage, res: ServerResponse): void {
  const proxied = request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url ?? '/',
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  proxied.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(String(error));
  });
  req.pipe(proxied);
}

export interface StaticCopies {
  baseUrl: string;
  /** Captures the profile's static copy and serves it at urlOf(profileId) from now on. */
  capture: (browser: Browser, profileId: string) => Promise<string>;
  urlOf: (profileId: string) => string | null;
  close: () => Promise<void>;
}

/** Serves the static copies at /__static/{id}.html and proxies every other request to `target`. */
export async function startStaticCopies(target: string): Promise<StaticCopies> {
  const upstream = new URL(target);
  const pages = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(PREFIX)) return proxyRequest(upstream, req, res);
    const html = pages.get(
      decodeURIComponent(url.slice(PREFIX.length).replace(/\.html(\?.*)?$/, '')),
    );
    if (html === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such static copy.');
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipSync(html) : Buffer.from(html);
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const baseUrl = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    capture: async (browser, profileId) => {
      const html = await captureStaticCopy(browser, baseUrl, profileId);
      pages.set(profileId, html);
      return html;
    },
    urlOf: (profileId) =>
      pages.has(profileId) ? `${baseUrl}${PREFIX}${encodeURIComponent(profileId)}.html` : null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
