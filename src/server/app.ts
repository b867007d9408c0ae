// The production server's request handling, composed here from one module per concern: the
// frame every request goes through (requestFrame.ts), health, readiness and metrics (health.ts,
// shutdown.ts), the build's files (staticFiles.ts), the profile pages rendered on the server from
// the configured API (profilePages.ts, pageCache.ts), pictures of the API's media at the size the
// screen needs (images/), the app shell for the app's other routes and the error pages
// (shellPages.ts, errors.ts). It contains no mock code: `npm run preview` mounts the mock API in
// front of it. Every URL it prints and every host it calls comes from its settings, never a
// request (the image endpoint fetches only from the configured media origins; a media path the
// API answers is on the API's configured origin).
import express from 'express';
import pino, { type Logger } from 'pino';
import { getAppConfig } from '../config/env';
import { IMAGE_ROUTE } from '../config/images';
import { readClientBuild } from './clientBuild';
import { handleErrors } from './errors';
import { requestProtocol } from './forwardedProto';
import { HEALTH_PATHS, createHealthHandlers } from './health';
import { refuseImageFetches, serveImages, type ImageEndpointOptions } from './images/serveImages';
import { createBranchLinksFor, type BranchLinkSettings } from './branchLinkSettings';
import { serveLinkPages } from './linkPages';
import { createServerMetrics, type ServerMetrics } from './metrics';
import { createProfilePages } from './profilePages';
import { createProfileLookup, type ProfileLookup } from './profileLookup';
import { compressAsItGoes, logRequests, onlyReading, securityHeaders } from './requestFrame';
import type { ServerSettings } from './settings';
import { createShellPages } from './shellPages';
import { createReadiness } from './shutdown';
import { ASSETS_PATH, serveApplePayDomain, serveAssets, serveRootFiles } from './staticFiles';

export { PROFILE_CACHE_CONTROL } from './profilePages';
export { readBranchLinkSettings } from './branchLinkSettings';

export interface ServerAppOptions {
  settings: Pick<ServerSettings, 'apiBaseUrl' | 'publicOrigin' | 'mediaOrigins' | 'logLevel'> &
    Partial<
      Pick<ServerSettings, 'applePayDomainAssociation' | 'trustProxy' | 'mediaSignedUrls'>
    > & {
      /** How QR codes' links are resolved (readBranchLinkSettings); absent, they are not. */
      branchLinks?: BranchLinkSettings;
    };
  /** The client build (index.html, assets/). */
  distDir: string;
  /** Replaces the API lookup (tests). */
  lookup?: ProfileLookup;
  /** The image endpoint's limits and resolver, when not its defaults (tests). */
  images?: Omit<
    ImageEndpointOptions,
    'mediaOrigins' | 'relativeTo' | 'publicOrigin' | 'signedUrls' | 'metrics'
  >;
  logger?: Logger;
}

export interface ServerApp {
  app: express.Express;
  /** /metrics alone, for the metrics port (METRICS_PORT): the public app does not serve it. */
  metricsApp: express.Express;
  metrics: ServerMetrics;
  logger: Logger;
  /** From now on /readyz says not ready, so a load balancer stops sending traffic. */
  beginShutdown(): void;
}

/** Slow clients are cut within seconds, not Node's 300 s (set on the http.Server). */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 15_000,
  keepAliveTimeout: 5_000,
};

export function createServerApp(options: ServerAppOptions): ServerApp {
  const { settings, distDir } = options;
  const build = readClientBuild(distDir);
  const logger = options.logger ?? pino({ level: settings.logLevel });
  const metrics = createServerMetrics();
  const lookup =
    options.lookup ??
    createProfileLookup({ apiBaseUrl: settings.apiBaseUrl, guestToken: getAppConfig().guestToken });
  const readiness = createReadiness(lookup);
  const health = createHealthHandlers({ metrics, readiness });
  const { publicOrigin } = settings;
  const shell = createShellPages({
    build,
    publicOrigin,
    mediaOrigins: settings.mediaOrigins,
    logger,
    metrics,
  });

  const branchLinks = createBranchLinksFor(settings.branchLinks);
  const profiles = createProfilePages({ build, publicOrigin, lookup, metrics, shell });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // Whether a request is HTTPS (HSTS) is believed from the configured proxies only (TRUST_PROXY),
  // and from the X-Forwarded-Proto entry they wrote, not the client's (forwardedProto.ts):
  // `req.protocol`, and `req.secure` with it, read it so.
  app.set('trust proxy', settings.trustProxy ?? false);
  Object.defineProperty(app.request, 'protocol', {
    configurable: true,
    enumerable: true,
    get(this: express.Request) {
      return requestProtocol(this);
    },
  });

  app.use(logRequests(logger));
  app.use(metrics.middleware);
  app.use(securityHeaders);
  // This app serves no media: a fetch of its own image endpoint that reaches it is a loop.
  app.use(refuseImageFetches);
  app.get(HEALTH_PATHS.health, health.health);
  app.get(HEALTH_PATHS.ready, health.ready);
  // From here on only pictures, pages and files: GET and HEAD, their answers compressed...
  app.use(onlyReading);
  // ...but pictures, which are compressed already.
  app.get(
    IMAGE_ROUTE,
    serveImages({
      ...options.images,
      mediaOrigins: settings.mediaOrigins,
      // The API's media named by path (the mock API's, reached at any address) are the API's.
      relativeTo: new URL(settings.apiBaseUrl).origin,
      publicOrigin,
      signedUrls: settings.mediaSignedUrls ?? false,
      metrics,
    }),
  );
  app.use(compressAsItGoes());
  app.use(ASSETS_PATH, serveAssets(distDir, metrics));
  app.use(serveRootFiles(distDir, metrics));
  app.use(serveApplePayDomain(settings.applePayDomainAssociation ?? null, metrics));
  app.use(profiles.serve);
  // A QR code's link, resolved here: its profile's page, in place (linkPages.ts).
  app.use(serveLinkPages({ branchLinks, profiles, shell, metrics }));
  app.use(shell.serveAppRoutes);
  app.use(handleErrors(shell.sendErrorPage));

  // Metrics on their own port: what a Service or a proxy exposes publicly never includes them.
  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.get(HEALTH_PATHS.metrics, health.metrics);

  return { app, metricsApp, metrics, logger, beginShutdown: readiness.beginShutdown };
}
