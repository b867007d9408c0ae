// What the phone section's pages record about themselves (an init script installed before the
// page's own: paint and LCP observers, a pointerdown listener, a MutationObserver), so that
// Playwright's own round trips are not in the figures; and the waits and taps built on it.
import type { Page } from '@playwright/test';
import { round } from './format';

/** How long a tap may take to show what it opens before it counts as lost. */
export const GIVE_UP_MS = 15_000;

/** What the page logs once it works: the bench hears it without running anything in the page. */
const READY_MESSAGE = 'bench: data-app-ready';

/** What the page records about itself (installed before any of its scripts). */
export const RECORDER = `
window.__bench = { fcp: null, lcp: null, ready: null, tapAt: null, seen: {} };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') __bench.fcp = e.startTime;
}).observe({ type: 'paint', buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) __bench.lcp = e.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });
addEventListener('pointerdown', (e) => { if (__bench.tapAt === null) __bench.tapAt = e.timeStamp; }, true);
new MutationObserver(() => {
  const b = window.__bench;
  if (b.ready === null && document.documentElement.dataset.appReady === 'true') {
    b.ready = performance.now();
    console.debug(${JSON.stringify(READY_MESSAGE)});
  }
  for (const label of document.querySelectorAll('label')) {
    const text = label.textContent.trim();
    // Seen: the next frame after the label entered the page (when it can be painted).
    if (!(text in b.seen)) { b.seen[text] = -1; requestAnimationFrame(() => (b.seen[text] = performance.now())); }
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
`;

declare global {
  interface Window {
    /** What RECORDER records: paints, when the page worked, the tap, when each label was seen. */
    __bench: Record<'fcp' | 'lcp' | 'ready' | 'tapAt', number | null> & {
      seen: Record<string, number>;
    };
  }
}

export const recorded = (page: Page) => page.evaluate(() => window.__bench);

/** Resets the tap time and waits for `label` to be shown after the next tap; ms, or null. */
export async function tapUntil(page: Page, tap: () => Promise<void>, label: string) {
  await page.evaluate((text) => {
    window.__bench.tapAt = null;
    delete window.__bench.seen[text];
  }, label);
  await tap();
  const shown = await page
    .waitForFunction((text) => (window.__bench.seen[text] ?? -1) > 0, label, {
      timeout: GIVE_UP_MS,
    })
    .catch(() => null);
  if (!shown) return null;
  const bench = await recorded(page);
  const seen = bench.seen[label];
  return bench.tapAt === null || seen === undefined ? null : round(seen - bench.tapAt);
}

/** Loads `url` and waits until the page marks itself as working. It listens for the recorder's
 * console message rather than polling the page: a poll has Playwright inject its scripts into
 * the page (tens of milliseconds at 4x CPU) while it is still hydrating, which would land in
 * the very time measured, early or late by chance. */
export async function loadUntilReady(page: Page, url: string) {
  const ready = page.waitForEvent('console', {
    predicate: (message) => message.text() === READY_MESSAGE,
    timeout: 60_000,
  });
  ready.catch(() => undefined);
  await page.goto(url);
  await ready;
}

/** A page that works and has been idle (what a guest sees a moment after it loads). */
export async function loadedAndIdle(page: Page, url: string) {
  await loadUntilReady(page, url);
  await page.waitForLoadState('networkidle');
}

/** When the last of the page's own scripts (the ones its HTML preloads) had arrived, by Resource
 * Timing. Chunks asked for as the page hydrates (its plain parts' code) are not part of its
 * load. */
export async function scriptsIn(page: Page, readyMs: number | null): Promise<number | null> {
  if (readyMs === null) return null;
  const ends = await page.evaluate(() => {
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]');
    const preloaded = new Set([...links].map((link) => link.href));
    return performance
      .getEntriesByType('resource')
      .filter((entry) => preloaded.has(entry.name))
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
  });
  return ends.length > 0 ? round(Math.max(...ends)) : null;
}

export async function fillGuest(page: Page, name: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill('bench@example.com');
}

/** Waits until `ms` after the first contentful paint (polling the page's own record). */
export async function waitForFcpPlus(page: Page, ms: number) {
  const painted = { timeout: 30_000, polling: 10 };
  await page.waitForFunction(() => window.__bench.fcp !== null, null, painted);
  await page.waitForFunction(
    (after) => window.__bench.fcp !== null && performance.now() >= window.__bench.fcp + after,
    ms,
    { polling: 5 },
  );
}
