// Builds the floor page (floor.tsx) the way `npm run build` builds the app: the client half of
// webpack.config.js in production mode, with only the entry and the output folder replaced and
// the plugins that need the app left out. The output goes to a fresh temporary folder (nothing is
// cached between runs); the caller removes it (`remove()`).
//
// `npx tsx scripts/floor/build.ts [--keep]`: builds it once and prints its files and build time.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import webpack, { type Configuration, type StatsCompilation } from 'webpack';

const ROOT = path.join(__dirname, '..', '..');
export const FLOOR_ENTRY = path.join(__dirname, 'floor.tsx');
/** The webpackChunkName of the floor page's lazy route (floor.tsx). */
const ROUTE_CHUNK = 'floor-route';

type WebpackConfigFactory = (env: unknown, argv: { mode: string }) => Configuration[];

export interface FloorBuild {
  /** The temporary output folder. */
  dir: string;
  /** What the page loads before its lazy route resolves: the entry's JS files, absolute paths. */
  entryJs: string[];
  /** The lazy route's JS files (not part of the floor). */
  routeJs: string[];
  /** Wall-clock time of the webpack run. */
  ms: number;
  remove: () => void;
}

/** The client config of `npm run build`, pointed at the floor page and a temporary folder. */
export function floorConfig(outputPath: string): Configuration {
  const load = createRequire(__filename);
  const makeConfigs = load(path.join(ROOT, 'webpack.config.js')) as WebpackConfigFactory;
  const client = makeConfigs(undefined, { mode: 'production' }).find((c) => c.name === 'client');
  if (!client) throw new Error('webpack.config.js has no client config.');
  return {
    ...client,
    // What `npm run build` resolves against (it runs in the repository root).
    context: ROOT,
    entry: { main: FLOOR_ENTRY },
    output: { ...client.output, path: outputPath },
    // Kept: the ones that shape the JS (DefinePlugin) or that the loaders and the page need. Left
    // out: the app's manifests, public files, the redirect shell and the .gz/.br copies.
    plugins: (client.plugins ?? []).filter(
      (plugin) =>
        plugin instanceof webpack.DefinePlugin ||
        plugin instanceof MiniCssExtractPlugin ||
        plugin instanceof HtmlWebpackPlugin,
    ),
  };
}

function run(config: Configuration): Promise<StatsCompilation> {
  return new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((error, stats) => {
      compiler.close((closeError) => {
        if (error ?? closeError) return reject(error ?? closeError);
        if (!stats) return reject(new Error('webpack returned no stats'));
        if (stats.hasErrors()) {
          return reject(new Error(stats.toString({ all: false, errors: true })));
        }
        resolve(
          stats.toJson({
            all: false,
            entrypoints: true,
            chunkGroups: true,
            chunks: true,
            chunkModules: true,
            nestedModules: true,
          }),
        );
      });
    });
  });
}

type StatsModule = NonNullable<StatsCompilation['modules']>[number];
const moduleNames = (module: StatsModule): string[] =>
  module.modules ? module.modules.flatMap(moduleNames) : [module.name ?? ''];

export async function buildFloor(): Promise<FloorBuild> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grati-floor-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const started = performance.now();
    const stats = await run(floorConfig(dir));
    const ms = performance.now() - started;

    const jsOf = (group: string) =>
      (stats.namedChunkGroups?.[group]?.assets ?? [])
        .map((asset) => asset.name)
        .filter((name) => name.endsWith('.js'))
        .map((name) => path.join(dir, name));
    const entryJs = jsOf('main');
    const routeJs = jsOf(ROUTE_CHUNK);
    if (entryJs.length === 0 || routeJs.length === 0) {
      throw new Error(`The floor build has no main entry or no "${ROUTE_CHUNK}" chunk.`);
    }
    // The whole stack must be in what the floor counts: its lazy route holds floor code only.
    const routeChunkIds = new Set(stats.namedChunkGroups?.[ROUTE_CHUNK]?.chunks ?? []);
    const packagesInRoute = (stats.chunks ?? [])
      .filter((chunk) => chunk.id !== undefined && routeChunkIds.has(chunk.id))
      .flatMap((chunk) => (chunk.modules ?? []).flatMap(moduleNames))
      .filter((name) => name.includes('node_modules'));
    if (packagesInRoute.length > 0) {
      throw new Error(`The floor's lazy route carries package code: ${packagesInRoute.join(', ')}`);
    }
    for (const file of [...entryJs, ...routeJs]) statSync(file);
    return { dir, entryJs, routeJs, ms, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

if (require.main === module) {
  buildFloor().then(
    (floor) => {
      console.log(`floor build: ${(floor.ms / 1000).toFixed(1)} s, in ${floor.dir}`);
      for (const file of floor.entryJs) console.log(`  entry ${path.basename(file)}`);
      for (const file of floor.routeJs) console.log(`  lazy route ${path.basename(file)}`);
      if (process.argv.includes('--keep')) console.log('kept (--keep): remove it when done');
      else floor.remove();
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
