// A part of the page that is not in the first load: fetched once, when the page is idle or a
// guest shows the intent to use it, and rendered directly once there, so the first use is as
// quick as the second and no Suspense fallback shows for what has already arrived.
import { lazy, type ComponentType } from 'react';

export interface PrefetchedChunk<P> {
  /** Starts the fetch (once, however often asked); a failed one is forgotten and asked again. */
  prefetch: () => void;
  /** The component itself once fetched (nothing suspends), else a lazy one that fetches it. */
  component: () => ComponentType<P>;
  /** Fetches it and settles once it is there or has failed (a failure is left to the lazy one). */
  load: () => Promise<void>;
  /** Whether it is here (rendering it suspends nothing). */
  arrived: () => boolean;
}

export function prefetchedChunk<P>(load: () => Promise<ComponentType<P>>): PrefetchedChunk<P> {
  let chunk: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const fetchChunk = () => {
    chunk ??= load().then((component) => {
      loaded = component;
      return { default: component };
    });
    return chunk;
  };
  const Lazy = lazy(fetchChunk);
  return {
    prefetch: () => {
      fetchChunk().catch(() => (chunk = undefined));
    },
    component: () => loaded ?? Lazy,
    arrived: () => loaded !== undefined,
    load: () =>
      fetchChunk().then(
        () => undefined,
        () => {
          chunk = undefined;
        },
      ),
  };
}
