// The one seam between a guest's steps and a browser driver (issue 53): what a journey asks of a
// page, in a guest's words. Chromium (Playwright, ./playwright.ts), Firefox (Puppeteer,
// e2e-firefox/driver.ts) and WebKit (WebdriverIO, e2e-webkit/driver.ts) implement it; the guest's steps (./guest.ts) and every journey that runs in
// more than one engine (e2e/shared-journeys/) are written once on top of it. A driver implements
// only the primitives: finding, pressing, typing, reading and running in the page. The waits and
// the checks built on them are here, once (STEP_TIMEOUT each).
import assert from 'node:assert/strict';
import { eventually } from '../eventually';
import type { Query } from './query';

export * from './query';

/** What can be read of the first visible element a query finds. */
export type Property = 'textContent' | 'value' | 'checked' | 'disabled' | 'readOnly';

export interface Driver {
  /** The engine's name, as the screenshots are prefixed. */
  readonly engine: 'chromium' | 'firefox' | 'webkit';
  readonly baseUrl: string;
  /** Opens an app address and waits until the app works. */
  goto(address: string): Promise<void>;
  /** Waits until the app has taken over the page (after a navigation the journey did not make). */
  waitForApp(): Promise<void>;
  /**
   * Sizes the page (CSS px) as a phone's or a desktop's window would be, and waits until it is;
   * or as near as the engine's window goes (MiniBrowser's: at least 460 px wide).
   */
  setViewport(size: { width: number; height: number }): Promise<void>;
  /** Reloads the page as the browser's reload button does, and waits until it has loaded. */
  reload(): Promise<void>;
  /** The page's address now. */
  url(): Promise<string>;
  /** Waits until the query finds a visible element (the engine must give it the name asked). */
  visible(query: Query): Promise<void>;
  /** Waits until nothing the query finds is visible. */
  hidden(query: Query): Promise<void>;
  /** How many elements the query finds now. */
  count(query: Query): Promise<number>;
  /** Presses the visible element once it takes the press, as a guest would. */
  click(query: Query): Promise<void>;
  /** Types into a text field, replacing what it held. */
  fill(query: Query, value: string): Promise<void>;
  /** A property of the first visible element the query finds (its text trimmed). */
  read(query: Query, property: Property): Promise<string | boolean>;
  /** An attribute of the first visible element the query finds (null: it has none). */
  attribute(query: Query, name: string): Promise<string | null>;
  /** Whether the first visible element the query finds has the focus. */
  focused(query: Query): Promise<boolean>;
  /** The text of every element the query finds, visible or not, trimmed. */
  texts(query: Query): Promise<string[]>;
  /** Runs `fn` in the page (self-contained: it is sent as source) and returns its result. */
  run<Args extends unknown[], Result>(
    fn: (...args: Args) => Result | Promise<Result>,
    ...args: Args
  ): Promise<Result>;
  /** Runs `fn` in the page on the first visible element the query finds. */
  runOn<Result>(query: Query, fn: (element: Element) => Result): Promise<Result>;
  /** Chooses files (paths on this machine) for the file input whose label the query finds. */
  attachFile(label: Query, ...files: string[]): Promise<void>;
  /**
   * From now on, the bodies of the page's requests whose path ends with `path`, where the driver
   * sees the page's requests (Firefox: WebDriver BiDi's network events; WebKit's classic
   * WebDriver sees none, so its driver has no such method).
   */
  recordBodies?(path: string): () => Promise<string[]>;
  /** Fails on any WCAG 2.x A/AA violation axe finds on the page as this engine renders it. */
  expectAccessible(): Promise<void>;
  /** Saves a screenshot of the page as e2e-artifacts/screenshots/{engine}-{name}.png. */
  screenshot(name: string): Promise<void>;
}

/** Waits until the first visible element the query finds has the property's value. */
export const expectProperty = (
  driver: Driver,
  query: Query,
  property: Property,
  expected: string | boolean,
) =>
  eventually(`${query.describe}: ${property} ${String(expected)}`, async () =>
    assert.equal(await driver.read(query, property), expected),
  );

/** Waits until the element's text, trimmed, is `expected` (or matches it). */
export const expectText = (driver: Driver, query: Query, expected: string | RegExp) =>
  eventually(`${query.describe}: text ${String(expected)}`, async () => {
    const text = String(await driver.read(query, 'textContent'));
    if (typeof expected === 'string') assert.equal(text, expected);
    else assert.match(text, expected);
  });

/** Waits until an attribute of the element has the value (null: it has none). */
export const expectAttribute = (driver: Driver, query: Query, name: string, value: string | null) =>
  eventually(`${query.describe}: ${name}=${String(value)}`, async () =>
    assert.equal(await driver.attribute(query, name), value),
  );

/** Waits until the element has the focus. */
export const expectFocused = (driver: Driver, query: Query) =>
  eventually(`${query.describe} focused`, async () => assert.ok(await driver.focused(query)));

/** Waits until the query finds exactly `count` elements. */
export const expectCount = (driver: Driver, query: Query, count: number) =>
  eventually(`${count} x ${query.describe}`, async () =>
    assert.equal(await driver.count(query), count),
  );

/** Waits until the page's address matches. */
export const expectUrl = (driver: Driver, pattern: RegExp) =>
  eventually(`address ${pattern}`, async () => assert.match(await driver.url(), pattern));
