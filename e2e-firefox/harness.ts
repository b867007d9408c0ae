// The Firefox suite's setting: one `npm run preview` server (the production build with the mock
// API beside it, on a free port with a temporary data folder, as e2e/globalSetup.ts starts it for
// Chromium), one Firefox driven over WebDriver BiDi, and a fresh browser context per journey.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startPreview } from '../scripts/serverProcess';
import { AXE_SOURCE, AXE_TAGS, axeViolations, loadPicturesInPage } from '../e2e/inPage';
import { STEP_TIMEOUT } from '../e2e/eventually';

/** Debian's Firefox ESR (apt-get install firefox-esr), never a downloaded build. */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const SCREENSHOT_DIR = path.join(__dirname, '..', 'e2e-artifacts', 'screenshots');

/** What a journey gets: its page, in a browser context of its own, and the server's address. */
export interface JourneyContext {
  page: Page;
  baseUrl: string;
}

export interface Suite {
  baseUrl: string;
  browser: Browser;
  stop: () => Promise<void>;
}

/** Starts the preview server and Firefox; `stop` ends both and removes the data folder. */
export async function startSuite(): Promise<Suite> {
  const server = await startPreview('grati-e2e-firefox');
  // The preview keeps its operator secret there: `api` reads everyone's payments with it.
  process.env.E2E_DATA_DIR = server.dataDir;
  // Even when the run is cut short, the server and its data must not outlive it (nor Firefox:
  // Puppeteer kills it on exit).
  const onExit = () => server.stop();
  const onSignal = (signal: NodeJS.Signals) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const { baseUrl } = server;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    onExit();
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  try {
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      protocol: 'webDriverBiDi',
    });
  } catch (error) {
    await stop();
    throw error;
  }
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return { baseUrl, browser, stop };
}

/**
 * Waits until the app has taken over the page (`data-app-ready`, src/app/AppRoutes.tsx): a page
 * the server rendered shows its buttons before they work. Call it after a navigation the journey
 * did not make with `goto` (a redirect).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', {
    timeout: STEP_TIMEOUT,
  });
}

/** Opens an app address and waits until the app works. */
export async function goto(page: Page, baseUrl: string, address: string): Promise<void> {
  const answer = await page.goto(new URL(address, baseUrl).href, { timeout: STEP_TIMEOUT * 2 });
  // 304: the page was in the context's cache (a second visit).
  assert.ok(answer && answer.status() < 400, `${address} answered ${answer?.status()}`);
  await waitForApp(page);
}

/** Runs one journey in a browser context of its own (its own cookies and storage). */
export async function inFreshContext(
  suite: Suite,
  journey: (context: JourneyContext) => Promise<void>,
): Promise<void> {
  const context = await suite.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT);
    await page.setViewport({ width: 1280, height: 720 });
    await journey({ page, baseUrl: suite.baseUrl });
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Saves a full-page screenshot as e2e-artifacts/screenshots/firefox-{name}.png. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  // As e2e/fixtures.ts does: the lazy pictures below the fold load first, as a scroll would.
  // Firefox draws the whole page from where it is scrolled, so a sticky element (the profile
  // card) would sit where the last scroll left it: the picture starts from the top.
  await page.evaluate(loadPicturesInPage);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `firefox-${name}.png`) as `${string}.png`,
    fullPage: true,
  });
}

/** Fails on any WCAG 2.x A/AA violation axe finds on the page as Firefox renders it now. */
export async function expectAccessible(page: Page): Promise<void> {
  // Evaluated by the driver, so the page's Content-Security-Policy does not apply to it.
  await page.evaluate(AXE_SOURCE);
  assert.deepEqual(await page.evaluate(axeViolations, AXE_TAGS), [], 'axe violations');
}
