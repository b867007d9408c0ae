import { useEffect, useLayoutEffect } from 'react';
import { replayFirstTap } from '../lib/firstTap';
import { markPageHydrated } from '../loading/hydration';

/**
 * Marks the document `data-app-ready` once the page's content is the app's: hydrated (a page the
 * server rendered is plain HTML until then: its buttons do nothing yet) or rendered. Placed where
 * a page's content is final: beside a route's page (src/app/AppRoutes.tsx), inside the Suspense
 * boundary of a route whose code is fetched, so such a route counts only once it is in place, and
 * in the deep-link gate's own screens. Browser tests and tools wait for it before they interact.
 *
 * Marked as the commit that makes the page the app's ends (a layout effect): from then on React
 * handles a tap (it runs the commit's remaining effects first), however long the browser takes
 * to paint and run the effects. The bench's stack floor page (scripts/floor) is marked the same way.
 */
export function AppReady() {
  useLayoutEffect(() => {
    markPageHydrated();
    document.documentElement.dataset.appReady = 'true';
  }, []);
  useEffect(() => {
    // A tap made before the page worked (src/lib/firstTap.ts) now does what it says, once the
    // page's effects have run.
    replayFirstTap();
  }, []);
  return null;
}
