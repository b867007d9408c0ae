// `npm run preview`: the demo on one origin — the production server (the built
// dist-server/app.js, exactly what `npm run serve` runs) with the mock API in front of it: the
// API under /api, media under /media, the emulators under /v1 and /__*. The production server is
// configured as it would be live: its API is this server's /api, reached on 127.0.0.1; its public
// origin PUBLIC_ORIGIN, else http://localhost:<port>. The mock API names its media by path
// (/media/...), so a page shows them at whatever address it was reached (127.0.0.1, a server's
// name, a phone on the network); the image endpoint fetches those paths from the API's origin.
// It serves the build in BUILD_OUT_DIR (default: the repository), as `npm run build` wrote it; it
// prints where to open it last (scripts/demoBanner.ts), and a taken port as one line naming PORT.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { createMockApi, DEFAULT_DATA_DIR, demoOnOneOrigin, inFrontOf } from '../mock-api/server';
import { checkPortFree, listening, readServerEnv } from '../mock-api/env';
import { parsePublicOrigin, parseTrustProxy } from '../src/server/settings';
import { demoBanner } from './demoBanner';

/** Where `npm run build` wrote dist/ and dist-server/ (webpack.config.js reads it so too). */
const BUILD_DIR = path.resolve(__dirname, '..', process.env.BUILD_OUT_DIR || '.');
const DIST_DIR = path.join(BUILD_DIR, 'dist');
/** The production server's request handling, as webpack built it (src/server/app.ts). */
const SERVER_APP = path.join(BUILD_DIR, 'dist-server', 'app.js');
const DEFAULT_PREVIEW_PORT = 4100;

type ServerModule = typeof import('../src/server/app');

async function main(): Promise<void> {
  const env = readServerEnv();
  const port = process.env.PORT ? env.port : DEFAULT_PREVIEW_PORT;
  // Before the build is looked for: a taken port is the commonest failure of a local server.
  await checkPortFree(port, 'PORT');
  const dataDir = env.mockDataDir ?? DEFAULT_DATA_DIR;
  // The site's address for its canonical and Open Graph URLs, when it has one (a server's name).
  const configuredOrigin = process.env.PUBLIC_ORIGIN?.trim()
    ? parsePublicOrigin(process.env.PUBLIC_ORIGIN)
    : undefined;
  // The proxies in front of a shared demo (TRUST_PROXY), believed alike by both apps.
  const trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  if (!existsSync(SERVER_APP)) {
    throw new Error(`grati-web: no build in ${BUILD_DIR}; run npm run build first`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createServerApp, readBranchLinkSettings, SERVER_TIMEOUTS } = require(
    SERVER_APP,
  ) as ServerModule;

  // The port comes first (the servers are configured with it); a request that arrives before
  // they are ready waits for them instead of hanging unanswered.
  const early: [IncomingMessage, ServerResponse][] = [];
  const hold = (req: IncomingMessage, res: ServerResponse) => early.push([req, res]);
  const server = createServer(hold);
  Object.assign(server, SERVER_TIMEOUTS);
  const actual = await listening(server.listen(port), port, 'PORT');
  const publicOrigin = configuredOrigin ?? `http://localhost:${actual}`;
  const apiOrigin = `http://127.0.0.1:${actual}`;

  const mockApi = await createMockApi({
    dataDir,
    guestToken: env.guestToken,
    logger: env.requestLog ?? !process.env.CI,
    trustProxy,
  });
  const production = createServerApp({
    settings: {
      apiBaseUrl: `${apiOrigin}/api`,
      publicOrigin,
      // The mock API's media paths are on the API's origin: the image endpoint fetches them there.
      mediaOrigins: [apiOrigin],
      logLevel: process.env.LOG_LEVEL ?? (process.env.CI ? 'error' : 'warn'),
      trustProxy,
      // QR codes' links resolved as live: the demo build's emulator (/__branch) on the API's origin.
      branchLinks: readBranchLinkSettings(process.env, `${apiOrigin}/api`),
    },
    distDir: DIST_DIR,
  });
  const app = demoOnOneOrigin(inFrontOf(mockApi.app), production.app, trustProxy);
  server.off('request', hold);
  server.on('request', app);
  for (const [req, res] of early.splice(0)) app(req, res);
  const banner = await demoBanner({
    serves: `Preview (API /api, media /media, data: ${dataDir})`,
    name: 'Open it at',
    port: actual,
    publicOrigin: configuredOrigin,
    secrets: mockApi,
    profiles: mockApi.store.db.demoProfiles,
  });
  console.log(`${banner}\n`);
  const stop = () => {
    production.beginShutdown();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // A connection a browser keeps open must not keep the demo alive.
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
