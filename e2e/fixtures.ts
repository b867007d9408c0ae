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

/** `npm run test:stress -- --slow` throttles every page's CPU this many times. */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1) || 1;

async function throttleCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
}

function throttleEveryPage(context: BrowserContext): BrowserContext {
  // A page closed before its throttling is set up needs none.
  if (CPU_THROTTLE > 1) context.on('page', (page) => void throttleCpu(page).catch(() => undefined));
  return context;
}

interface Fixtures {
  expectAccessible: (page?: Page) => Promise<void>;
  /** `fullPage: false` takes the window as it is (a dialog as the guest sees it). */
  saveScreenshot: (name: string, page?: Page, options?: { fullPage?: boolean }) => Promise<void>;
}

/** `data-app-ready`, after a redirect or reload (a server-rendered page's buttons work later). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
}

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

// The page's timers under the test's control: `install` before load, then after `pause` they stand
// still until `page.clock.runFor`, so a check can't come after what it checks has gone.
type TimerFunctions = Pick<Window, 'setTimeout' | 'clearTimeout'>;
declare global {
  interface Window {
    __realTimers?: TimerFunctions;
  }
}

export const pageClock = {
  install: async (page: Page) => {
    // Registered before the clock's script: keeps the browser's real timers.
    await page.addInitScript(() => {
      window.__realTimers = { setTimeout: window.setTimeout, clearTimeout: window.clearTimeout };
    });
    await page.clock.install();
  },
  pause: async (page: Page) => {
    // pauseAt refuses a time in the past: aim past what a loaded machine takes until the pause.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 10_000);
  },
  /** For axe, which hands each rule on with setTimeout (a paused clock never fires it). */
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

/** Holds the page's requests to `url` until `release()` (no fixed delay a slow machine outruns). */
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

async function saveScreenshotOf(page: Page, name: string, { fullPage = true } = {}) {
  // The lazy pictures below the fold load first, as a scroll would.
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.race([
      Promise.all(images.map((image) => image.decode().catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]);
  });
  // JPEG: a whole profile page took 145 ms against 440 ms as PNG (a quarter of the bytes), and
  // the suite saves over a hundred of them. A failing test's own screenshot stays PNG.
  const file = path.join(SCREENSHOT_DIR, `${name}.jpg`);
  await page.screenshot({ path: file, fullPage, type: 'jpeg', quality: 80 });
}

/** The page on the driver seam; its API calls go to the suite's preview server. */
export const driverOf = (page: Page): Driver =>
  playwrightDriver(page, process.env.E2E_BASE_URL ?? '', {
    expectAccessible: () => expectAccessibleOn(page),
    saveScreenshot: (name) => saveScreenshotOf(page, `chromium-${name}`),
    waitForApp: () => waitForApp(page),
  });

export { expect };
