// Whether the page works yet: false on the server, during hydration and in a component's first
// render, true right after. Media below the fold wait for it, so on a slow phone they never share
// the line with the page's scripts (which make the page work).
//
// The flip is a transition: the render it causes (the profile and its feed again, on a hydrated
// page) is cut into slices that yield to a guest's tap, instead of one block right after
// hydration (a useSyncExternalStore whose server and client answers differ re-renders at once,
// synchronously, before the page can take its first tap). Every component starts from false,
// whenever it mounts: one that hydrates in a later pass (inside a Suspense boundary) must match
// the server's markup as the first did.
import { startTransition, useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
