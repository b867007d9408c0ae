// The one primitive for a part of the page whose code is not in the first load: a route, a tab,
// the giving flow, a modal, a plain part of the server's markup. Each `lazyPart` call makes a
// component of its own (`Part`), so React never hands one part's state or code to another, even
// where two parts take turns in one place (the tabs). Its code comes through lazyModule (fetched
// once, one retry by itself); a part fenced by its own error boundary never takes the page down:
// - an app part shows "Try again" in its place, which asks the network afresh;
// - a plain part (text, pictures, links: nothing needs a script) keeps the server's markup, which
//   works as plain HTML, and asks again in the background until its code is here.
import { lazy, memo, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { DeferredHydration } from './hydration';
import type { ChunkName } from './chunks';
import { lazyModule, type LazyModule } from './lazyModule';
import { PartBoundary } from './PartBoundary';

export interface LazyPartOptions {
  /** Shown while its code arrives (nothing by default). */
  fallback?: ReactNode;
  /** 'app' (default) or 'plain': see above. */
  kind?: 'app' | 'plain';
  /** What the part is, for the failure message ("The gallery could not be loaded."). */
  label?: string;
}

export interface LazyPart<P> extends LazyModule<ComponentType<P>> {
  /** Renders the part: directly once its code is here, else through Suspense as it arrives. */
  Part: ComponentType<P>;
}

/** How long a plain part waits before asking again, at most (it doubles from 2 s up to this). */
const PLAIN_RETRY_MAX_MS = 30_000;

/** A plain part's code, asked for until it comes: its markup serves meanwhile, never an error. */
function loadPatiently<T>(module: LazyModule<T>, wait = 2000): Promise<T> {
  return module.load().catch(
    () =>
      new Promise<T>((resolve) => {
        setTimeout(
          () => resolve(loadPatiently(module, Math.min(wait * 2, PLAIN_RETRY_MAX_MS))),
          wait,
        );
      }),
  );
}

export function lazyPart<P extends object>(
  chunk: ChunkName,
  importer: () => Promise<ComponentType<P>>,
  { fallback = null, kind = 'app', label }: LazyPartOptions = {},
): LazyPart<P> {
  const module = lazyModule(chunk, importer);
  const makeLazy = () =>
    lazy(() =>
      (kind === 'plain' ? loadPatiently(module) : module.load()).then((component) => ({
        default: component,
      })),
    );
  // React keeps a rejected lazy component's error: a new attempt needs a new one.
  let pending = makeLazy();

  function PartBody(props: P) {
    // Chosen once per mount. Already here (fetched ahead, or the server's route): rendered
    // directly, so nothing suspends and the part hydrates with the page, in one pass. Else
    // through Suspense, and the same lazy component for the whole mount (never swapped).
    const [Component] = useState<ComponentType<P>>(() => module.loaded() ?? pending);
    const [direct] = useState(() => module.loaded() !== undefined);
    // A plain part is always a boundary of its own: the server rendered it as one, and its
    // markup must hydrate as one, whenever its code arrives.
    if (kind === 'plain') {
      return (
        <DeferredHydration>
          <Component {...props} />
        </DeferredHydration>
      );
    }
    if (direct) return <Component {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }

  function Part(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      if (module.loaded() === undefined) pending = makeLazy();
      setAttempt((count) => count + 1);
    };
    return (
      <PartBoundary key={attempt} label={label} onRetry={kind === 'app' ? retry : undefined}>
        <PartBody {...props} />
      </PartBoundary>
    );
  }
  Part.displayName = `LazyPart(${label ?? chunk})`;

  // A plain part is memoized: a page that renders again before its code is here (its props
  // unchanged) leaves it alone; given new props before then, it could not be hydrated, and React
  // would replace the server's markup with a client render (its pictures loaded again).
  return { ...module, Part: kind === 'plain' ? memo(Part) : Part };
}
