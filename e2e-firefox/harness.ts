// The Firefox suite's setting: one preview server, one Firefox over BiDi, a context a journey.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startPreview } from '../scripts/serverProcess';
import { AXE_SOURCE, AXE_TAGS, axeViolations, loadPicturesInPage } from '../e2e/inPage';
import { STEP_TIMEOUT } from '../e2e/eventually';

/** Debian's Firefox ESR, never a downloaded build. */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const SCREENSHOT_DIR = path.join(__dirname, '..', 'e2e-artifacts', 'screenshots');

export interface JourneyContext {
  page: Page;
  baseUrl: string;
}

export interface Suite {
  baseUrl: string;
  browser: Browser;
  stop: () => Promise<void>;
}

export async function startSuite(): Promise<Suite> {
  const server = await startPreview('grati-e2e-firefox');
  // Where the preview keeps the operator secret `api` reads payments with.
  process.env.E2E_DATA_DIR = server.dataDir;
  // Even on SIGINT/SIGTERM the server must not outlive the run (Puppeteer kills Firefox on exit).
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

/** Waits for `data-app-ready` (a server-rendered page shows buttons before they work). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true', {
    timeout: STEP_TIMEOUT,
  });
}

export async function goto(page: Page, baseUrl: string, address: string): Promise<void> {
  const answer = await page.goto(new URL(address, baseUrl).href, { timeout: STEP_TIMEOUT * 2 });
  // 304: the page was in the context's cache (a second visit).
  assert.ok(answer && answer.status() < 400, `${address} answered ${answer?.status()}`);
  await waitForApp(page);
}

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

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  // From the top: Firefox draws a sticky element where the last scroll left it.
  await page.evaluate(loadPicturesInPage);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `firefox-${name}.png`) as `${string}.png`,
    fullPage: true,
  });
}

export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  assert.deepEqual(await page.evaluate(axeViolations, AXE_TAGS), [], 'axe violations');
}
