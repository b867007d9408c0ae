const zlib = require('node:zlib');
const CompressionPlugin = require('compression-webpack-plugin');

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

module.exports = { precompressed };
