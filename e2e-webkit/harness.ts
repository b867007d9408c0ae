// The WebKit suite's setting: one `npm run preview` server (as e2e-firefox/harness.ts starts it),
// Xvfb and WebKitWebDriver (e2e-webkit/processes.ts), and a WebDriver session of its own per
// journey: a new MiniBrowser, with its own cookies and storage.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import path from 'node:path';
import { remote, type Browser } from 'webdriverio';
import { AXE_SOURCE, AXE_TAGS, axeViolations, loadPicturesInPage } from '../e2e/inPage';
import { startPreview } from '../scripts/serverProcess';
import { MINIBROWSER, startWebKitDriver, startXvfb, XDOTOOL } from './processes';
import type { Query } from '../e2e/driver/query';
import { eventually, STEP_TIMEOUT } from '../e2e/eventually';
import { visible } from './queries';

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

/** What a journey gets: the browser of its own session, the server's address, the X display. */
export interface JourneyContext {
  browser: Browser;
  baseUrl: string;
  /** The Xvfb display the browser draws on (for zoomIn). */
  display: string;
}

export interface Suite {
  baseUrl: string;
  display: string;
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
      display: xvfb.display,
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
 * How long a new session may take: a MiniBrowser comes up in 1 to 3 s here, so this is room for a
 * machine several times slower and busy.
 */
const SESSION_START_MS = 30_000;

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
    // Given up on after SESSION_START_MS, not the 90 s every later command may take (a page
    // load): a session that never comes cost a clean-clone run 90 s. One that comes too late is
    // ended with the driver that launched it.
    const asked = openSession(suite.driverPort);
    asked.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    browser = await Promise.race([
      asked,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no session within ${SESSION_START_MS} ms`)),
          SESSION_START_MS,
        );
      }),
    ]).finally(() => clearTimeout(timer));
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
    await journey({ browser, baseUrl: suite.baseUrl, display: suite.display });
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

/** MiniBrowser's zoom step: each Ctrl+Plus makes the page 1.2 times as large. */
export const ZOOM_STEP = 1.2;

/** A page zoomed by zoomIn: its size in CSS px, and a tap as the guest's finger makes it. */
export interface ZoomedPage {
  width: number;
  height: number;
  /**
   * Taps the element `query` finds, scrolled to the middle of the window first, with the X
   * display's own pointer: WebKitWebDriver's element click does not allow for the page zoom (it
   * calls a button below the first screen not interactable, and misses others).
   */
  tap: (query: Query) => Promise<void>;
  /** Taps a text field, as tap does, and types `text` into it. */
  type: (query: Query, text: string) => Promise<void>;
}

/**
 * Zooms the page in as a guest does (Safari's page zoom, WebKit's own): MiniBrowser's Ctrl+Plus,
 * `presses` times, pressed on its window on the X display, since WebDriver has no zoom and a key it
 * sends goes to the page. The window is found by a title given to the page for the moment. The
 * zoom stays with the window across navigations; each press is awaited until the page's width in
 * CSS px has shrunk.
 */
export async function zoomIn(
  { browser, display }: JourneyContext,
  presses: number,
): Promise<ZoomedPage> {
  const xdotool = (...args: string[]) =>
    promisify(execFile)(XDOTOOL, args, { env: { ...process.env, DISPLAY: display } });
  const title = `zoom-${process.pid}-${Date.now()}`;
  const before = await browser.execute((name) => {
    const old = document.title;
    document.title = name;
    return { title: old, height: window.innerHeight };
  }, title);
  // What MiniBrowser keeps above the page (its toolbar), in the window's own pixels.
  const toolbar = (await browser.getWindowSize()).height - before.height;
  let windowId = '';
  await eventually('MiniBrowser titled for the zoom', async () => {
    windowId = (await xdotool('search', '--onlyvisible', '--name', title)).stdout.trim();
    assert.match(windowId, /^\d+$/);
  });
  await browser.execute((old) => void (document.title = old), before.title);
  const width = () => browser.execute(() => window.innerWidth);
  for (let press = 0; press < presses; press += 1) {
    const was = await width();
    await xdotool('windowfocus', '--sync', windowId, 'key', '--clearmodifiers', 'ctrl+plus');
    await eventually('the page zoomed in', async () => assert.ok((await width()) < was));
  }
  const zoom = ZOOM_STEP ** presses;
  const size = await browser.execute(() => ({
    width: window.innerWidth,
    height: window.innerHeight,
  }));
  const tap = async (query: Query) => {
    const element = await visible(browser, query);
    const centre = await browser.execute(
      (target) => {
        target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        const box = target.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      },
      element as unknown as HTMLElement,
    );
    // No --sync: it waits for the pointer to move, which it does not when two controls in turn sit
    // in the middle of the window. The X server takes the move before the click all the same.
    const x = Math.round(centre.x * zoom);
    const y = Math.round(toolbar + centre.y * zoom);
    await xdotool('mousemove', '--window', windowId, String(x), String(y), 'click', '1');
  };
  return {
    ...size,
    tap,
    type: async (query, text) => {
      await tap(query);
      await eventually(`${query.describe} focused`, async () => {
        const element = await visible(browser, query);
        assert.ok(await element.isFocused());
      });
      // WebDriver's keyboard actions go to the focused field, with no check of where it lies
      // (xdotool's typing takes most of a second a character on Xvfb).
      // One character an action: in one, a repeated one ("00") is pressed once.
      for (const character of text) await browser.keys(character);
    },
  };
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
