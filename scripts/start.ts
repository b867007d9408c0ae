// `npm start`: the webpack dev server with the mock API in front of it on one origin (as
// `npm run preview` has it: the API under /api, media under /media, the emulators under /v1 and
// /__*) and the production server's image endpoint (/_img) for the mock API's media, the mock API
// also alone on MOCK_API_PORT for API clients, then, once the first build is done and below its
// errors if any, where to open it (scripts/demoBanner.ts). It works at any of its addresses: the
// mock API names its media by path, relative to the page. A taken port is one line naming the
// setting that picks another.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import express from 'express';
import pino from 'pino';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createMockApi, DEFAULT_DATA_DIR, inFrontOf } from '../mock-api/server';
import { checkPortFree, listening, readServerEnv } from '../mock-api/env';
import { IMAGE_ROUTE } from '../src/config/images';
import { handleErrors } from '../src/server/errors';
import { serveImages } from '../src/server/images/serveImages';
import { logRequests } from '../src/server/requestFrame';
import { parseTrustProxy } from '../src/server/settings';
import { demoBanner } from './demoBanner';

/** The dev server's names besides its addresses: this machine's, and the configured app origin's. */
function allowedHosts(appOrigin: string): string[] {
  const names = [hostname(), `${hostname()}.local`];
  try {
    names.push(new URL(appOrigin).hostname);
  } catch {
    // not an address: nothing to add
  }
  return [...new Set(names)];
}

/**
 * The production server's image endpoint, its refusals in JSON as there. The mock API names its
 * media by path (/media/...): the endpoint fetches them from the mock API alone on its port, as
 * the production server fetches them from its API's origin.
 */
function imageEndpoint(apiPort: number): express.Express {
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const images = express();
  images.disable('x-powered-by');
  images.get(
    IMAGE_ROUTE,
    logRequests(pino({ level: 'warn' })),
    serveImages({ mediaOrigins: [apiOrigin], relativeTo: apiOrigin }),
  );
  // Only the endpoint's errors come here, and they are never pages.
  images.use(handleErrors(() => Promise.resolve()));
  return images;
}

type ConfigFactory = (
  env: unknown,
  argv: { mode: string },
) => Configuration & {
  devServer: WebpackDevServer.Configuration;
};

async function main(): Promise<void> {
  const env = readServerEnv();
  // Both ports before anything slow: a taken one is the commonest failure of a dev server.
  await checkPortFree(env.port, 'PORT');
  await checkPortFree(env.mockApiPort, 'MOCK_API_PORT');
  const dataDir = env.mockDataDir ?? DEFAULT_DATA_DIR;
  const { app, store, operatorSecret, emulatorSecretKey } = await createMockApi({
    dataDir,
    guestToken: env.guestToken,
    allowedOrigins: [env.appOrigin],
    logger: env.requestLog ?? true,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  });
  const apiServer = app.listen(env.mockApiPort);
  const apiPort = await listening(apiServer, env.mockApiPort, 'MOCK_API_PORT');
  process.env.MOCK_API_PORT = String(apiPort);

  const createConfig = createRequire(__filename)('../webpack.config.js') as ConfigFactory;
  const config = createConfig(undefined, { mode: 'development' });
  // The dev server's own notices (its addresses again, IPv6 ones too) would only crowd the banner.
  config.infrastructureLogging = { level: 'warn' };
  const devServer = new WebpackDevServer(
    {
      ...config.devServer,
      // A build says nothing unless it has errors or warnings: those stay in view, above the
      // banner on the first build.
      devMiddleware: { stats: 'errors-warnings' },
      port: env.port,
      // Reached by any address of this machine (the dev server always takes IP addresses and
      // localhost), and by its own names: the host name, its .local name, APP_ORIGIN's.
      allowedHosts: allowedHosts(env.appOrigin),
      // The mock API answers its own paths first and passes everything else to the dev server.
      setupMiddlewares: (middlewares) => [
        { name: 'mock-api', middleware: inFrontOf(app) },
        { name: 'images', middleware: imageEndpoint(apiPort) },
        ...middlewares,
      ],
    },
    webpack(config),
  );
  await devServer.start();
  // Once the first build is done and its stats (errors, warnings) printed.
  await new Promise<void>((resolve) => {
    if (devServer.middleware) devServer.middleware.waitUntilValid(() => resolve());
    else resolve();
  });

  // The port it listens on (PORT=0 takes a free one).
  const appPort = (devServer.server?.address() as AddressInfo | null)?.port ?? env.port;
  const banner = await demoBanner({
    serves: `\nMock API: /api on the app's origin, and alone on http://localhost:${apiPort}/api (data: ${dataDir})`,
    name: 'Grati Web',
    port: appPort,
    secrets: { operatorSecret, emulatorSecretKey },
    profiles: store.db.demoProfiles,
  });
  console.log(`${banner}\n`);

  const stop = () => {
    void devServer.stop().finally(() => apiServer.close(() => process.exit(0)));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// The message only: a refused start (a damaged data file, a missing setting) says what is wrong
// and what to do, and a stack trace would bury that.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
