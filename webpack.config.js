// One build config for the demo (emulated services) and live (real keys): only the environment differs.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

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
const defaults = require('./mock-api/defaults.json');

/** Build-time app config; validated again in the app by src/config/env.ts. */
function appConfig() {
  const env = process.env;
  return {
    // Both builds talk to their own origin: npm run preview, and npm start's dev server, serve
    // the mock API under /api (one origin, so a tester's scenario cookie comes with every call).
    apiBaseUrl: env.API_BASE_URL || '/api',
    guestToken: env.GUEST_TOKEN || defaults.guestToken,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || 'pk_test_emulator',
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || 'emulator-site-key',
    // branch-sdk only sends a key shaped key_(live|test)_ + 32 letters or digits.
    branchKey: env.BRANCH_KEY || 'key_test_gratiDemoEmulatorKey000000000000',
    marketingUrl: env.MARKETING_URL || defaults.marketingUrl,
    // The testers' scenario panel: demo builds only (emulated Stripe), never a live build.
    scenarioPanel: !env.STRIPE_PUBLISHABLE_KEY,
    // The mock API's Branch emulator (mock-api/emulators/branch.ts) unless a real key is set;
    // BRANCH_API_URL= (empty) is the real Branch API.
    branchApiUrl: env.BRANCH_API_URL ?? (env.BRANCH_KEY ? '' : '/__branch'),
  };
}

/**
 * Where emulator builds send the third-party scripts the real libraries load (see
 * mock-api/emulators/emulator-redirects.js). A service configured live gets no rule.
 */
function emulatorRedirects(config) {
  // The emulators are on the page's own origin (preview and npm start alike).
  const rules = [];
  if (config.branchApiUrl) {
    rules.push({
      match: '^https://app\\.link/',
      to: `${config.branchApiUrl.replace(/\/+$/, '')}/app.link/`,
    });
  }
  if (!process.env.STRIPE_PUBLISHABLE_KEY) {
    rules.push({
      match: '^https://js\\.stripe\\.com/(v3/?|[a-z]+/stripe\\.js)',
      to: '/__stripe/stripe.js',
    });
  }
  if (!process.env.RECAPTCHA_SITE_KEY) {
    rules.push({
      match: '^https://www\\.(google\\.com|recaptcha\\.net)/recaptcha/[^?]*',
      to: '/__recaptcha/api.js',
    });
  }
  return rules;
}

/**
 * Which third-party services this build talks to live, for the page's Content-Security-Policy
 * (mock-api/securityHeaders.ts): dist/security.json, read by the preview/production server.
 */
function securityManifest(config) {
  const absoluteApi = /^https?:\/\//.test(config.apiBaseUrl);
  const services = {
    stripe: Boolean(process.env.STRIPE_PUBLISHABLE_KEY),
    recaptcha: Boolean(process.env.RECAPTCHA_SITE_KEY),
    branch: !config.branchApiUrl,
    apiOrigin: absoluteApi ? new URL(config.apiBaseUrl).origin : null,
  };
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('SecurityManifest', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'SecurityManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            compilation.emitAsset(
              'security.json',
              new webpack.sources.RawSource(JSON.stringify(services, null, 2)),
            );
          },
        );
      });
    },
  };
}

/**
 * dist/asset-manifest.json: the JS and CSS files of each named lazy chunk group (e.g. the
 * profile route), so a server-rendered page can link them up front instead of waiting for them.
 */
function assetManifest() {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('AssetManifest', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'AssetManifest', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
          () => {
            const groups = {};
            for (const [name, group] of compilation.namedChunkGroups) {
              const files = group.getFiles().map((file) => `/${file}`);
              groups[name] = {
                js: files.filter((file) => file.endsWith('.js')),
                css: files.filter((file) => file.endsWith('.css')),
              };
            }
            compilation.emitAsset(
              'asset-manifest.json',
              new webpack.sources.RawSource(JSON.stringify({ groups }, null, 2)),
            );
          },
        );
      });
    },
  };
}

/**
 * Text files also written gzipped and brotli-compressed beside themselves, at the highest levels
 * (once per build, not per request): the production server sends the one the browser accepts.
 */
function precompressed() {
  const common = { test: /\.(js|css|svg|txt)$/, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/** Copies files from public/ into the build as they are (robots.txt). */
function publicFiles(names) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PublicFiles', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'PublicFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            for (const name of names) {
              const file = path.join(__dirname, 'public', name);
              compilation.fileDependencies.add(file);
              compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
            }
          },
        );
      });
    },
  };
}

/** Inlines the redirect script, with its rules, first in <head>: it costs no request. */
function emulatorRedirectsShell(rules) {
  const code = fs.readFileSync(
    path.join(__dirname, 'mock-api/emulators/emulator-redirects.js'),
    'utf8',
  );
  return {
    apply(compiler) {
      compiler.hooks.compilation.tap('EmulatorRedirects', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
          'EmulatorRedirects',
          (groups) => {
            // HtmlWebpackPlugin writes attribute values as they are: escape them for HTML.
            const json = JSON.stringify(rules).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
            const attributes = { 'data-redirects': json };
            groups.headTags.unshift(
              HtmlWebpackPlugin.createHtmlTagObject('script', attributes, code),
            );
            return groups;
          },
        );
      });
    },
  };
}

/**
 * The production server (src/server), as plain JavaScript for `node`: dist-server/server.js runs
 * it (`npm run serve`), dist-server/app.js exports its request handling for `npm run preview`.
 * node_modules stay external (installed as production dependencies), CSS is the client's, images
 * get the client's file names without being written twice.
 */
function serverConfig(config) {
  return {
    name: 'server',
    mode: 'production',
    target: 'node20',
    entry: { server: './src/server/main.ts', app: './src/server/app.ts' },
    output: {
      path: path.resolve(__dirname, 'dist-server'),
      filename: '[name].js',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: 'source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
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
        { test: /\.css$/, use: path.resolve(__dirname, 'scripts/webpack/no-css-loader.js') },
        {
          test: /\.(png|jpe?g|svg|webp)$/,
          type: 'asset/resource',
          generator: { emit: false },
        },
      ],
    },
    plugins: [
      new webpack.DefinePlugin({ __APP_CONFIG__: JSON.stringify(config) }),
      // One file per entry: the lazy route modules are required in place.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

module.exports = (_env, argv) => {
  const isProduction = argv.mode === 'production';
  const config = appConfig();
  const client = clientConfig(config, isProduction);
  return isProduction ? [client, serverConfig(config)] : client;
};

function clientConfig(config, isProduction) {
  const redirects = emulatorRedirects(config);
  return {
    name: 'client',
    mode: isProduction ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
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
      alias: isProduction ? reactRouterProduction() : {},
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
      securityManifest(config),
      publicFiles(['robots.txt']),
      ...(isProduction ? [assetManifest(), ...precompressed()] : []),
      new MiniCssExtractPlugin({
        filename: isProduction ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: isProduction ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
    ],
    optimization: { splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.PORT || defaults.port),
      historyApiFallback: true,
      hot: true,
      client: { overlay: { errors: true, warnings: false } },
    },
  };
}
