// The files the client build writes into dist/ beside its bundles, for the production server:
// security.json, build.json, asset-manifest.json, and public/'s files as they are.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');

const ROOT = path.join(__dirname, '..', '..');

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

/** Copies files from public/ into the build as they are (robots.txt). */
function publicFiles(names) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PublicFiles', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'PublicFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            for (const name of names) {
              const file = path.join(ROOT, 'public', name);
              compilation.fileDependencies.add(file);
              compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
            }
          },
        );
      });
    },
  };
}

module.exports = { securityManifest, buildRecord, assetManifest, publicFiles };
