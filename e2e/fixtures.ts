// The base of every browser test: the preview server's URL, an axe check and saved screenshots.
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import type { Driver } from './driver/driver';
import { playwrightDriver } from './driver/playwright';

export const SCREENSHOT_DIR = path.join(__dirname, '..', 'e2e-artifacts', 'screenshots');
export const GUEST_TOKEN = process.env.GUEST_TOKEN ?? 'demo-guest-token';

/**
 * `npm run test:stress -- --slow` plays a slow machine: every page's CPU is throttled this many
 * times (Chromium's own emulation) while busy processes hold the cores. Unset: full speed.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1;

async function throttleCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

/** Throttles each page the context opens from now on (a test's own pages, popups). */
function throttleEveryPage(context: BrowserContext): BrowserContext {
  // A page closed before its throttling is set up needs none.
  if (CPU_THROTTLE > 1) context.on('page', (page) => void throttleCpu(page).catch(() => undefined));
  return context;
}

interface Fixtures {
  /** Fails the test on any WCAG 2.x A/AA violation on the page as it is now. */
  expectAccessible: (page?: Page) => Promise<void>;
  /**
   * Saves a full-page screenshot under e2e-artifacts/screenshots/{name}.png; `fullPage: false`
   * takes the window as it is (a dialog as the guest sees it, not over a page grown to its length).
   */
  saveScreenshot: (name: string, page?: Page, options?: { fullPage?: boolean }) => Promise<void>;
}

/**
 * Waits until the app has taken over the page (`data-app-ready`, src/app/AppRoutes.tsx): a page
 * the server rendered shows its buttons before they work. Call it after a navigation the test
 * did not make with page.goto (a redirect, a reload); page.goto waits by itself.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
}

/** Makes `page.goto` wait, on an app page, until the app works (as the `page` fixture's does). */
export function gotoWaitsForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const answer = await goto(url, options);
    if (answer?.ok() !== false && (await page.locator('#root').count()) > 0) {
      await waitForApp(page);
    }
    return answer;
  };
  return page;
}

/**
 * The page's timers under the test's control, for checking something the spec times (a
 * snackbar's 1000 or 1500 ms, the wheel's 1 s swipe lock). Call `install` before the page loads;
 * the page then runs as usual until `pause`, after which its timers, `Date` and `performance.now()`
 * stand still until the test moves them with `page.clock.runFor`. A check made while they stand
 * still can't come after the thing it checks has gone, however slow the machine.
 */
type TimerFunctions = Pick<Window, 'setTimeout' | 'clearTimeout'>;
declare global {
  interface Window {
    /** The browser's own timers, kept before the page's clock replaced them. */
    __realTimers?: TimerFunctions;
  }
}

export const pageClock = {
  install: async (page: Page) => {
    // Registered before the clock's own script, this keeps the browser's real timers.
    await page.addInitScript(() => {
      window.__realTimers = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
    });
    await page.clock.install();
  },
  pause: async (page: Page) => {
    // pauseAt jumps the clock to the time it is given, firing what falls due on the way, and
    // refuses a time in the past. The page's clock keeps pace with real time, so aim past
    // whatever a loaded machine may take between this read and the pause.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 10_000);
  },
  /**
   * Runs `check` (axe) with the browser's real timers in the page while its clock stands still:
   * axe hands each rule on with setTimeout, which a paused clock never fires. The page's own
   * timers (a snackbar's 1.5 s) stay on the paused clock, so what the check looks at cannot go
   * away meanwhile, however slow the machine.
   */
  withRealTimers: async <T>(page: Page, check: () => Promise<T>): Promise<T> => {
    await page.evaluate(() => {
      const real = window.__realTimers!;
      const fake = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
      (window as unknown as { __fakeTimers: TimerFunctions }).__fakeTimers = fake;
      Object.assign(window, real);
    });
    try {
      return await check();
    } finally {
      await page.evaluate(() => {
        const fake = (window as unknown as { __fakeTimers: TimerFunctions }).__fakeTimers;
        Object.assign(window, fake);
      });
    }
  },
};

/**
 * Holds the page's requests to `url` until `release()`: what the page shows while it waits (a
 * spinner, a progress bar, a disabled button) stays there for as long as the test looks, rather
 * than for a fixed delay a slow machine may outrun.
 */
export async function holdRequests(page: Page, url: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

export const test = base.extend<Fixtures, { throttledBrowser: Browser }>({
  // The contexts tests make themselves (browser.newContext) are throttled too.
  throttledBrowser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => throttleEveryPage(await newContext(options));
      await use(browser);
    },
    { scope: 'worker', auto: true },
  ],
  context: async ({ context }, use) => {
    await use(throttleEveryPage(context));
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    // The test's first page is throttled before it loads anything.
    if (CPU_THROTTLE > 1) await throttleCpu(page);
    await use(javaScriptEnabled !== false ? gotoWaitsForApp(page) : page);
  },
  // Playwright reads a fixture's dependencies from this destructuring: it must stay an object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  expectAccessible: async ({ page }, use) => {
    await use((target = page) => expectAccessibleOn(target));
  },
  saveScreenshot: async ({ page }, use) => {
    await use((name, target = page, options) => saveScreenshotOf(target, name, options));
  },
});

/** Fails on any WCAG 2.x A/AA violation axe finds on the page as it is now. */
async function expectAccessibleOn(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** Saves the page under e2e-artifacts/screenshots/{name}.png (whole, unless fullPage: false). */
async function saveScreenshotOf(page: Page, name: string, { fullPage = true } = {}) {
  // A full-page picture shows the whole page as a visitor who scrolled would see it: the lazy
  // pictures below the fold are loaded first (they would be, by the scroll).
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.race([
      Promise.all(images.map((image) => image.decode().catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/**
 * The page on the driver seam (e2e/driver/playwright.ts), for the guest's steps and the journeys
 * written once for every engine (e2e/driver/guest.ts, e2e/shared-journeys/). Its addresses are
 * the page's context's (its baseURL); its API calls go to the suite's preview server.
 */
export const driverOf = (page: Page): Driver =>
  playwrightDriver(page, process.env.E2E_BASE_URL ?? '', {
    expectAccessible: () => expectAccessibleOn(page),
    saveScreenshot: (name) => saveScreenshotOf(page, `chromium-${name}`),
    waitForApp: () => waitForApp(page),
  });

export { expect };
