// One build config for the demo (emulated services) and live (real keys): only the environment differs.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const defaults = require('./mock-api/defaults.json');

/** Build-time app config; validated again in the app by src/config/env.ts. */
function appConfig(isProduction) {
  const env = process.env;
  const mockApiPort = env.MOCK_API_PORT || defaults.mockApiPort;
  return {
    // The production build talks to its own origin (npm run preview serves the API under /api).
    apiBaseUrl: env.API_BASE_URL || (isProduction ? '/api' : `http://localhost:${mockApiPort}/api`),
    guestToken: env.GUEST_TOKEN || defaults.guestToken,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || 'pk_test_emulator',
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || 'emulator-site-key',
    // branch-sdk only sends a key shaped key_(live|test)_ + 32 letters or digits.
    branchKey: env.BRANCH_KEY || 'key_test_gratiDemoEmulatorKey000000000000',
    marketingUrl: env.MARKETING_URL || defaults.marketingUrl,
    // The mock API's Branch emulator (mock-api/emulators/branch.ts) unless a real key is set;
    // BRANCH_API_URL= (empty) is the real Branch API.
    branchApiUrl:
      env.BRANCH_API_URL ??
      (env.BRANCH_KEY
        ? ''
        : isProduction
          ? '/__branch'
          : `http://localhost:${mockApiPort}/__branch`),
  };
}

/** Emulator builds load the Branch emulator's page-shell script before the app. */
function branchEmulatorShell(branchApiUrl) {
  return {
    apply(compiler) {
      compiler.hooks.compilation.tap('BranchEmulatorShell', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
          'BranchEmulatorShell',
          (groups) => {
            const src = `${branchApiUrl.replace(/\/+$/, '')}/app-link.js`;
            groups.headTags.unshift(HtmlWebpackPlugin.createHtmlTagObject('script', { src }));
            return groups;
          },
        );
      });
    },
  };
}

/**
 * Emulator builds (no STRIPE_PUBLISHABLE_KEY) inline the Stripe.js emulator's redirect in <head>:
 * the js.stripe.com script that loadStripe injects on first use is then served by the mock API.
 */
function stripeEmulatorShell(emulatorUrl) {
  const code = fs.readFileSync(
    path.join(__dirname, 'mock-api/emulators/stripe-redirect.js'),
    'utf8',
  );
  return {
    apply(compiler) {
      compiler.hooks.compilation.tap('StripeEmulatorShell', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
          'StripeEmulatorShell',
          (groups) => {
            const attributes = { 'data-stripe-emulator': `${emulatorUrl}/` };
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
 * Emulator builds (no RECAPTCHA_SITE_KEY) inline the reCAPTCHA emulator's redirect first in <head>:
 * the Google script react-google-recaptcha loads is then served by the mock API's emulator.
 */
function recaptchaEmulatorShell(emulatorUrl) {
  const code = fs.readFileSync(
    path.join(__dirname, 'mock-api/emulators/recaptcha-redirect.js'),
    'utf8',
  );
  return {
    apply(compiler) {
      compiler.hooks.compilation.tap('RecaptchaEmulatorShell', (compilation) => {
        HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
          'RecaptchaEmulatorShell',
          (groups) => {
            const attributes = { 'data-recaptcha-emulator': `${emulatorUrl}/` };
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

module.exports = (_env, argv) => {
  const isProduction = argv.mode === 'production';
  const config = appConfig(isProduction);
  return {
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
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
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
      ...(config.branchApiUrl ? [branchEmulatorShell(config.branchApiUrl)] : []),
      ...(process.env.STRIPE_PUBLISHABLE_KEY
        ? []
        : [
            stripeEmulatorShell(
              isProduction
                ? '/__stripe'
                : `http://localhost:${process.env.MOCK_API_PORT || defaults.mockApiPort}/__stripe`,
            ),
          ]),
      ...(process.env.RECAPTCHA_SITE_KEY
        ? []
        : [
            recaptchaEmulatorShell(
              isProduction
                ? '/__recaptcha'
                : `http://localhost:${process.env.MOCK_API_PORT || defaults.mockApiPort}/__recaptcha`,
            ),
          ]),
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
};
