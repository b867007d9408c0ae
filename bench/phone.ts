// The first tap on a phone: Chromium at 390x844 with 4x CPU throttling and a Slow-4G-like network
// (150 ms RTT, 1.6 Mbps down, 750 kbps up), each figure the median of RUNS fresh loads of Ava's
// profile against the static floor (the same page saved without scripts) in the same run:
// - hydrated (data-app-ready) as a multiple of LCP, and LCP as a multiple of the floor's LCP;
// - hydrated as a multiple of the stack floor page hydrated (bench/stackFloor.ts: the same HTML
//   with only the decided stack's scripts, scripts/floor);
// - a tap on Recognize at FCP + 100 ms: how long until `Full Name` shows (and whether it ever does);
// - the first open of Recognize / Give Gift once the page works: tap to `Full Name`;
// - the guest's Submit: tap to the review's `Say thanks` / the gift's `Other (in Dollars)`.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { KEEP_NAMES_SHIM } from './chrome';
import { STACK_FLOOR_WATCH, stackFloorHydrated, type StackFloor } from './stackFloor';
import { median, round } from './stats';

export const PHONE_RUNS = Math.max(5, Number(process.env.BENCH_PHONE_RUNS ?? 5) || 5);
export const PHONE_PROFILE = 'ava-martinez';
const VIEWPORT = { width: 390, height: 844 };
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const GIVE_UP_MS = 15_000;

/** What the page logs once it works: the bench hears it without running anything in the page. */
const READY_MESSAGE = 'bench: data-app-ready';

/** What the page records about itself (installed before any of its scripts). */
const RECORDER = `
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

interface Recorded {
  fcp: number | null;
  lcp: number | null;
  ready: number | null;
  tapAt: number | null;
  seen: Record<string, number>;
}

export interface PhoneRun {
  fcpMs: number | null;
  lcpMs: number | null;
  readyMs: number | null;
  /** When the last of the page's scripts (/assets/*.js) had arrived. */
  scriptsInMs: number | null;
  floorLcpMs: number | null;
  /** data-app-ready of the stack floor page (bench/stackFloor.ts), loaded the same way. */
  stackFloorReadyMs: number | null;
  stackFloorScriptsInMs: number | null;
  /** Tap at FCP + 100 ms to `Full Name` shown; null when it never showed. */
  earlyTapMs: number | null;
  firstOpenRecognizeMs: number | null;
  firstOpenGiftMs: number | null;
  submitToReviewMs: number | null;
  submitToGiftMs: number | null;
}

export interface PhoneReport {
  runs: PhoneRun[];
  hydratedOverLcp: number;
  /** Median hydration over the stack floor page's median hydration. */
  hydratedOverStackFloor: number;
  stackFloor: Pick<StackFloor, 'scripts' | 'scriptBytes' | 'buildMs'> | null;
  lcpOverFloor: number;
  earlyTapWorked: string;
  earlyTapMs: number;
  firstOpenMs: number;
  submitMs: number;
}

async function phonePage(
  browser: Browser,
  initScript?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(KEEP_NAMES_SHIM);
  await context.addInitScript({ content: RECORDER });
  if (initScript) await context.addInitScript({ content: initScript });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  return { context, page };
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: Recorded }).__bench);

/** Resets the tap time and waits for `label` to be shown after the next tap; ms, or null. */
async function tapUntil(page: Page, tap: () => Promise<void>, label: string) {
  await page.evaluate((text) => {
    const bench = (window as unknown as { __bench: Recorded }).__bench;
    bench.tapAt = null;
    delete bench.seen[text];
  }, label);
  await tap();
  try {
    await page.waitForFunction(
      (text) => ((window as unknown as { __bench: Recorded }).__bench.seen[text] ?? -1) > 0,
      label,
      { timeout: GIVE_UP_MS },
    );
  } catch {
    return null;
  }
  const bench = await recorded(page);
  const seen = bench.seen[label];
  return bench.tapAt === null || seen === undefined ? null : round(seen - bench.tapAt);
}

/**
 * Loads `url` and waits until the page marks itself as working. It listens for the recorder's
 * console message rather than polling the page: a poll has Playwright inject its scripts into
 * the page (tens of milliseconds at 4x CPU) while it is still hydrating, which would land in the
 * very time measured, early or late by chance.
 */
async function loadUntilReady(page: Page, url: string) {
  const ready = page.waitForEvent('console', {
    predicate: (message) => message.text() === READY_MESSAGE,
    timeout: 60_000,
  });
  ready.catch(() => undefined);
  await page.goto(url);
  await ready;
}

/** A page that works and has been idle (what a guest sees a moment after it loads). */
async function loadedAndIdle(page: Page, url: string) {
  await loadUntilReady(page, url);
  await page.waitForLoadState('networkidle');
}

/**
 * When the last of the page's own scripts (the ones its HTML preloads) had arrived, by Resource
 * Timing. Chunks asked for as the page hydrates (its plain parts' code) are not part of its load.
 */
async function scriptsIn(page: Page, readyMs: number | null): Promise<number | null> {
  if (readyMs === null) return null;
  const ends = await page.evaluate(() => {
    const preloaded = new Set(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map(
        (link) => link.href,
      ),
    );
    return performance
      .getEntriesByType('resource')
      .filter((entry) => preloaded.has(entry.name))
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
  });
  return ends.length > 0 ? round(Math.max(...ends)) : null;
}

async function fillGuest(page: Page, name: string) {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill('bench@example.com');
}

/** The pages of a run: the app, and the floors it is held against when the run has them. */
export interface PhonePages {
  baseUrl: string;
  /** The static floor (the profile saved without scripts). */
  floorUrl: string | null;
  stackFloor: StackFloor | null;
}

async function oneRun(browser: Browser, pages: PhonePages, run: number): Promise<PhoneRun> {
  const { baseUrl, floorUrl, stackFloor } = pages;
  const profileUrl = `${baseUrl}/user_profile/${PHONE_PROFILE}`;
  const result: PhoneRun = {
    fcpMs: null,
    lcpMs: null,
    readyMs: null,
    scriptsInMs: null,
    floorLcpMs: null,
    stackFloorReadyMs: null,
    stackFloorScriptsInMs: null,
    earlyTapMs: null,
    firstOpenRecognizeMs: null,
    firstOpenGiftMs: null,
    submitToReviewMs: null,
    submitToGiftMs: null,
  };
  const within = async (work: (page: Page) => Promise<void>, initScript?: string) => {
    const { context, page } = await phonePage(browser, initScript);
    try {
      await work(page);
    } finally {
      await context.close();
    }
  };

  // The load, untouched: FCP, LCP and when the page works.
  await within(async (page) => {
    await loadUntilReady(page, profileUrl);
    await page.waitForLoadState('networkidle');
    const bench = await recorded(page);
    result.fcpMs = bench.fcp === null ? null : round(bench.fcp);
    result.lcpMs = bench.lcp === null ? null : round(bench.lcp);
    result.readyMs = bench.ready === null ? null : round(bench.ready);
    result.scriptsInMs = await scriptsIn(page, result.readyMs);
  });
  if (floorUrl) {
    await within(async (page) => {
      await page.goto(floorUrl);
      await page.waitForLoadState('networkidle');
      const lcp = (await recorded(page)).lcp;
      result.floorLcpMs = lcp === null ? null : round(lcp);
    });
  }
  if (stackFloor) {
    await within(async (page) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await loadUntilReady(page, stackFloor.url);
      const ready = (await recorded(page)).ready;
      // A mismatch would make React render the root again instead: then this is not hydration.
      if (!(await stackFloorHydrated(page))) {
        throw new Error(`the stack floor page did not hydrate its markup: ${errors.join(' | ')}`);
      }
      result.stackFloorReadyMs = ready === null ? null : round(ready);
      result.stackFloorScriptsInMs = await scriptsIn(page, result.stackFloorReadyMs);
    }, STACK_FLOOR_WATCH);
  }

  // A tap on Recognize 100 ms after the first paint.
  await within(async (page) => {
    await page.goto(profileUrl, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { __bench: Recorded }).__bench.fcp !== null,
      null,
      { timeout: 30_000, polling: 10 },
    );
    await page.waitForFunction(
      () => {
        const bench = (window as unknown as { __bench: Recorded }).__bench;
        return bench.fcp !== null && performance.now() >= bench.fcp + 100;
      },
      null,
      { polling: 5 },
    );
    result.earlyTapMs = await tapUntil(
      page,
      () => page.getByRole('button', { name: /^Recognize/ }).tap({ timeout: 5000 }),
      'Full Name',
    );
  });

  // First opens once the page works, then the guest's Submit.
  await within(async (page) => {
    await loadedAndIdle(page, profileUrl);
    result.firstOpenRecognizeMs = await tapUntil(
      page,
      () => page.getByRole('button', { name: /^Recognize/ }).tap(),
      'Full Name',
    );
    await fillGuest(page, `Bench Review ${run}`);
    result.submitToReviewMs = await tapUntil(
      page,
      () => page.getByRole('button', { name: 'Submit' }).tap(),
      'Say thanks',
    );
  });
  await within(async (page) => {
    await loadedAndIdle(page, profileUrl);
    result.firstOpenGiftMs = await tapUntil(
      page,
      () => page.getByRole('button', { name: /Give Gift/ }).tap(),
      'Full Name',
    );
    await fillGuest(page, `Bench Gift ${run}`);
    result.submitToGiftMs = await tapUntil(
      page,
      () => page.getByRole('button', { name: 'Submit' }).tap(),
      'Other (in Dollars)',
    );
  });
  return result;
}

const numbers = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

/** Runs PHONE_RUNS rounds of the app and, when given, its floors (each in its own context). */
export async function measurePhone(
  browser: Browser,
  pages: PhonePages,
  log: (message: string) => void = () => undefined,
): Promise<PhoneReport> {
  const runs: PhoneRun[] = [];
  for (let run = 1; run <= PHONE_RUNS; run += 1) {
    runs.push(await oneRun(browser, pages, run));
    log(`phone run ${run}/${PHONE_RUNS}: ${JSON.stringify(runs.at(-1))}`);
  }
  const ratio = (a: number[], b: number[]) =>
    a.length && b.length ? round(median(a) / median(b), 2) : Number.NaN;
  const early = runs.map((r) => r.earlyTapMs);
  return {
    runs,
    hydratedOverLcp: ratio(numbers(runs.map((r) => r.readyMs)), numbers(runs.map((r) => r.lcpMs))),
    hydratedOverStackFloor: ratio(
      numbers(runs.map((r) => r.readyMs)),
      numbers(runs.map((r) => r.stackFloorReadyMs)),
    ),
    stackFloor: pages.stackFloor
      ? {
          scripts: pages.stackFloor.scripts,
          scriptBytes: pages.stackFloor.scriptBytes,
          buildMs: pages.stackFloor.buildMs,
        }
      : null,
    lcpOverFloor: ratio(numbers(runs.map((r) => r.lcpMs)), numbers(runs.map((r) => r.floorLcpMs))),
    earlyTapWorked: `${numbers(early).length} of ${runs.length}`,
    // A tap that never opened the flow counts as the longest possible wait.
    earlyTapMs: median(early.map((v) => v ?? GIVE_UP_MS)),
    firstOpenMs: median(
      runs.flatMap((r) => [r.firstOpenRecognizeMs ?? GIVE_UP_MS, r.firstOpenGiftMs ?? GIVE_UP_MS]),
    ),
    submitMs: median(
      runs.flatMap((r) => [r.submitToReviewMs ?? GIVE_UP_MS, r.submitToGiftMs ?? GIVE_UP_MS]),
    ),
  };
}
