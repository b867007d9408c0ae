import { lazy, memo, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that works as plain HTML (text, pictures, links: nothing in it
 * needs a script): its own Suspense boundary, so React hydrates it after the rest of the page,
 * when the main thread is free, and the buttons around it work sooner on a slow phone. Its markup
 * is shown and its links work all along; a tap in it before then makes React hydrate it at once.
 * Rendered on the client (no server markup), it renders at once, as if it were not there.
 */
export function StaticPart({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/**
 * A static part whose code is not in the first load either: the server renders it as usual; in
 * the browser its markup stays as the server wrote it (links work as plain links) until its code,
 * fetched once the page works, arrives and React hydrates it. Only for parts with no handler at
 * all: a tap in it before then is the browser's (a link is followed), never the app's. Its styles
 * must be imported by the page that shows it, not by its lazy module: the first paint needs them.
 */
export function lazyStaticPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(() =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    }),
  );
  function LazyStaticPart(props: P) {
    // Once here, rendered directly: a page rendered on the client later shows it at once.
    const Part = loaded ?? Lazy;
    return (
      <StaticPart>
        <Part {...props} />
      </StaticPart>
    );
  }
  // Memoized: a page that renders again before the code has arrived (its props unchanged) leaves
  // the part alone. A part given new props before then could not be hydrated, and React would
  // replace the server's markup with a client render (its pictures loaded again).
  return memo(LazyStaticPart);
}
