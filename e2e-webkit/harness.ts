// The WebKit suite's setting: one `npm run preview` server (as e2e-firefox/harness.ts starts it),
// Xvfb and WebKitWebDriver (e2e-webkit/processes.ts), and a WebDriver session of its own per
// journey: a new MiniBrowser, with its own cookies and storage.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remote, type Browser } from 'webdriverio';
import { AXE_SOURCE, AXE_TAGS, axeViolations, loadPicturesInPage } from '../e2e/inPage';
import { startPreview } from '../scripts/serverProcess';
import { MINIBROWSER, startWebKitDriver, startXvfb } from './processes';
import { eventually, STEP_TIMEOUT } from './queries';

/** Plays any video the server serves and fails unless WebKit really plays it (video.ts). */
export { assertVideoPlays, type Playback } from './video';

export const SCREENSHOT_DIR = path.join(__dirname, '..', 'e2e-artifacts', 'screenshots');
/** A desktop window; a journey that wants a phone's width sets its own. */
export const DESKTOP = { width: 1280, height: 800 };
/**
 * A phone's page as near as MiniBrowser goes: its toolbar keeps its window at least about 447 px
 * wide, so not an iPhone's 390, but the same layout (under the 768 px breakpoint).
 */
export const PHONE = { width: 460, height: 844 };
/** WebKitGTK's own capability: which browser the driver starts, in its automation mode. */
const WEBKITGTK = {
  'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
};

/** What a journey gets: the browser of its own session, and the server's address. */
export interface JourneyContext {
  browser: Browser;
  baseUrl: string;
}

export interface Suite {
  baseUrl: string;
  /** The running WebKitWebDriver's port (a new one after restartDriver). */
  driverPort: number;
  /** Ends the driver with every browser it started, and starts a new one on the same display. */
  restartDriver: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts the preview server, Xvfb and WebKitWebDriver; `stop` ends them all. */
export async function startSuite(): Promise<Suite> {
  const stops: (() => void)[] = [];
  // Even when the run is cut short, nothing it started may outlive it: each program is the
  // leader of its process group, and the group goes (MiniBrowser and its web processes with it).
  const onExit = () => {
    for (const stop of stops.reverse()) stop();
  };
  const onSignal = (signal: NodeJS.Signals) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const stop = async () => {
    onExit();
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  try {
    const server = await startPreview('grati-e2e-webkit');
    stops.push(server.stop);
    // The preview keeps its operator secret there: `api` reads everyone's payments with it.
    process.env.E2E_DATA_DIR = server.dataDir;
    const xvfb = await startXvfb();
    stops.push(xvfb.stop);
    let driver = await startWebKitDriver(xvfb.display);
    stops.push(() => driver.stop());
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const suite: Suite = {
      baseUrl: server.baseUrl,
      driverPort: driver.port,
      restartDriver: async () => {
        driver.stop();
        driver = await startWebKitDriver(xvfb.display);
        suite.driverPort = driver.port;
      },
      stop,
    };
    return suite;
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A new WebDriver session: a fresh MiniBrowser, its window at `size`. WebKitWebDriver once never
 * answered a new session (one in about 150 in clean-clone runs: the MiniBrowser it launched did not
 * come up, on an idle machine, after six sessions had come and gone): the browser's start, not the
 * page under test. Then the driver, with whatever it launched, is replaced, and the session asked
 * for once more. (Journeys run one at a time unless WEBKIT_CONCURRENCY says otherwise; with more,
 * a restart would end the others' browsers too.)
 */
export async function newSession(suite: Suite, size = DESKTOP): Promise<Browser> {
  let browser: Browser;
  try {
    browser = await openSession(suite.driverPort);
  } catch (error) {
    console.warn(`WebKitWebDriver gave no session (${String(error)}): restarting it`);
    await suite.restartDriver();
    browser = await openSession(suite.driverPort);
  }
  await browser.setTimeout({ pageLoad: STEP_TIMEOUT * 2, script: STEP_TIMEOUT });
  await setViewport(browser, size);
  return browser;
}

function openSession(driverPort: number): Promise<Browser> {
  return remote({
    // The driver this suite started: WebdriverIO never looks for (or downloads) one of its own.
    hostname: '127.0.0.1',
    port: driverPort,
    path: '/',
    logLevel: 'error',
    waitforTimeout: STEP_TIMEOUT,
    // A MiniBrowser takes seconds to start on a busy machine; a page load, more.
    connectionRetryTimeout: STEP_TIMEOUT * 2,
    connectionRetryCount: 1,
    capabilities: {
      browserName: 'MiniBrowser',
      ...WEBKITGTK,
      // WebDriver classic: WebKitGTK's WebDriver BiDi is not complete enough to lean on.
      'wdio:enforceWebDriverClassic': true,
    },
  });
}

/** Runs one journey in a session of its own, and ends the session (its browser) after. */
export async function inFreshSession(
  suite: Suite,
  journey: (context: JourneyContext) => Promise<void>,
): Promise<void> {
  const browser = await newSession(suite);
  try {
    await journey({ browser, baseUrl: suite.baseUrl });
  } finally {
    await browser.deleteSession().catch(() => undefined);
  }
}

/**
 * Sizes the window so that the page gets `size` (MiniBrowser's window is the page: no window
 * manager draws a frame on Xvfb), and waits until the page has it.
 */
export async function setViewport(browser: Browser, size: { width: number; height: number }) {
  await browser.setWindowSize(size.width, size.height);
  await eventually(`a ${size.width} x ${size.height} page`, async () => {
    const inner = await browser.execute(() => [window.innerWidth, window.innerHeight]);
    const outer = await browser.getWindowSize();
    // Whatever MiniBrowser keeps above the page (its toolbar) comes on top of the height.
    assert.equal(inner[0], size.width);
    if (inner[1] !== size.height) {
      await browser.setWindowSize(size.width, outer.height + size.height - inner[1]!);
      assert.fail(`the page is ${inner[0]} x ${inner[1]}`);
    }
  });
}

/**
 * Waits until the app has taken over the page (`data-app-ready`, src/app/AppRoutes.tsx): a page
 * the server rendered shows its buttons before they work. Call it after a navigation the journey
 * did not make with `goto` (a redirect).
 */
export async function waitForApp(browser: Browser): Promise<void> {
  await eventually('the app ready', async () => {
    const ready = await browser.execute(() => document.documentElement.dataset.appReady);
    assert.equal(ready, 'true');
  });
}

/** Opens an app address and waits until the app works. */
export async function goto(browser: Browser, baseUrl: string, address: string): Promise<void> {
  await browser.url(new URL(address, baseUrl).href);
  await waitForApp(browser);
}

/**
 * Saves a screenshot of the whole page as e2e-artifacts/screenshots/webkit-{name}.png. WebDriver
 * takes only what the window shows, so the window grows to the page's height for it (at most
 * 4000 px) and goes back after; `{ fullPage: false }` takes the window as it is (a resize would
 * end fullscreen).
 */
export async function saveScreenshot(
  browser: Browser,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `webkit-${name}.png`);
  if (!fullPage) {
    writeFileSync(file, await browser.takeScreenshot(), 'base64');
    return;
  }
  const size = await browser.getWindowSize();
  const pageHeight = await browser.execute(loadPicturesInPage);
  const innerHeight = await browser.execute(() => window.innerHeight);
  // What MiniBrowser keeps above the page comes on top of it.
  const toolbar = size.height - innerHeight;
  const tall = Math.min(Math.max(pageHeight + toolbar, size.height), 4000);
  if (tall !== size.height) await browser.setWindowSize(size.width, tall);
  try {
    // Drawn at its new height: laid out to it, and two frames painted since.
    await eventually('the page grown', async () => {
      const drawn = await browser.execute(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return window.innerHeight;
      });
      assert.equal(drawn, tall - toolbar);
    });
    writeFileSync(file, await browser.takeScreenshot(), 'base64');
  } finally {
    if (tall !== size.height) await browser.setWindowSize(size.width, size.height);
  }
}

/** Fails on any WCAG 2.x A/AA violation axe finds on the page as WebKit renders it now. */
export async function expectAccessible(browser: Browser): Promise<void> {
  // Run by the driver, so the page's Content-Security-Policy does not apply to it.
  await browser.execute(AXE_SOURCE);
  assert.deepEqual(await browser.execute(axeViolations, AXE_TAGS), [], 'axe violations');
}
