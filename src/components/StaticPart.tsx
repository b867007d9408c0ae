import { Suspense, type ReactNode } from 'react';

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
