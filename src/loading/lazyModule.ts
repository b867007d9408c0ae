// A module of the build's that is not in the first load (a chunk), fetched once and kept, under
// the page's one retry policy for scripts (retry.ts, which the captcha and Stripe.js load through):
// a script that fails (a phone on a café's Wi-Fi drops a request) is asked for again once by
// itself; a chunk whose script fails again is forgotten, so the next `load()` (a "Try again") asks
// the network afresh. Webpack lets a failed chunk be fetched again; React's `lazy` keeps a rejected import for good, which is
// why lazyPart.tsx builds its components on this and never on a bare `lazy(() => import())`.
import type { ChunkName } from './chunks';

/** How long an automatic retry waits: a dropped request is often a moment's loss. */
export const RETRY_DELAY_MS = 500;

export interface LazyModule<T> {
  /** The chunk that holds it (src/loading/chunks.json). */
  readonly chunk: ChunkName;
  /** Fetches it (once however often asked), with one retry; rejects (ChunkLoadFailure) if both failed. */
  load: () => Promise<T>;
  /** Starts the fetch if it is not here yet; a failure is left to the next `load()`. */
  prefetch: () => void;
  /** The module, once here. */
  loaded: () => T | undefined;
}

/** A chunk that could not be fetched, twice: what a part's boundary shows "Try again" for. */
export class ChunkLoadFailure extends Error {
  constructor(
    readonly chunk: ChunkName,
    override readonly cause: unknown,
  ) {
    super(`The "${chunk}" chunk could not be loaded`);
    this.name = 'ChunkLoadFailure';
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The script a failed fetch names: webpack's ChunkLoadError carries it as `request`. A chunk
 * comes with the chunks it shares with others, fetched together; the import fails on the first
 * of them to fail, while the others may still be on the way.
 */
function failedScript(error: unknown): string | undefined {
  const request = (error as { request?: unknown } | null)?.request;
  return typeof request === 'string' ? request : undefined;
}

export function lazyModule<T>(chunk: ChunkName, importer: () => Promise<T>): LazyModule<T> {
  let attempt: Promise<T> | undefined;
  let value: T | undefined;
  /**
   * Each script of the chunk is asked for again once by itself. A retry can join a request of
   * the first try still on its way (webpack shares a chunk's fetch in progress), which then fails
   * as the first did: that script has not been asked again yet, so the chunk is asked again.
   */
  const fetchWithRetries = async (): Promise<T> => {
    const failed = new Set<string>();
    for (;;) {
      try {
        return await importer();
      } catch (error) {
        const script = failedScript(error);
        const again = script === undefined ? failed.size > 0 : failed.has(script);
        if (again) throw error;
        failed.add(script ?? '');
        await pause(RETRY_DELAY_MS);
      }
    }
  };
  const load = () => {
    attempt ??= fetchWithRetries().then(
      (module) => (value = module),
      (error: unknown) => {
        attempt = undefined;
        throw new ChunkLoadFailure(chunk, error);
      },
    );
    return attempt;
  };
  return {
    chunk,
    load,
    prefetch: () => {
      if (value === undefined) load().catch(() => {});
    },
    loaded: () => value,
  };
}
