// The build's files: the hashed assets under /assets, kept a year, and the few files of the
// build's root that are served (not the manifests the server reads itself), revalidated. Their
// text files were compressed at build time (brotli and gzip) and are sent as the client asks.
import path from 'node:path';
import type { RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServerMetrics } from './metrics';

/** Where the build's hashed assets are served (dist/assets). */
export const ASSETS_PATH = '/assets';
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Files of the build's root the server serves (not the manifests it reads itself). */
const ROOT_FILES = /^\/(?:robots\.txt|favicon\.svg)$/;

/** dist/assets, mounted at ASSETS_PATH: a file that is not there is a 404 of ours. */
export function serveAssets(distDir: string, metrics: ServerMetrics): RequestHandler {
  const files = expressStaticGzip(path.join(distDir, 'assets'), {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', ASSET_CACHE_CONTROL),
    },
  });
  return (req, res, next) => {
    metrics.route(res, 'assets');
    files(req, res, next);
  };
}

/** The build's root files (robots.txt, favicon.svg); any other address goes on. */
export function serveRootFiles(distDir: string, metrics: ServerMetrics): RequestHandler {
  const files = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    },
  });
  return (req, res, next) => {
    if (!ROOT_FILES.test(req.path)) {
      next();
      return;
    }
    metrics.route(res, 'static');
    files(req, res, next);
  };
}

/** Where Apple Pay (through Stripe) looks for the domain's association file. */
export const APPLE_PAY_DOMAIN_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * The Apple Pay domain association file (APPLE_PAY_DOMAIN_FILE), as Stripe gave it: Stripe shows
 * Apple Pay only on a domain registered with it, and registering fetches this address. Without
 * the setting, the address is a 404 like any other.
 */
export function serveApplePayDomain(
  content: Buffer | null,
  metrics: ServerMetrics,
): RequestHandler {
  return (req, res, next) => {
    if (content === null || req.path !== APPLE_PAY_DOMAIN_PATH) {
      next();
      return;
    }
    metrics.route(res, 'static');
    res.set('Cache-Control', 'no-cache').type('text/plain').send(content);
  };
}
