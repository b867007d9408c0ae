// One moment, named: "the page has hydrated" (usePageHydrated): false on the server and while
// React hydrates the server's markup; true for everything rendered after. A component mounted
// later (a flow opened, a tab shown again, a page reached by a link) starts from true, so it shows
// its real content in its first frame (the review step a reload asked for, the pending reviews of
// the feed). Inside a part hydrated in a later pass (DeferredHydration below), it starts from what
// it was when that part's place was first rendered, so a card hydrated late still matches the
// server.
//
// The flip is a transition: the render they cause (the profile and its feed again, on a hydrated
// page) is cut into slices that yield to a guest's tap, instead of one block right after
// hydration.
import {
  createContext,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';

let hydrated = false;
const waiting = new Set<() => void>();

/** Called once the page is the app's (src/components/AppReady.tsx, in its layout effect). */
export function markPageHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of waiting) listener();
  waiting.clear();
}

/** Back to "not hydrated yet": for tests that render as the server does, then hydrate. */
export function resetPageHydration(): void {
  hydrated = false;
}

/** What usePageHydrated starts from inside a DeferredHydration (null: outside any). */
const DeferredStart = createContext<boolean | null>(null);

/**
 * A part of a server-rendered page that works as plain HTML for a while (a feed card, a plain
 * lazy part): its own Suspense boundary, so React hydrates it after the rest of the page, when the
 * main thread is free, and the buttons around it work sooner on a slow phone. A tap in it before
 * then makes React hydrate it at once. Rendered on the client, it renders at once.
 */
export function DeferredHydration({ children }: { children: ReactNode }) {
  // Rendered in the page's own pass: whether its content is hydrated (false) or rendered.
  const [start] = useState(hydrated);
  return (
    <DeferredStart.Provider value={start}>
      <Suspense fallback={null}>{children}</Suspense>
    </DeferredStart.Provider>
  );
}

/** Whether the page has hydrated (see above); true from the first render of a later mount. */
export function usePageHydrated(): boolean {
  const deferredStart = useContext(DeferredStart);
  const [value, setValue] = useState(() => deferredStart ?? hydrated);
  useEffect(() => {
    if (value) return;
    const flip = () => startTransition(() => setValue(true));
    if (hydrated) {
      flip();
      return;
    }
    waiting.add(flip);
    return () => {
      waiting.delete(flip);
    };
  }, [value]);
  return value;
}

/**
 * Whether this component mounted on a page the browser renders itself (a QR code's link, a page
 * opened in place), not while the server's markup was being hydrated: such a mount has nothing
 * of the server's to show meanwhile, and no hydration to spare. Fixed for the component's life.
 */
export function useRendersItself(): boolean {
  const deferredStart = useContext(DeferredStart);
  const [value] = useState(() => deferredStart ?? hydrated);
  return value;
}
