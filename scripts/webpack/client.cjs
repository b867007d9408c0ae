// The browser's build (dist/): the app's bundles and page shell, and in production the files the
// server reads beside them; `npm start` serves its development form.
const fs = require('node:fs');
const path = require('node:path');
const { webpackAlias } = require('../srcAlias.cjs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const defaults = require('../../mock-api/defaults.json');
const { knownChunkNames, compileHints } = require('./chunks.cjs');
const {
  emulatorRedirects,
  emulatorRedirectsShell,
  withoutScenarioPanel,
} = require('./demoOnly.cjs');
const { securityManifest, buildRecord, assetManifest, publicFiles } = require('./manifests.cjs');
const { precompressed } = require('./precompressed.cjs');

/** Aliases for react-router's production build (its exports point at dist/development only). */
function reactRouterProduction() {
  // require.resolve gives dist/development/index.js (the package exports no package.json).
  const dist = path.dirname(path.dirname(require.resolve('react-router')));
  const production = path.join(dist, 'production');
  for (const file of ['index.mjs', 'dom-export.mjs']) {
    if (!fs.existsSync(path.join(production, file))) {
      throw new Error(`react-router no longer ships dist/production/${file}: review the alias`);
    }
  }
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}

function clientConfig(config, isProduction, { kind, outDir, publicOrigin }) {
  const redirects = emulatorRedirects(config, kind);
  return {
    name: 'client',
    mode: isProduction ? 'production' : 'development',
    // boot: the first script, with webpack's runtime (a link's session starts there, ahead of the
    // libraries); main, the app, runs once its own chunks are here too.
    entry: {
      boot: './src/boot.ts',
      main: { import: './src/main.tsx', dependOn: 'boot' },
    },
    output: {
      path: path.join(outDir, 'dist'),
      publicPath: '/',
      filename: isProduction ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: isProduction ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: isProduction ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // react-router's package exports name only its development build (dev warnings on), in
      // every mode (remix-run/react-router#12532, #14102): a production build takes the
      // production build the package ships beside it.
      alias: { ...webpackAlias, ...(isProduction ? reactRouterProduction() : {}) },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          // Type checking is `npm run typecheck`; the build only transpiles.
          use: { loader: 'ts-loader', options: { transpileOnly: true } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_CONFIG__: JSON.stringify(config) }),
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      ...(redirects.length > 0 ? [emulatorRedirectsShell(redirects)] : []),
      ...withoutScenarioPanel(kind),
      securityManifest(config, kind),
      buildRecord(config, kind, publicOrigin),
      publicFiles(['robots.txt']),
      knownChunkNames(),
      ...(isProduction ? [compileHints(), assetManifest(), ...precompressed()] : []),
      new MiniCssExtractPlugin({
        filename: isProduction ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: isProduction ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      // SWC's minifier (@swc/core, which Jest uses too), not webpack's default terser with two
      // passes: the client's production build took 12.1 s and 15 s of CPU against 17.5 s and 25 s,
      // and its scripts came out 1% smaller (683 KB against 691 KB; brotli 201.9 against 202.8).
      // webpack's own minimizers ('...') still do the page shell's HTML; its inline script is
      // minified where it is made (demoOnly.cjs). The shell came out byte for byte the same.
      minimizeOptions: { javascript: false },
      minimizer: [
        '...',
        new MinimizerPlugin({
          minify: MinimizerPlugin.swcMinify,
          minimizerOptions: { compress: true, mangle: true },
        }),
      ],
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT || defaults.port),
      historyApiFallback: true,
      hot: true,
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}
module.exports = { clientConfig };
