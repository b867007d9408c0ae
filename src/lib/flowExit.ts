// Leaving a finished flow (a recognition sent, a payment made) for the page that says so. The
// flow's steps are history entries (lib/useFlowAddress), so a plain move to that page left them
// behind it: Back after OK reopened a step of a flow that was done (and, its draft gone, the step
// fell back to the guest's details; a second Back showed the same). So the flow is folded first:
// the page goes back to the entry the flow was opened from, and that entry is replaced by the
// result. One Back after OK then leaves the profile for wherever the guest came from.
//
// Within this document the result is shown in place (`arrive`: the router's own replace, no
// reload: issue 36). That entry may belong to another document (the guest reloaded the page
// during the flow): the way out is kept in sessionStorage for the document that shows it, which
// takes it when it loads or comes back from the back/forward cache (watchFlowExit, from
// src/main.tsx), and loads the result.
const KEY = 'grati:flow-exit';
/** A way out not taken by then was not for this page (history.go went elsewhere). */
const VALID_MS = 30_000;
/** If going back has not left this entry by then, the result replaces the flow's entry itself. */
const FALLBACK_MS = 3000;

interface FlowExit {
  /** The profile's path: the entry the flow was opened from shows it, with no flow open. */
  from: string;
  href: string;
  at: number;
}

function takeExit(): FlowExit | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(KEY);
    const exit = JSON.parse(raw) as Partial<FlowExit>;
    const age = Date.now() - (exit.at ?? Number.NaN);
    const valid =
      typeof exit.from === 'string' && typeof exit.href === 'string' && age >= 0 && age < VALID_MS;
    return valid ? (exit as FlowExit) : null;
  } catch {
    return null;
  }
}

/** Shows `href` in place of the current entry of this document. */
export type Arrive = (href: string) => void;

const load: Arrive = (href) => window.location.replace(href);

/**
 * Goes to `href` in place of the flow: `depth` entries back (the flow's own, pushed one a step)
 * is the profile without the flow, which `href` replaces, by `arrive` when that entry is this
 * document's, by a load when it is another's.
 */
export function leaveFinishedFlow(href: string, depth: number, arrive: Arrive = load): void {
  if (depth <= 0) {
    arrive(href);
    return;
  }
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ from: window.location.pathname, href, at: Date.now() }),
    );
  } catch {
    // No storage: the result replaces the flow's entry, and Back shows the step before.
    arrive(href);
    return;
  }
  const fallback = setTimeout(() => {
    if (takeExit()) arrive(href);
  }, FALLBACK_MS);
  // Left for another document (which takes the way out itself), or arrived in this one.
  window.addEventListener('pagehide', () => clearTimeout(fallback), { once: true });
  window.addEventListener(
    'popstate',
    () => {
      clearTimeout(fallback);
      continueFlowExit(arrive);
    },
    { once: true },
  );
  window.history.go(-depth);
}

/**
 * Takes a way out left for this page, if it is the one the flow was opened from. That entry may
 * show a step itself: a guest who came by a link to the flow (`?flow=gift&step=guest`) opened it
 * there, and the result replaces that entry too.
 */
function continueFlowExit(arrive: Arrive = load): void {
  const exit = takeExit();
  if (!exit || window.location.pathname !== exit.from) return;
  arrive(exit.href);
}

/**
 * For a page that may be the entry a finished flow went back to from another document: a
 * back/forward load, or a return from the back/forward cache.
 */
export function watchFlowExit(): void {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  if ((navigation as PerformanceNavigationTiming | undefined)?.type === 'back_forward') {
    continueFlowExit();
  }
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) continueFlowExit();
  });
}
