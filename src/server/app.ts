// The production server's request handling: the build's files (precompressed), the profile pages
// rendered on the server from the configured API, the app shell for the other routes, health,
// readiness and metrics. It contains no mock code: `npm run preview` mounts the mock API in front
// of it. Every URL it prints and every host it calls comes from its settings, never a request.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import compression from 'compression';
import express, {
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import expressStaticGzip from 'express-static-gzip';
import { LRUCache } from 'lru-cache';
import pino, { type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { isPlausibleProfileId } from '../api/contract/profileId';
import { getAppConfig } from '../config/env';
import { paths } from '../config/paths';
import { createServerMetrics, type ServerMetrics } from './metrics';
import {
  EMULATED_SERVICES,
  SERVER_SECURITY_HEADERS,
  branchEmulatorOrigins,
  inlineScriptHashes,
  pageContentSecurityPolicy,
  scriptHash,
  type BuildServices,
} from './pagePolicy';
import {
  LOOKUP_TTL_MS,
  LookupFailedError,
  createProfileLookup,
  type ProfileLookup,
} from './profileLookup';
import { renderErrorPage, renderProfilePage, type LookupAnswer } from './renderPage';
import type { ServerSettings } from './settings';

export interface ServerAppOptions {
  settings: Pick<ServerSettings, 'apiBaseUrl' | 'publicOrigin' | 'logLevel'>;
  /** The client build (index.html, assets/). */
  distDir: string;
  /** Replaces the API lookup (tests). */
  lookup?: ProfileLookup;
  logger?: Logger;
}

export interface ServerApp {
  app: express.Express;
  metrics: ServerMetrics;
  logger: Logger;
  /** From now on /readyz says not ready, so a load balancer stops sending traffic. */
  beginShutdown(): void;
}

/** The profile routes the server renders: /user_profile/{id} and /user-details/{id}. */
const PROFILE_PATH = /^\/(?:user_profile|user-details)\/([^/]+)\/?$/;
/** Routes the app shell serves as they are (the browser renders them). */
const SHELL_PATHS = [/^\/$/, /^\/gpay\/?$/, /^\/user_profile\/redirect(?:\/.*)?$/];
/** Paths that are never pages: their errors are JSON. */
const NOT_PAGES = /^\/(?:assets|api|v1|__[^/]*|metrics|healthz|readyz)(?:\/|$)|\.[a-z0-9]+$/i;
/** Query parameters that mean something was just sent: the page reads the API afresh. */
const FRESH_PARAMS = ['show', 'redirect_status', 'payment_intent'];
/** Files of the build's root the server serves (not the manifests it reads itself). */
const ROOT_FILES = /^\/(?:robots\.txt|favicon\.svg)$/;

/** Slow clients are cut within seconds, not Node's 300 s (set on the http.Server). */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  keepAliveTimeout: 5_000,
};

export const PROFILE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=30';
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const RETRY_AFTER_SECONDS = '5';

/** A rendered profile page, ready to send again. */
interface CachedPage {
  status: number;
  html: string;
  /** The page compressed once, when rendered, not again for every guest. */
  br: Buffer;
  gzip: Buffer;
  policy: string;
  /** `Link` header: the page's scripts, preloaded as soon as the headers arrive. */
  link: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** A small page for an error on a page route: no stack, no path of ours. */
function errorPage(status: number, message: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${status} | Grati</title></head><body><main><h1>${escapeHtml(message)}</h1>` +
    `<p><a href="/">Go to Grati</a></p></main></body></html>`
  );
}

/** The decoded id of an address segment, or null when the segment's escapes are malformed. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

export function createServerApp(options: ServerAppOptions): ServerApp {
  const { settings, distDir } = options;
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`${indexHtml} does not exist: run "npm run build" first.`);
  }
  const template = readFileSync(indexHtml, 'utf8');
  const services = readJson<BuildServices>(path.join(distDir, 'security.json'), EMULATED_SERVICES);
  const { groups } = readJson<{ groups: Record<string, { js: string[]; css: string[] }> }>(
    path.join(distDir, 'asset-manifest.json'),
    { groups: {} },
  );
  const routeAssets = groups.profile;
  // The flow's own files (its chunk and the vendor chunks it needs beyond the route's).
  const flowScripts = (groups.gratitude?.js ?? []).filter(
    (file) => !groups.profile?.js.includes(file) && !groups.main?.js.includes(file),
  );
  const origin = new URL(settings.publicOrigin);
  const extraConnect = branchEmulatorOrigins(services, {
    protocol: origin.protocol.replace(/:$/, ''),
    hostname: origin.hostname,
    port: origin.port,
  });
  const shellScripts = inlineScriptHashes(template);
  const pagePolicy = (inlineScripts: readonly string[] = []) =>
    pageContentSecurityPolicy(services, [...shellScripts, ...inlineScripts], extraConnect);
  const shellPolicy = pagePolicy();

  const logger = options.logger ?? pino({ level: settings.logLevel });
  const metrics = createServerMetrics();
  const lookup =
    options.lookup ??
    createProfileLookup({ apiBaseUrl: settings.apiBaseUrl, guestToken: getAppConfig().guestToken });
  let shuttingDown = false;
  let readiness: { at: number; ready: Promise<boolean> } | null = null;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  app.use(
    pinoHttp({
      logger,
      // Our own id for every request; a caller's X-Request-Id is not trusted.
      genReqId: (_req, res) => {
        const id = randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(metrics.middleware);
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(SERVER_SECURITY_HEADERS)) res.setHeader(name, value);
    next();
  });

  app.get('/healthz', (_req, res) => {
    metrics.route(res, 'health');
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  app.get('/readyz', (_req, res, next) => {
    metrics.route(res, 'health');
    res.set('Cache-Control', 'no-store');
    if (shuttingDown) {
      res.status(503).json({ status: 'shutting down' });
      return;
    }
    // One check of the API at most every 2 s, however often probes ask.
    if (!readiness || Date.now() - readiness.at > 2000) {
      readiness = { at: Date.now(), ready: lookup.reachable() };
    }
    readiness.ready.then(
      (ready) =>
        res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'api unreachable' }),
      next,
    );
  });
  app.get('/metrics', (_req, res, next) => {
    metrics.route(res, 'metrics');
    metrics.registry.metrics().then((text) => {
      res.set('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
    }, next);
  });

  // Only reading here: anything else is not ours to take (and no body is ever read). A file's
  // address whose escapes are malformed is refused before any handler decodes it; a page's is
  // answered by the app (a profile that cannot exist, a page not found), in the site's frame.
  // The page handlers below never let Express decode a path (no route parameters).
  app.use((req, _res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next(new HttpError(405, 'Method not allowed'));
    } else if (NOT_PAGES.test(req.path) && decodeSegment(req.path) === null) {
      next(new HttpError(400, 'This address is not valid.'));
    } else {
      next();
    }
  });

  // HTML (the shell and rendered pages) is compressed as it goes; the build's text files were
  // compressed at build time (gzip and brotli) and are sent as they are.
  app.use(
    compression({
      threshold: 1024,
      // A page is tens of KB: a 256 KB window (not brotli's 4 MB) serves as well and keeps each
      // response's encoder small, so memory comes back down after a burst.
      brotli: { params: { [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
  app.use(
    '/assets',
    (_req, res, next) => {
      metrics.route(res, 'assets');
      next();
    },
    expressStaticGzip(path.join(distDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      index: false,
      serveStatic: {
        index: false,
        fallthrough: false,
        setHeaders: (res) => res.setHeader('Cache-Control', ASSET_CACHE_CONTROL),
      },
    }),
  );
  const rootFiles = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    },
  });
  app.use((req, res, next) => {
    if (!ROOT_FILES.test(req.path)) {
      next();
      return;
    }
    metrics.route(res, 'static');
    rootFiles(req, res, next);
  });

  // The error screen in the site's frame, rendered once, for a page that could not be rendered.
  const errorShell = renderErrorPage(template).catch((error: unknown) => {
    logger.error({ err: error }, 'the error page could not be rendered');
    return template;
  });
  const sendErrorPage = async (res: Response) => {
    const html = await errorShell;
    if (res.headersSent) return;
    metrics.route(res, 'shell');
    res
      .status(500)
      .set({ 'Content-Security-Policy': shellPolicy, 'Cache-Control': 'no-store' })
      .type('html')
      .send(html);
  };

  const sendShell = (res: Response, status: number, cacheControl: string) => {
    metrics.route(res, 'shell');
    res
      .status(status)
      .set({ 'Content-Security-Policy': shellPolicy, 'Cache-Control': cacheControl })
      .type('html')
      .send(template);
  };

  /** Looks the profile up (an id that names no account is not) and renders its page. */
  async function renderPageFor(id: string, url: string, fresh: boolean): Promise<CachedPage> {
    let answer: LookupAnswer | null = null;
    if (isPlausibleProfileId(id)) {
      const found = await lookup.lookup(id, { fresh });
      metrics.lookups.inc({ source: found.source });
      answer = found.answer;
    }
    const stopTimer = metrics.renderSeconds.startTimer();
    const page = await renderProfilePage({
      profileId: id,
      url,
      canonicalPath: paths.profile.href(id),
      publicOrigin: settings.publicOrigin,
      lookup: answer,
      template,
      routeAssets,
      flowScripts,
    });
    stopTimer();
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
      policy: pagePolicy(page.inlineScripts.map(scriptHash)),
      link: page.scripts
        .map((src) => `<${src}>; rel=preload; as=script; fetchpriority=low`)
        .join(', '),
    };
  }
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
    fetchMethod: (_url, _stale, { context }) => context(),
  });

  const renderProfile: RequestHandler = (req, res, next) => {
    const segment = PROFILE_PATH.exec(req.path)?.[1];
    if (!segment) {
      next();
      return;
    }
    metrics.route(res, 'profile');
    // An id whose escapes are malformed is kept as typed, as the app's router keeps it: with its
    // `%` it names no account, and the page is the OOPS page, as a 404. The server's router is
    // given that id escaped again, which it decodes to what the browser's reads (and so does not
    // warn of a malformed address on every such request).
    const decoded = decodeSegment(segment);
    const id = decoded ?? segment;
    const path =
      decoded === null ? req.path.replace(/[^/]+(?=\/?$)/, encodeURIComponent(segment)) : req.path;
    const search = req.url.slice(req.path.length);
    const fresh = FRESH_PARAMS.some((name) => new URLSearchParams(search).has(name));
    // The same profile within the TTL is the same page, whatever else its query says (a ref or
    // utm tag changes nothing on it): rendered once from its path, and concurrent requests wait
    // for that one render. A page just after a payment is always rendered afresh, as asked.
    const rendered = fresh
      ? renderPageFor(id, path + search, true)
      : pages
          .fetch(req.path, { context: () => renderPageFor(id, path, false) })
          // No page from the cache (it was cleared meanwhile): render this one directly.
          .then((page) => page ?? renderPageFor(id, path, false));
    rendered
      .then((page) => {
        res.status(page.status).set({
          'Content-Security-Policy': page.policy,
          'Cache-Control': fresh ? 'no-store' : PROFILE_CACHE_CONTROL,
          Link: page.link,
        });
        res.type('html');
        const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
        res.vary('Accept-Encoding');
        if (encoding === 'br' || encoding === 'gzip') {
          res.set('Content-Encoding', encoding).send(page[encoding]);
        } else {
          res.send(page.html);
        }
      })
      .catch((error: unknown) => {
        if (res.headersSent) {
          next(error);
          return;
        }
        if (error instanceof LookupFailedError) {
          // The API is down or slow: the browser renders the page (and asks the API itself).
          metrics.lookups.inc({ source: 'failed' });
          req.log.warn({ err: error }, 'profile lookup failed');
          res.set('Retry-After', RETRY_AFTER_SECONDS);
          sendShell(res, 503, 'no-store');
          return;
        }
        req.log.error({ err: error }, 'server render failed');
        void sendErrorPage(res);
      });
  };
  app.use(renderProfile);

  app.use((req, res, next) => {
    if (SHELL_PATHS.some((route) => route.test(req.path))) sendShell(res, 200, 'no-cache');
    else if (NOT_PAGES.test(req.path)) next(new HttpError(404, 'Not found'));
    // The app's own "Page not found", with a 404.
    else sendShell(res, 404, 'no-cache');
  });

  const errors: ErrorRequestHandler = (error: unknown, req: Request, res: Response, _next) => {
    const raw = error as { status?: unknown; statusCode?: unknown; message?: unknown };
    const status =
      error instanceof URIError
        ? 400
        : typeof raw.status === 'number' && raw.status >= 400 && raw.status < 600
          ? raw.status
          : typeof raw.statusCode === 'number' && raw.statusCode >= 400 && raw.statusCode < 600
            ? raw.statusCode
            : 500;
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Only our own messages are shown; anything else says what its status says.
    const message =
      error instanceof HttpError
        ? error.message
        : status === 400
          ? 'Bad request'
          : status === 404
            ? 'Not found'
            : status < 500
              ? 'Request refused'
              : 'Something went wrong';
    res.status(status).set('Cache-Control', 'no-store');
    if (status === 405) res.set('Allow', 'GET, HEAD');
    // Pages answer in HTML (unless the caller asks for JSON only); everything else in JSON.
    if (!NOT_PAGES.test(req.path) && req.accepts(['html', 'json']) === 'html') {
      // A page that failed on our side shows the error screen in the site's frame.
      if (status === 500) void sendErrorPage(res);
      else res.type('html').send(errorPage(status, message));
    } else {
      res.json({ status, message });
    }
  };
  app.use(errors);

  return {
    app,
    metrics,
    logger,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}
