// The static copy: a profile page saved as HTML once rendered, without scripts, served from one
// origin that proxies everything else to the real server, so its CSS, images and fonts resolve as
// the app's do: the page the app cannot beat (the app's LCP is given as a multiple of its LCP).
// `capture` saves the page once the app rendered it; `captureAsServed` the page as the server
// answered it, before any script (the thank section's QR step: the profile page answered in place),
// and with it the headers the server answered it with, as the page's own policy (see PAGE_HEADERS).
import {
  createServer,
  request,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { KEEP_NAMES_SHIM, LIGHTHOUSE_SCREEN } from './browser';

const PREFIX = '/__static/';
/** A static copy's query parameter: served without the page's own headers. */
const BARE = 'bare';
/** What only feeds the scripts (a preloaded API request too), removed from the copy. */
const SCRIPTY =
  'script, link[rel="modulepreload"], link[rel="preload"][as="script"], ' +
  'link[rel="prefetch"][as="script"], link[rel="preload"][as="fetch"]';

/** Of the headers a page was served with, those a static copy is served with too: the page's
 * own policy (its Content-Security-Policy, Cross-Origin-Opener-Policy, X-Frame-Options,
 * Referrer-Policy, nosniff, Cache-Control). Not what belongs to one response or its encoding, nor
 * what only feeds scripts (`Link` preloads them) or reports on the server (`Server-Timing`,
 * `X-Request-Id`). A page's COOP header is not free: Chromium puts the page in a browsing context
 * group of its own, so a tab that comes from a page without it (about:blank, as the bench opens
 * each visit) swaps renderer processes, about 150-200 ms on the 4x phone. A static copy of the page
 * served with the same headers pays it too; one served without them (`bareUrlOf`) does not. */
const NOT_THE_PAGES_OWN =
  /^(content-(length|encoding|type)|transfer-encoding|etag|last-modified|date|connection|keep-alive|vary|link|server-timing|x-request-id)$/;
const pagesOwn = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !NOT_THE_PAGES_OWN.test(name)));

/** The page's markup without what only feeds its scripts (run in the page). */
const withoutScripts = (scripty: string) => {
  const root = document.documentElement.cloneNode(true) as HTMLElement;
  for (const element of root.querySelectorAll(scripty)) element.remove();
  return `<!doctype html>\n${root.outerHTML}`;
};

/** An HTTP server on a free port, with its base URL and a close that drops open connections. */
export async function serve(handler: RequestListener) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { baseUrl: `http://localhost:${(server.address() as AddressInfo).port}`, close };
}

/** Passes the request on to `upstream` as it came, and its answer back as it comes. */
export function proxyRequest(upstream: URL, req: IncomingMessage, res: ServerResponse) {
  const { hostname, port } = upstream;
  const { method, url: path = '/', headers } = req;
  const proxied = request({ hostname, port, method, path, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  proxied.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end(String(error));
  });
  req.pipe(proxied);
}

/** Serves the static copies at /__static/{id}.html and proxies every other request to `target`. */
export async function startStaticCopies(target: string) {
  const upstream = new URL(target);
  /** Each copy's HTML and the page's own headers (none for a page captured once rendered). */
  const pages = new Map<string, { html: string; headers: Record<string, string> }>();
  const { baseUrl, close } = await serve((req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(PREFIX)) return proxyRequest(upstream, req, res);
    const [file = '', query = ''] = url.slice(PREFIX.length).split('?');
    const page = pages.get(decodeURIComponent(file.replace(/\.html$/, '')));
    if (page === undefined) {
      return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such static copy.');
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipSync(page.html) : Buffer.from(page.html);
    res.writeHead(200, {
      'Cache-Control': 'no-cache',
      ...(new URLSearchParams(query).has(BARE) ? {} : page.headers),
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
    });
    res.end(body);
  });
  return {
    baseUrl,
    close,
    /** Loads the profile through this server, waits for the card and the feed, and serves its
     * HTML without scripts at urlOf(profileId) from now on. */
    async capture(browser: Browser, profileId: string): Promise<string> {
      const screen = { viewport: LIGHTHOUSE_SCREEN, deviceScaleFactor: 1.75 };
      const context = await browser.newContext({ ...screen, isMobile: true, hasTouch: true });
      try {
        await context.addInitScript(KEEP_NAMES_SHIM);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/user_profile/${profileId}`);
        const visible = { state: 'visible', timeout: 30_000 } as const;
        await page.getByRole('heading', { level: 1 }).waitFor(visible);
        await page.getByRole('tab', { name: 'Feed' }).waitFor(visible);
        await page.waitForLoadState('networkidle');
        const html = await page.evaluate(withoutScripts, SCRIPTY);
        pages.set(profileId, { html, headers: {} });
        return html;
      } finally {
        await context.close();
      }
    },
    /** Serves, at urlOf(key) from now on, the page the server answers at `path` as it came:
     * parsed with scripting off (nothing of the app ran), without its scripts, with the page's
     * own headers (at bareUrlOf(key): without them). */
    async captureAsServed(browser: Browser, key: string, path: string): Promise<string> {
      const context = await browser.newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        const answer = await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
        if (!answer) throw new Error(`${path}: no answer`);
        const html = await page.evaluate(withoutScripts, SCRIPTY);
        pages.set(key, { html, headers: pagesOwn(await answer.allHeaders()) });
        return html;
      } finally {
        await context.close();
      }
    },
    urlOf: (profileId: string) =>
      pages.has(profileId) ? `${baseUrl}${PREFIX}${encodeURIComponent(profileId)}.html` : null,
    /** The copy served without the page's own headers (as `capture`'s copies are). */
    bareUrlOf: (key: string) =>
      pages.has(key) ? `${baseUrl}${PREFIX}${encodeURIComponent(key)}.html?${BARE}` : null,
  };
}
