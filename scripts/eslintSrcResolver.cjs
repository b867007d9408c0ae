// eslint-plugin-import's resolver for the `@/` alias (scripts/srcAlias.cjs), so the walls
// (import/no-restricted-paths) and import/no-cycle see an aliased import as the file it names:
// the alias put right, then the node resolver eslint-plugin-import uses already.
const nodeResolver = require('eslint-import-resolver-node');
const { resolveAlias } = require('./srcAlias.cjs');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) =>
  nodeResolver.resolve(resolveAlias(source), file, config);
