// `npm start`: the webpack dev server with the mock API in front of it on one origin (as
// `npm run preview` has it: the API under /api, media under /media, the emulators under /v1 and
// /__*) and the production server's image endpoint (/_img) for the mock API's media, the mock API
// also alone on MOCK_API_PORT for API clients, then where to open it (localhost, this machine's
// network addresses and a QR code of the first) and the demo profile URLs. It works at any of
// them: the mock API names its media by path, relative to the page.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import express from 'express';
import pino from 'pino';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createMockApi, DEFAULT_DATA_DIR, inFrontOf } from '../mock-api/server';
import { readServerEnv } from '../mock-api/env';
import { operatorNotice } from '../mock-api/sharedDemo/operator';
import { IMAGE_ROUTE } from '../src/config/images';
import { handleErrors } from '../src/server/errors';
import { serveImages } from '../src/server/images/serveImages';
import { logRequests } from '../src/server/requestFrame';
import { parseTrustProxy } from '../src/server/settings';
import { addressLines, reachableAt } from './networkAddresses';

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
  const dataDir = env.mockDataDir ?? DEFAULT_DATA_DIR;
  const { app, store, operatorSecret, emulatorSecretKey } = await createMockApi({
    dataDir,
    guestToken: env.guestToken,
    allowedOrigins: [env.appOrigin],
    logger: env.requestLog ?? true,
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  });
  const apiServer = app.listen(env.mockApiPort);
  await new Promise<void>((resolve, reject) => {
    apiServer.once('listening', resolve).once('error', reject);
  });
  const apiPort = (apiServer.address() as AddressInfo).port;
  process.env.MOCK_API_PORT = String(apiPort);

  const createConfig = createRequire(__filename)('../webpack.config.js') as ConfigFactory;
  const config = createConfig(undefined, { mode: 'development' });
  const devServer = new WebpackDevServer(
    {
      ...config.devServer,
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

  // The port it listens on (PORT=0 takes a free one).
  const appPort = (devServer.server?.address() as AddressInfo | null)?.port ?? env.port;
  const appUrl = `http://localhost:${appPort}`;
  console.log(
    `\nMock API: /api on the app's origin, and alone on http://localhost:${apiPort}/api (data: ${dataDir})`,
  );
  console.log(operatorNotice({ operatorSecret, emulatorSecretKey }));
  console.log(await addressLines('Grati Web', reachableAt(appPort), { qr: !process.env.CI }));
  console.log('\nDemo profiles:');
  for (const { id, shows } of store.db.demoProfiles) {
    console.log(`  ${appUrl}/user_profile/${id}\n      ${shows}`);
  }
  console.log('');

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
