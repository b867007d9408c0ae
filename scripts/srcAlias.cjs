// The one path alias: `@/` is `src/`. tsconfig.json's "paths" says it (TypeScript, tsx and
// Playwright read it there); webpack, Jest and ESLint's import resolver are given it from here,
// read from that one line.
const path = require('node:path');
const { compilerOptions } = require('../tsconfig.json');

const [[pattern, [target]]] = Object.entries(compilerOptions.paths);
/** `@/`: what an import starts with to name a file under src/. */
const PREFIX = pattern.replace(/\*$/, '');
/** The folder it names (absolute). */
const DIR = path.resolve(__dirname, '..', target.replace(/\*$/, ''));

/** `@/features/x` -> the absolute path under src/ (or the name unchanged). */
const resolveAlias = (name) =>
  name.startsWith(PREFIX) ? path.join(DIR, name.slice(PREFIX.length)) : name;

module.exports = {
  PREFIX,
  DIR,
  resolveAlias,
  /** webpack's resolve.alias. */
  webpackAlias: { [PREFIX.replace(/\/$/, '')]: DIR },
  /** Jest's moduleNameMapper. */
  jestMapper: { [`^${PREFIX}(.*)$`]: `${DIR}/$1` },
};
