// The production server's build (dist-server/), beside the client's (client.cjs).
const path = require('node:path');
const { webpackAlias } = require('../srcAlias.cjs');
const webpack = require('webpack');
const { withoutScenarioPanel } = require('./demoOnly.cjs');

/**
 * The production server (src/server), as plain JavaScript for `node`: dist-server/server.js runs
 * it (`npm run serve`), dist-server/app.js exports its request handling for `npm run preview`.
 * node_modules stay external (installed as production dependencies), CSS is the client's, images
 * get the client's file names without being written twice.
 */
function serverConfig(config, outDir, kind) {
  return {
    name: 'server',
    mode: 'production',
    target: 'node20',
    entry: { server: './src/server/main.ts', app: './src/server/app.ts' },
    output: {
      path: path.join(outDir, 'dist-server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: webpackAlias },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) =>
        /^[@a-z][^:]*$/i.test(request ?? '') && !/\.css$/.test(request ?? '')
          ? callback(null, `commonjs ${request}`)
          : callback(),
    ],
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        { test: /\.css$/, use: path.resolve(__dirname, 'no-css-loader.js') },
        {
          test: /\.(png|jpe?g|svg|webp)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_CONFIG__: JSON.stringify(config) }),
      ...withoutScenarioPanel(kind),
      // One file per entry: the lazy route modules are required in place.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

module.exports = { serverConfig };
