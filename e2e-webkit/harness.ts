// The WebKit suite's setting: one preview server, Xvfb and WebKitWebDriver (./processes.ts), and a
// WebDriver session (a new MiniBrowser) per journey.
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

export { assertVideoPlays, type Playback } from './video';

export const SCREENSHOT_DIR = path.join(__dirname, '..', 'e2e-artifacts', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
/** MiniBrowser's toolbar keeps its window at least ~447 px wide: a phone's layout all the same. */
export const PHONE = { width: 460, height: 844 };
const WEBKITGTK = {
  'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
};

export interface JourneyContext {
  browser: Browser;
  baseUrl: string;
  display: string;
}

export interface Suite {
  baseUrl: string;
  display: string;
  driverPort: number;
  /** Ends the driver with every browser it started, and starts a new one on the same display. */
  restartDriver: () => Promise<void>;
  stop: () => Promise<void>;
}

export async function startSuite(): Promise<Suite> {
  const stops: (() => void)[] = [];
  // Even on SIGINT/SIGTERM nothing started may outlive the run: each process group goes whole.
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
    // Where the preview keeps the operator secret `api` reads payments with.
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
 * A MiniBrowser comes up in 1 to 3 s: room for a machine five times slower. A session that is
 * slower still only costs a restart of the driver (below), and one that never comes (about one
 * run in eight) 15 s, not 30 s.
 */
const SESSION_START_MS = 15_000;

// About one session in 150 never came (the browser did not start): then the driver is replaced
// and the session asked once more (with WEBKIT_CONCURRENCY > 1 the others' browsers go too).
export async function newSession(suite: Suite, size = DESKTOP): Promise<Browser> {
  let browser: Browser;
  try {
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
    // The driver this suite started: WebdriverIO never downloads one of its own.
    hostname: '127.0.0.1',
    port: driverPort,
    path: '/',
    logLevel: 'error',
    waitforTimeout: STEP_TIMEOUT,
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

/** Sizes the window until the page (below MiniBrowser's toolbar) has `size`. */
export async function setViewport(browser: Browser, size: { width: number; height: number }) {
  await browser.setWindowSize(size.width, size.height);
  await eventually(`a ${size.width} x ${size.height} page`, async () => {
    const inner = await browser.execute(() => [window.innerWidth, window.innerHeight]);
    const outer = await browser.getWindowSize();
    assert.equal(inner[0], size.width);
    if (inner[1] !== size.height) {
      await browser.setWindowSize(size.width, outer.height + size.height - inner[1]!);
      assert.fail(`the page is ${inner[0]} x ${inner[1]}`);
    }
  });
}

/** Each Ctrl+Plus in MiniBrowser makes the page 1.2 times as large. */
export const ZOOM_STEP = 1.2;

/** A page zoomed by zoomIn: its size in CSS px, and taps with the X display's own pointer. */
export interface ZoomedPage {
  width: number;
  height: number;
  /** WebKitWebDriver's element click does not allow for the page zoom (it misses, or refuses). */
  tap: (query: Query) => Promise<void>;
  type: (query: Query, text: string) => Promise<void>;
}

/** Ctrl+Plus on MiniBrowser's window (found by a title given for the moment), via xdotool. */
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
    // No --sync: it hangs when the pointer is already there (two controls in turn at the centre).
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
      // One character an action: in one, a repeated one ("00") is pressed once.
      for (const character of text) await browser.keys(character);
    },
  };
}

/** Waits for `data-app-ready` (a server-rendered page shows buttons before they work). */
export async function waitForApp(browser: Browser): Promise<void> {
  await eventually('the app ready', async () => {
    const ready = await browser.execute(() => document.documentElement.dataset.appReady);
    assert.equal(ready, 'true');
  });
}

export async function goto(browser: Browser, baseUrl: string, address: string): Promise<void> {
  await browser.url(new URL(address, baseUrl).href);
  await waitForApp(browser);
}

// WebDriver shoots only the window, so it grows to the page (at most 4000 px) and back;
// `fullPage: false` takes the window as is (a resize would end fullscreen).
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
  const toolbar = size.height - innerHeight;
  const tall = Math.min(Math.max(pageHeight + toolbar, size.height), 4000);
  if (tall !== size.height) await browser.setWindowSize(size.width, tall);
  try {
    // Laid out at the new height, and two frames painted since.
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

export async function expectAccessible(browser: Browser): Promise<void> {
  await browser.execute(AXE_SOURCE);
  assert.deepEqual(await browser.execute(axeViolations, AXE_TAGS), [], 'axe violations');
}
