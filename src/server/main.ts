// `npm run serve`: the production server (dist-server/server.js, NODE_ENV=production). Reads and
// checks its settings, listens, cuts slow clients, and on SIGTERM stops accepting, finishes the
// requests in flight, then exits.
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SERVER_TIMEOUTS, createServerApp } from './app';
import { readBranchLinkSettings } from './branchLinkSettings';
import { demoBuildRefusal, readBuildKind } from './buildKind';
import { HEALTH_PATHS } from './health';
import { SettingsError, parseServerSettings } from './settings';

const SHUTDOWN_GRACE_MS = 10_000;

/** Probes and scrapes: they come every few seconds whether or not guests do. */
const OPERATIONAL_PATHS = new Set<string>(Object.values(HEALTH_PATHS));
/** V8 gives a grown heap back over several collections, not one. */
const IDLE_COLLECTIONS = 3;

/**
 * After a burst of traffic V8 keeps its grown heap until its memory reducer runs, tens of seconds
 * later. Started with --expose-gc (`npm run serve`, the image), the server collects once a second
 * for three seconds once a second has passed without a page request after a busy spell, so a pod's
 * memory comes back down within seconds. Probes and metric scrapes do not count as traffic: they
 * would otherwise keep a pod from ever being quiet.
 */
function returnMemoryWhenIdle(server: import('node:http').Server): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  let requests = 0;
  let collectionsDue = 0;
  server.on('request', (request: import('node:http').IncomingMessage) => {
    const pathname = (request.url ?? '').split('?', 1)[0]!;
    if (OPERATIONAL_PATHS.has(pathname)) return;
    requests += 1;
    collectionsDue = IDLE_COLLECTIONS;
  });
  let seen = 0;
  setInterval(() => {
    const quiet = requests === seen;
    seen = requests;
    if (quiet && collectionsDue > 0) {
      collectionsDue -= 1;
      gc();
    }
  }, 1000).unref();
}

function main(): void {
  let settings;
  try {
    const server = parseServerSettings(process.env);
    // BRANCH_RESOLVE, BRANCH_RESOLVE_MS, BRANCH_KEY, BRANCH_API_URL (branchLinkSettings.ts).
    settings = {
      ...server,
      branchLinks: readBranchLinkSettings(process.env, server.apiBaseUrl),
    };
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(`grati-web: ${error.message}`);
    process.exit(1);
  }
  // dist-server/server.js serves the client build beside it.
  const distDir = path.resolve(__dirname, '..', 'dist');
  const refusal = demoBuildRefusal(readBuildKind(distDir), settings.allowDemoBuild);
  if (refusal) {
    console.error(`grati-web: ${refusal}`);
    process.exit(1);
  }
  const { app, metricsApp, logger, beginShutdown } = createServerApp({ settings, distDir });
  if (process.env.NODE_ENV !== 'production') {
    logger.warn('NODE_ENV is not "production": React and Redux run their slow development builds');
  }
  const server = app.listen(settings.port, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      { port, api: settings.apiBaseUrl, publicOrigin: settings.publicOrigin },
      'grati-web listening',
    );
  });
  Object.assign(server, SERVER_TIMEOUTS);
  returnMemoryWhenIdle(server);
  // /metrics on its own port (METRICS_PORT), for Prometheus; unset, the server serves none.
  let metricsServer: import('node:http').Server | undefined;
  if (settings.metricsPort === null) {
    logger.info('METRICS_PORT is not set: no metrics are served');
  } else {
    metricsServer = metricsApp.listen(settings.metricsPort, () => {
      const { port } = metricsServer!.address() as AddressInfo;
      logger.info({ port }, 'metrics listening');
    });
    Object.assign(metricsServer, SERVER_TIMEOUTS);
    metricsServer.on('error', (error) => {
      logger.fatal({ err: error }, `metrics could not listen on ${settings.metricsPort}`);
      process.exit(1);
    });
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the requests in flight');
    beginShutdown();
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    server.close(() => {
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn('requests still open after the grace period: closing them');
      server.closeAllConnections();
      process.exit(0);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main();
