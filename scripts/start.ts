// `npm start`: the webpack dev server with the mock API in front of it on one origin (as
// `npm run preview` has it: the API under /api, media under /media, the emulators under /v1 and
// /__*), the mock API also alone on MOCK_API_PORT for API clients, then the demo profile URLs.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import webpack, { type Configuration } from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { createMockApi, DEFAULT_DATA_DIR, inFrontOf } from '../mock-api/server';
import { readServerEnv } from '../mock-api/env';

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
