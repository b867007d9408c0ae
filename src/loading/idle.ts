// The one idle scheduler: work that can wait (code fetched ahead, the deep-link session, the demo's
// panel) runs when the browser is idle after the page works, and at the latest after IDLE_TIMEOUT_MS.

/** The longest an idle task waits on a page that never idles (a video playing, a busy phone). */
export const IDLE_TIMEOUT_MS = 2000;

/** Runs `task` once the browser is idle; returns a function that cancels it. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a task after the current one, as close as it offers.
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}
