// One build config for the demo (emulated services) and live (real keys): only the environment
// differs. It composes one module per concern from scripts/webpack/:
//   appConfig.cjs      the app's build-time config: the demo's, or the live one checked
//   client.cjs         the browser's build (dist/), server.cjs the production server's (dist-server/)
//   demoOnly.cjs       the emulators' redirect script and the scenario panel, demo builds only
//   manifests.cjs      security.json, build.json, asset-manifest.json and public/ files in dist/
//   chunks.cjs         the named chunks: unknown names fail the build, V8 compile hints
//   precompressed.cjs  the .gz and .br copies the production server sends
const path = require('node:path');
const { demoAppConfig, liveAppConfig } = require('./scripts/webpack/appConfig.cjs');
const { clientConfig } = require('./scripts/webpack/client.cjs');
const { serverConfig } = require('./scripts/webpack/server.cjs');

/**
 * `webpack --mode production` is the demo build (`npm run build`); `--env live` the live one
 * (`npm run build:live`). BUILD_OUT_DIR (default: the repository) is where dist/ and
 * dist-server/ are written, side by side as the server expects them.
 */
module.exports = (env = {}, argv = {}) => {
  const isProduction = argv.mode === 'production';
  const kind = env.live ? 'live' : 'demo';
  const live = kind === 'live' ? liveAppConfig() : undefined;
  const config = live ? live.config : demoAppConfig();
  const outDir = path.resolve(__dirname, process.env.BUILD_OUT_DIR || '.');
  const client = clientConfig(config, isProduction, {
    kind,
    outDir,
    publicOrigin: live?.publicOrigin,
  });
  return isProduction ? [client, serverConfig(config, outDir, kind)] : client;
};
module.exports.liveAppConfig = liveAppConfig;
