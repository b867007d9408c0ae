// `npm run budgets`: the size budgets of the production build (sizes only, no timings), run by
// `npm test` after the build. Exit 1 when one is exceeded.
//
// - The profile route's first JS: the entry's files (dist/index.html's scripts and the entry group
//   of dist/asset-manifest.json) plus the profile chunk group's, gzip level 9. It is reported as
//   the floor plus the app's share, and the app's share is the budget:
//   - the floor: what the decided stack costs by itself. scripts/floor/floor.tsx is a page that
//     only mounts react, react-dom, @reduxjs/toolkit (RTK Query), react-redux and
//     react-router-dom; it is built here with the client config of webpack.config.js
//     (scripts/floor/build.ts, into a temporary folder) and its entry's JS is measured the same
//     way.
//   - the app's share: the first JS minus the floor, at most 20 KB.
// - The first load (the entry and the profile chunk) holds neither branch-sdk nor the flow chunks
//   ("gratitude": the forms and payments; "branch": the Branch SDK, loaded once the page is idle
//   by DeepLinkGate): both chunks still exist, none of their files is in the first load, and (from
//   the source maps) none of their modules either.
// - Every other (lazy) JS chunk, each on its own: at most 60 KB.
// - No secret key anywhere in the build (client or server bundle): no `sk_live_`/`sk_test_`/
//   `rk_` key, and not the STRIPE_SECRET_KEY value in use.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildFloor } from './floor/build';
import { FIRST_LOAD_CHUNKS, type ChunkName } from '../src/loading/chunks';

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const BUILD_DIRS = [DIST, path.join(ROOT, 'dist-server')];
const KB = 1024;

/** The budgets. */
export const BUDGETS = {
  /** The profile route's first JS beyond the floor (the decided stack alone). */
  appShareGzip: 20 * KB,
  lazyChunkGzip: 60 * KB,
};

/** The lazily loaded chunks that must stay out of the first load (their webpackChunkName). */
export const FLOW_CHUNKS: readonly ChunkName[] = ['gratitude', 'branch'];

const SECRET_PATTERN = /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{8,}/;
const BRANCH_SDK_SOURCE = /\/node_modules\/branch-sdk\//;

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB (${bytes} B)`;

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

interface Manifest {
  groups: Partial<Record<ChunkName, { js: string[]; css: string[] }>>;
}

/** The scripts an HTML page loads (`<script src>`), as hrefs. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*?\bsrc=["']?([^"'\s>]+)/g)].map((match) => match[1]!);
}

/** The modules a JS file was built from (its source map), or undefined when it has none. */
function sourcesOf(file: string): string[] | undefined {
  const map = `${file}.map`;
  if (!existsSync(map)) return undefined;
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

export async function checkBudgets(): Promise<{ lines: string[]; failures: string[] }> {
  // The floor first: every dist/ figure below is then read in one go, from the same build.
  const floor = await buildFloor();
  let floorBytes: number;
  try {
    floorBytes = floor.entryJs.reduce((sum, file) => sum + gzipSize(file), 0);
  } finally {
    floor.remove();
  }

  const manifest = JSON.parse(
    readFileSync(path.join(DIST, 'asset-manifest.json'), 'utf8'),
  ) as Manifest;
  const lines: string[] = [];
  const failures: string[] = [];
  const fileOf = (href: string) => path.join(DIST, href.replace(/^\//, ''));

  // The profile route's first load: what the page's HTML loads, the entry group and the profile
  // group (which the server-rendered page links up front).
  for (const group of FIRST_LOAD_CHUNKS) {
    if (!manifest.groups[group]) failures.push(`dist/asset-manifest.json has no "${group}" group`);
  }
  const firstJs = [
    ...new Set([
      ...scriptsOf(readFileSync(path.join(DIST, 'index.html'), 'utf8')),
      ...FIRST_LOAD_CHUNKS.flatMap((group) => manifest.groups[group]?.js ?? []),
    ]),
  ].filter((href) => href.endsWith('.js'));
  const first = new Set(firstJs.map(fileOf));
  const firstBytes = firstJs.reduce((sum, href) => sum + gzipSize(fileOf(href)), 0);

  // The first load holds no flow chunk and no branch-sdk.
  const flowFailures: string[] = [];
  const firstSources = [...first].map(sourcesOf);
  const mapped = firstSources.every(Boolean);
  const inFirst = new Set(firstSources.flatMap((sources) => sources ?? []));
  for (const name of FLOW_CHUNKS) {
    const group = manifest.groups[name];
    if (!group) {
      flowFailures.push(
        `no "${name}" chunk in the build: it is no longer split out of the first load`,
      );
      continue;
    }
    const files = group.js.map(fileOf);
    const loaded = files.filter((file) => first.has(file)).map((file) => path.basename(file));
    if (loaded.length > 0) {
      flowFailures.push(`the first load contains the "${name}" chunk's ${loaded.join(', ')}`);
    }
    const modules = new Set(files.flatMap((file) => sourcesOf(file) ?? []));
    const shared = [...inFirst].filter((source) => modules.has(source));
    if (shared.length > 0) {
      flowFailures.push(
        `the first load contains "${name}" modules: ${shared.slice(0, 5).join(', ')}`,
      );
    }
  }
  const branchSdk = [...inFirst].filter((source) => BRANCH_SDK_SOURCE.test(source));
  if (branchSdk.length > 0)
    flowFailures.push(`the first load contains branch-sdk (${branchSdk[0]})`);

  const share = firstBytes - floorBytes;
  const over = share - BUDGETS.appShareGzip;
  lines.push(
    `floor, the decided stack alone (scripts/floor): ${kb(floorBytes)} gzip ` +
      `(${floor.entryJs.length} files)`,
    `profile route first JS: ${kb(firstBytes)} gzip (${firstJs.length} files: ` +
      `${firstJs.map((href) => path.basename(href)).join(', ')})`,
    `app's share (first JS - floor): ${kb(share)} gzip; budget ${kb(BUDGETS.appShareGzip)}, ` +
      (over > 0 ? `OVER BUDGET by ${kb(over)}` : `met (${kb(-over)} to spare)`),
  );
  if (over > 0) {
    failures.push(`the app's share of the first JS is ${kb(share)}, over 20 KB by ${kb(over)}`);
  }
  failures.push(...flowFailures);
  if (flowFailures.length === 0) {
    lines.push(
      `first load: no branch-sdk, no ${FLOW_CHUNKS.join('/')} chunk` +
        (mapped ? ' (files and modules)' : ' (files only: no source maps)'),
    );
  }

  const lazy = filesUnder(path.join(DIST, 'assets')).filter(
    (file) => file.endsWith('.js') && !first.has(file),
  );
  for (const file of lazy.sort()) {
    const bytes = gzipSize(file);
    const tooBig = bytes > BUDGETS.lazyChunkGzip;
    lines.push(`lazy ${path.basename(file)}: ${kb(bytes)} gzip${tooBig ? '  OVER BUDGET' : ''}`);
    if (tooBig) failures.push(`${path.basename(file)} is ${kb(bytes)}, over 60 KB`);
  }

  const secretValue = process.env.STRIPE_SECRET_KEY;
  let secrets = 0;
  for (const file of BUILD_DIRS.flatMap(filesUnder)) {
    const text = readFileSync(file, 'latin1');
    const found =
      SECRET_PATTERN.exec(text)?.[0] ??
      (secretValue && text.includes(secretValue) ? 'STRIPE_SECRET_KEY' : undefined);
    if (found) {
      secrets += 1;
      failures.push(`${path.relative(ROOT, file)} contains a secret key (${found.slice(0, 8)}…)`);
    }
  }
  if (secrets === 0) lines.push('no secret key in the build');
  return { lines, failures };
}

if (require.main === module) {
  checkBudgets().then(
    ({ lines, failures }) => {
      for (const line of lines) console.log(line);
      if (failures.length > 0) {
        for (const failure of failures) console.error(`budget: ${failure}`);
        process.exit(1);
      }
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
