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
// The build's chunk names, defined once (src/loading/chunks.ts).
const chunks = require('./src/loading/chunks.json');

/** The demo build's stand-ins for the live services (README: Configuration). */
const DEMO_VALUES = {
  stripePublishableKey: 'pk_test_emulator',
  recaptchaSiteKey: 'emulator-site-key',
  branchKey: 'key_test_gratiDemoEmulatorKey000000000000',
};

/** Build-time app config of the demo build; validated again in the app by src/config/env.ts. */
function demoAppConfig() {
  const env = process.env;
  return {
    // Both builds talk to their own origin: npm run preview, and npm start's dev server, serve
    // the mock API under /api (one origin, so a tester's scenario cookie comes with every call).
    apiBaseUrl: env.API_BASE_URL || '/api',
    guestToken: env.GUEST_TOKEN || defaults.guestToken,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || DEMO_VALUES.stripePublishableKey,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || DEMO_VALUES.recaptchaSiteKey,
    // branch-sdk only sends a key shaped key_(live|test)_ + 32 letters or digits.
    branchKey: env.BRANCH_KEY || DEMO_VALUES.branchKey,
    marketingUrl: env.MARKETING_URL || defaults.marketingUrl,
    // The testers' scenario panel: demo builds only (emulated Stripe), never a live build.
    scenarioPanel: !env.STRIPE_PUBLISHABLE_KEY,
    // The mock API's Branch emulator (mock-api/emulators/branch.ts) unless a real key is set;
    // BRANCH_API_URL= (empty) is the real Branch API.
    branchApiUrl: env.BRANCH_API_URL ?? (env.BRANCH_KEY ? '' : '/__branch'),
  };
}

/** Host names that are this machine: an API there is an emulator, not the live one. */
const LOCAL_HOSTS = /^(localhost|.*\.localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1?\])$/i;

/** An absolute http(s) URL on a host other than this machine, or why not. */
function remoteUrlProblem(raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (LOCAL_HOSTS.test(url.hostname)) return `points at this machine (${url.host}), an emulator`;
  if (url.username || url.password || url.search || url.hash) {
    return 'must have no user name, password, query or fragment';
  }
  return null;
}

/**
 * `npm run build:live`: every live setting from the environment, checked, so a build meant for
 * guests never falls back to a demo value. Throws one error naming every setting that is missing
 * or is an emulator's.
 */
function liveAppConfig(env = process.env) {
  const problems = [];
  const read = (name, check) => {
    const value = (env[name] ?? '').trim();
    if (value === '') problems.push(`${name} is not set`);
    else {
      const problem = check(value);
      if (problem) problems.push(`${name} ${problem} ("${value}")`);
    }
    return value;
  };
  const notDemo = (demo, shape, shapeText) => (value) =>
    value === demo ? "is the demo's emulator value" : shape.test(value) ? null : shapeText;
  const apiBaseUrl = read('API_BASE_URL', remoteUrlProblem);
  const publicOrigin = read('PUBLIC_ORIGIN', (value) => {
    const problem = remoteUrlProblem(value);
    if (problem) return problem;
    return new URL(value).pathname === '/' ? null : 'must be an origin (scheme, host and port)';
  });
  const stripePublishableKey = read(
    'STRIPE_PUBLISHABLE_KEY',
    notDemo(
      DEMO_VALUES.stripePublishableKey,
      /^pk_(live|test)_[A-Za-z0-9]{20,}$/,
      'must be a Stripe publishable key (pk_live_... or pk_test_...)',
    ),
  );
  const recaptchaSiteKey = read(
    'RECAPTCHA_SITE_KEY',
    notDemo(DEMO_VALUES.recaptchaSiteKey, /^[A-Za-z0-9_-]{40}$/, 'must be a 40-character site key'),
  );
  const branchKey = read(
    'BRANCH_KEY',
    notDemo(
      DEMO_VALUES.branchKey,
      /^key_(live|test)_[A-Za-z0-9]{32}$/,
      'must be a Branch key (key_live_ or key_test_ and 32 letters or digits)',
    ),
  );
  const guestToken = read('GUEST_TOKEN', (value) =>
    value === defaults.guestToken ? "is the demo's token" : null,
  );
  const marketingUrl = (env.MARKETING_URL ?? '').trim() || defaults.marketingUrl;
  const marketingProblem = remoteUrlProblem(marketingUrl);
  if (marketingProblem) problems.push(`MARKETING_URL ${marketingProblem} ("${marketingUrl}")`);
  if (problems.length > 0) {
    throw new Error(
      `npm run build:live needs the live settings in the environment:\n` +
        problems.map((problem) => `  - ${problem}`).join('\n') +
        `\n(see README.md, "Going live"; \`npm run build\` makes the demo build)`,
    );
  }
  return {
    config: {
      apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
      guestToken,
      stripePublishableKey,
      recaptchaSiteKey,
      branchKey,
      marketingUrl,
      scenarioPanel: false,
      // The real Branch API.
      branchApiUrl: '',
    },
    publicOrigin: new URL(publicOrigin).origin,
  };
}

/**
 * Where emulator builds send the third-party scripts the real libraries load (see
 * mock-api/emulators/emulator-redirects.js). A service configured live gets no rule.
 */
function emulatorRedirects(config, kind) {
  // A live build loads every service from its real address: no redirect script at all.
  if (kind === 'live') return [];
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
function securityManifest(config, kind) {
  const absoluteApi = /^https?:\/\//.test(config.apiBaseUrl);
  const live = kind === 'live';
  const services = {
    stripe: live || Boolean(process.env.STRIPE_PUBLISHABLE_KEY),
    recaptcha: live || Boolean(process.env.RECAPTCHA_SITE_KEY),
    branch: !config.branchApiUrl,
    // The API's origin, also where its pictures come from: the page's CSP allows it.
    apiOrigin: absoluteApi ? new URL(config.apiBaseUrl).origin : null,
  };
  return jsonAsset('SecurityManifest', 'security.json', services);
}

/** A JSON file written into the client build. */
function jsonAsset(name, file, value) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.processAssets.tap(
          { name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            compilation.emitAsset(
              file,
              new webpack.sources.RawSource(JSON.stringify(value, null, 2)),
            );
          },
        );
      });
    },
  };
}

/**
 * dist/build.json: which build this is. `npm run serve` (src/server/main.ts) refuses a demo
 * build unless ALLOW_DEMO_BUILD=1.
 */
function buildRecord(config, kind, publicOrigin) {
  return jsonAsset('BuildRecord', 'build.json', {
    kind,
    apiBaseUrl: config.apiBaseUrl,
    ...(publicOrigin ? { publicOrigin } : {}),
  });
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

const firstLoadChunks = () => Object.keys(chunks).filter((name) => chunks[name].firstLoad);

/**
 * Fails a build that makes a named chunk src/loading/chunks.json does not list: a renamed
 * `webpackChunkName` would otherwise quietly drop the server's preloads and the budgets' checks.
 */
function knownChunkNames() {
  return {
    apply(compiler) {
      compiler.hooks.afterCompile.tap('KnownChunkNames', (compilation) => {
        if (compilation.compiler.isChild()) return; // html-webpack-plugin's own
        const unknown = [...compilation.namedChunkGroups.keys()].filter((name) => !chunks[name]);
        if (unknown.length > 0) {
          compilation.errors.push(
            new webpack.WebpackError(
              `chunk names not in src/loading/chunks.json: ${unknown.join(', ')}`,
            ),
          );
        }
      });
    },
  };
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) on the first load's own
 * code: the entry (webpack's runtime and the app's shell) and the profile route's chunk. Nearly
 * every function in them runs as the page hydrates, so V8 compiles them all as the file is parsed
 * (off the main thread when the script streams in) rather than one by one on the main thread at
 * their first call. Not the libraries' chunk: much of it never runs on a page load. Added after
 * minification (which drops comments) and before the source maps and the compressed copies.
 */
function compileHints() {
  return new webpack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: new RegExp(`^assets/(${firstLoadChunks().join('|')})\\.[^/]*\\.js$`),
    stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
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
 * A live build has no scenario panel: its module (and with it the "scenarios" chunk and its
 * strings) is replaced by an empty one, in the client and in the server that renders the app.
 */
function withoutScenarioPanel(kind) {
  if (kind !== 'live') return [];
  return [
    new webpack.NormalModuleReplacementPlugin(
      /features[\\/]scenarios[\\/]ScenarioBar$/,
      path.join(__dirname, 'scripts/webpack/noScenarioBar.ts'),
    ),
  ];
}

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
      ...withoutScenarioPanel(kind),
      // One file per entry: the lazy route modules are required in place.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

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

function clientConfig(config, isProduction, { kind, outDir, publicOrigin }) {
  const redirects = emulatorRedirects(config, kind);
  return {
    name: 'client',
    mode: isProduction ? 'production' : 'development',
    entry: { main: './src/main.tsx' },
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
