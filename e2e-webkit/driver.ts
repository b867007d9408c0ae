// The driver seam (e2e/driver/driver.ts) in WebKit, over WebDriver (queries: ./queries.ts).
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import type { Driver, Property, Query } from '../e2e/driver/driver';
import { expectAccessible, goto, PHONE, saveScreenshot, setViewport, waitForApp } from './harness';
import { click, fill, findAll, hidden, visible } from './queries';

export function webkitDriver(browser: Browser, baseUrl: string): Driver {
  return {
    engine: 'webkit',
    baseUrl,
    goto: (address) => goto(browser, baseUrl, address),
    waitForApp: () => waitForApp(browser),
    setViewport: (size) =>
      setViewport(browser, { width: Math.max(size.width, PHONE.width), height: size.height }),
    reload: () => browser.refresh(),
    url: () => browser.getUrl(),
    visible: async (query) => void (await visible(browser, query)),
    hidden: (query) => hidden(browser, query),
    count: async (query) => (await findAll(browser, query)).length,
    click: (query) => click(browser, query),
    fill: (query, value) => fill(browser, query, value),
    read: async (query, property: Property) => {
      const element = await visible(browser, query);
      const value: unknown = await browser.execute(
        (e, name) => (e as unknown as Record<string, unknown>)[name],
        element as unknown as HTMLElement,
        property,
      );
      return typeof value === 'string' ? value.trim() : Boolean(value);
    },
    attribute: async (query, name) => (await visible(browser, query)).getAttribute(name),
    focused: async (query) => {
      const element = await visible(browser, query);
      return browser.execute(
        (e) => e === document.activeElement,
        element as unknown as HTMLElement,
      );
    },
    texts: async (query) =>
      Promise.all(
        (await findAll(browser, query)).map(async (element) =>
          String((await element.getProperty('textContent')) ?? '').trim(),
        ),
      ),
    run<Args extends unknown[], Result>(
      fn: (...args: Args) => Result | Promise<Result>,
      ...args: Args
    ): Promise<Result> {
      return browser.execute(fn as (...plain: unknown[]) => unknown, ...args) as Promise<Result>;
    },
    async runOn<Result>(query: Query, fn: (element: Element) => Result): Promise<Result> {
      const element = await visible(browser, query);
      return (await browser.execute(fn, element as unknown as Element)) as Result;
    },
    attachFile: async (label, ...files) => {
      // The file input is visually hidden: found through the label a guest presses.
      const shown = await visible(browser, label);
      const input = await browser.$(
        await browser.execute((element) => (element as HTMLLabelElement).control!, shown),
      );
      assert.equal(await input.getAttribute('type'), 'file');
      for (const file of files) await input.addValue(file);
    },
    expectAccessible: () => expectAccessible(browser),
    screenshot: (name) => saveScreenshot(browser, name),
  };
}
