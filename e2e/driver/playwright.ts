// The driver seam in Chromium: a query becomes Playwright's locators (getByRole, exact name).
import { expect, type Locator, type Page } from '@playwright/test';
import { STEP_TIMEOUT } from '../eventually';
import type { Driver, Property, Query, QueryStep } from './driver';

type Scope = Page | Locator;

function locate(scope: Scope, step: QueryStep): Locator {
  if (step.css !== undefined) return scope.locator(step.css);
  if (step.text !== undefined) return scope.getByText(step.text, { exact: step.exact });
  const role = step.role as Parameters<Page['getByRole']>[0];
  if (step.pattern) return scope.getByRole(role, { name: new RegExp(...step.pattern) });
  return scope.getByRole(role, step.name === undefined ? {} : { name: step.name, exact: true });
}

export const locatorOf = (scope: Scope, query: Query): Locator =>
  query.steps.reduce<Scope>((within, step) => locate(within, step), scope) as Locator;

export const anyOf = (scope: Scope, queries: readonly Query[]): Locator =>
  queries.map((query) => locatorOf(scope, query)).reduce((one, other) => one.or(other));

const all = locatorOf;

const shown = (page: Page, query: Query) => all(page, query).filter({ visible: true }).first();

export interface PlaywrightSeam {
  expectAccessible: () => Promise<void>;
  saveScreenshot: (name: string) => Promise<void>;
  waitForApp: () => Promise<void>;
}

export function playwrightDriver(page: Page, baseUrl: string, seam: PlaywrightSeam): Driver {
  const timeout = STEP_TIMEOUT;
  return {
    engine: 'chromium',
    baseUrl,
    // Against the context's baseURL (the suite's server, or one a test started).
    goto: async (address) => {
      await page.goto(address);
      await seam.waitForApp();
    },
    waitForApp: seam.waitForApp,
    setViewport: (size) => page.setViewportSize(size),
    reload: async () => void (await page.reload()),
    url: async () => page.url(),
    visible: (query) => shown(page, query).waitFor({ state: 'visible', timeout }),
    hidden: (query) => expect(all(page, query).filter({ visible: true })).toHaveCount(0),
    count: (query) => all(page, query).count(),
    click: (query) => shown(page, query).click({ timeout }),
    fill: (query, value) => shown(page, query).fill(value, { timeout }),
    read: async (query, property: Property) => {
      const value = await shown(page, query).evaluate(
        (e, name) => (e as unknown as Record<string, unknown>)[name],
        property,
        { timeout },
      );
      return typeof value === 'string' ? value.trim() : Boolean(value);
    },
    attribute: (query, name) => shown(page, query).getAttribute(name, { timeout }),
    focused: (query) =>
      shown(page, query).evaluate((e) => e === document.activeElement, undefined, { timeout }),
    texts: async (query) => (await all(page, query).allTextContents()).map((text) => text.trim()),
    run<Args extends unknown[], Result>(
      fn: (...args: Args) => Result | Promise<Result>,
      ...args: Args
    ): Promise<Result> {
      // Playwright hands a function one argument: the call goes as an expression instead.
      return page.evaluate(`(${fn.toString()})(...${JSON.stringify(args)})`) as Promise<Result>;
    },
    runOn: (query, fn) => shown(page, query).evaluate(fn, undefined, { timeout }),
    attachFile: async (label, ...files) => {
      const control = await shown(page, label).evaluateHandle(
        (e) => (e as HTMLLabelElement).control,
        undefined,
        { timeout },
      );
      const input = control.asElement();
      if (!input) throw new Error(`${label.describe} labels no control`);
      await input.setInputFiles(files);
    },
    recordBodies: (path) => {
      const bodies: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname.endsWith(path)) bodies.push(sent.postData() ?? '');
      });
      return async () => bodies;
    },
    expectAccessible: seam.expectAccessible,
    screenshot: seam.saveScreenshot,
  };
}
