// Whether the page works yet: false on the server and during hydration, true from the render
// right after. Media below the fold wait for it, so on a slow phone they never share the line
// with the page's scripts (which make the page work).
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
