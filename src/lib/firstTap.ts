// No dead taps: a server-rendered page shows its buttons before its scripts have made them work.
// The page's inline loader (src/server/renderPage.tsx inlines `tapCapture` below) notes the first tap on a
// button or tab until the app takes over; the app takes that note just before it hydrates, and
// replays the tap once the page works. Only taps made before hydration starts are noted: from
// then on React queues and replays events itself.

declare global {
  interface Window {
    /** Set by the page's inline capture: ends it and hands over the tapped element, if any. */
    __graTap?: () => { element: Element; index: number } | null;
  }
}

/**
 * What the inline script does, kept here readable; renderPage inlines this function's source.
 * `ahead`: scripts to fetch at once when a tap is noted (the flow a tap most likely opens).
 */
export function tapCapture(ahead: readonly string[]): void {
  const doc = document;
  let pending: { element: Element; index: number } | null = null;
  const TAPPABLE = '#root button, #root [role="tab"]';
  const capture = (event: Event) => {
    const target = event.target as Element | null;
    const element = target && target.closest ? target.closest(TAPPABLE) : null;
    if (!element || pending) return;
    pending = {
      element,
      index: Array.prototype.indexOf.call(doc.querySelectorAll(TAPPABLE), element),
    };
    element.setAttribute('data-tap-pending', '');
    for (const href of ahead) {
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      doc.head.appendChild(link);
    }
  };
  doc.addEventListener('click', capture, true);
  window.__graTap = () => {
    doc.removeEventListener('click', capture, true);
    const taken = pending;
    pending = null;
    return taken;
  };
}

let noted: { element: Element; index: number } | null = null;

/** Ends the capture (call right before hydrating) and keeps its tap for `replayFirstTap`. */
export function endTapCapture(): void {
  noted = window.__graTap?.() ?? null;
  delete window.__graTap;
}

/** Replays the noted tap, once, on the same button (or the one in its place, if React redrew it). */
export function replayFirstTap(): void {
  const tap = noted;
  noted = null;
  if (!tap) return;
  tap.element.removeAttribute('data-tap-pending');
  const target = document.contains(tap.element)
    ? tap.element
    : document.querySelectorAll('#root button, #root [role="tab"]')[tap.index];
  if (target instanceof HTMLElement) target.click();
}
