// What only the demo build has in its bundles: the emulators' redirect script, inlined in the page
// shell, and the testers' scenario panel, replaced by nothing in a live build.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { minifySync } = require('@swc/core');

const ROOT = path.join(__dirname, '..', '..');

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

/** Inlines the redirect script, with its rules, first in <head>: it costs no request. */
function emulatorRedirectsShell(rules) {
  const source = fs.readFileSync(
    path.join(ROOT, 'mock-api/emulators/emulator-redirects.js'),
    'utf8',
  );
  // Minified here: the build's JavaScript minifier (client.cjs) does not reach inline scripts.
  const { code } = minifySync(source, { compress: true, mangle: true });
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
      path.join(__dirname, 'noScenarioBar.ts'),
    ),
  ];
}

module.exports = { emulatorRedirects, emulatorRedirectsShell, withoutScenarioPanel };
