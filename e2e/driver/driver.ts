// The seam between a guest's steps and a browser driver (issue 53), implemented by Playwright,
// Puppeteer and WebdriverIO; the waits and checks built on its primitives are here, once.
import assert from 'node:assert/strict';
import { eventually } from '../eventually';
import type { Query } from './query';

export * from './query';

export type Property = 'textContent' | 'value' | 'checked' | 'disabled' | 'readOnly';

export interface Driver {
  /** The engine's name, as the screenshots are prefixed. */
  readonly engine: 'chromium' | 'firefox' | 'webkit';
  readonly baseUrl: string;
  /** Opens an app address and waits until the app works. */
  goto(address: string): Promise<void>;
  /** After a navigation the journey did not make. */
  waitForApp(): Promise<void>;
  /** Or as near as the engine's window goes (MiniBrowser's: at least 460 px wide). */
  setViewport(size: { width: number; height: number }): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Waits until the query finds a visible element (the engine must give it the name asked). */
  visible(query: Query): Promise<void>;
  hidden(query: Query): Promise<void>;
  count(query: Query): Promise<number>;
  click(query: Query): Promise<void>;
  fill(query: Query, value: string): Promise<void>;
  /** Of the first visible element the query finds (text trimmed); so are attribute and focused. */
  read(query: Query, property: Property): Promise<string | boolean>;
  attribute(query: Query, name: string): Promise<string | null>;
  focused(query: Query): Promise<boolean>;
  /** Of every element the query finds, visible or not, trimmed. */
  texts(query: Query): Promise<string[]>;
  /** `fn` is sent as source: self-contained. */
  run<Args extends unknown[], Result>(
    fn: (...args: Args) => Result | Promise<Result>,
    ...args: Args
  ): Promise<Result>;
  runOn<Result>(query: Query, fn: (element: Element) => Result): Promise<Result>;
  /** For the file input whose label the query finds. */
  attachFile(label: Query, ...files: string[]): Promise<void>;
  /** From now on, the bodies of requests to `path` (WebKit's classic WebDriver sees none). */
  recordBodies?(path: string): () => Promise<string[]>;
  /** Fails on any WCAG 2.x A/AA violation axe finds. */
  expectAccessible(): Promise<void>;
  /** As e2e-artifacts/screenshots/{engine}-{name}.png (Chromium's: .jpg). */
  screenshot(name: string): Promise<void>;
}

export const expectProperty = (
  driver: Driver,
  query: Query,
  property: Property,
  expected: string | boolean,
) =>
  eventually(`${query.describe}: ${property} ${String(expected)}`, async () =>
    assert.equal(await driver.read(query, property), expected),
  );

export const expectText = (driver: Driver, query: Query, expected: string | RegExp) =>
  eventually(`${query.describe}: text ${String(expected)}`, async () => {
    const text = String(await driver.read(query, 'textContent'));
    if (typeof expected === 'string') assert.equal(text, expected);
    else assert.match(text, expected);
  });

export const expectAttribute = (driver: Driver, query: Query, name: string, value: string | null) =>
  eventually(`${query.describe}: ${name}=${String(value)}`, async () =>
    assert.equal(await driver.attribute(query, name), value),
  );

export const expectFocused = (driver: Driver, query: Query) =>
  eventually(`${query.describe} focused`, async () => assert.ok(await driver.focused(query)));

export const expectCount = (driver: Driver, query: Query, count: number) =>
  eventually(`${count} x ${query.describe}`, async () =>
    assert.equal(await driver.count(query), count),
  );

export const expectUrl = (driver: Driver, pattern: RegExp) =>
  eventually(`address ${pattern}`, async () => assert.match(await driver.url(), pattern));
