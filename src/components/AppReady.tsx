import { useEffect } from 'react';
import { replayFirstTap } from '../lib/firstTap';

/**
 * Marks the document `data-app-ready` once the page's content is the app's: hydrated (a page the
 * server rendered is plain HTML until then: its buttons do nothing yet) or rendered. Placed where
 * a page's content is final: inside the route's Suspense boundary, so a lazily loaded route counts
 * only once it is in place, and in the deep-link gate's own screens. Browser tests and tools wait
 * for it before they interact.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
    // A tap made before the page worked (src/lib/firstTap.ts) now does what it says.
    replayFirstTap();
  }, []);
  return null;
}
