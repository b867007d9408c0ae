// The build's named chunks, defined once (src/loading/chunks.ts): a build that makes one the list
// lacks fails, and the first load's own carry V8's compile hint.
const webpack = require('webpack');
const chunks = require('../../src/loading/chunks.json');

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

module.exports = { knownChunkNames, compileHints };
