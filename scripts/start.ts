// `npm start`: the webpack dev server with the mock API in front of it on one origin (as
// `npm run preview` has it: the API under /api, media under /media, the emulators under /v1 and
// /__*) and the production server's image endpoint (/_img) for the mock API's media, the mock API
// also alone on MOCK_API_PORT for API clients, then the demo profile URLs.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createMockApi, DEFAULT_DATA_DIR, inFrontOf } from '../mock-api/server';
import { readServerEnv } from '../mock-api/env';
import { IMAGE_ROUTE } from '../src/config/images';
import { handleErrors } from '../src/server/errors';
import { serveImages } from '../src/server/images/serveImages';
import { logRequests } from '../src/server/requestFrame';

/**
 * The production server's image endpoint, its refusals in JSON as there. The mock API prints media
 * URLs with the origin a request came to, so the media origins are this origin and the mock API's
 * own, each by the two names a browser on this machine uses for it.
 */
function imageEndpoint(ports: number[]): express.Express {
  const mediaOrigins = ports.flatMap((port) => [
    `http://localhost:${port}`,
    `http://127.0.0.1:${port}`,
  ]);
  const images = express();
  images.disable('x-powered-by');
  images.get(IMAGE_ROUTE, logRequests(pino({ level: 'warn' })), serveImages({ mediaOrigins }));
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
  const { app, store } = await createMockApi({
    dataDir,
    guestToken: env.guestToken,
    allowedOrigins: [env.appOrigin],
    logger: true,
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
      // The mock API answers its own paths first and passes everything else to the dev server.
      setupMiddlewares: (middlewares) => [
        { name: 'mock-api', middleware: inFrontOf(app) },
        { name: 'images', middleware: imageEndpoint([env.port, apiPort]) },
        ...middlewares,
      ],
    },
    webpack(config),
  );
  await devServer.start();

  const appUrl = `http://localhost:${env.port}`;
  console.log(
    `\nMock API: /api on the app's origin, and alone on http://localhost:${apiPort}/api (data: ${dataDir})`,
  );
  console.log(`Grati Web: ${appUrl}/\n\nDemo profiles:`);
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

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
