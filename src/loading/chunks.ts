// The names of the build's chunks, defined once (chunks.json): webpack.config.js fails a build
// that makes a named chunk not listed there, and reads which are the first load (for V8's compile
// hint); the size budgets (scripts/budgets.ts) and the server's preloads (src/server/clientBuild.ts)
// read a chunk's files by these names; each lazy part (lazyPart.tsx) names the chunk it loads. A
// `webpackChunkName` comment says the same name as the lazyPart or lazyModule call it sits in
// (chunks.test.ts reads the sources).
import chunks from './chunks.json';

export type ChunkName = keyof typeof chunks;

interface ChunkFacts {
  /** What the chunk holds. */
  holds: string;
  /** Part of a profile page's first load: the server's HTML preloads its files. */
  firstLoad?: boolean;
}

export const CHUNKS: Readonly<Record<ChunkName, ChunkFacts>> = chunks;

export const CHUNK_NAMES = Object.keys(chunks) as ChunkName[];

/** The chunks of a profile page's first load. */
export const FIRST_LOAD_CHUNKS = CHUNK_NAMES.filter((name) => CHUNKS[name].firstLoad);
