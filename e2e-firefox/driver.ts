// The driver seam in Firefox (Puppeteer over WebDriver BiDi): Testing Library finds, then Firefox's
// accessibility tree (::-p-aria, whole names only) must give each found element its role and name.
import assert from 'node:assert/strict';
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import type { Driver, Property, Query, QueryStep } from '../e2e/driver/driver';
import { findInPage, TESTING_LIBRARY } from '../e2e/driver/testingLibrary';
import { eventually, STEP_TIMEOUT } from '../e2e/eventually';
import { expectAccessible, goto, saveScreenshot, waitForApp } from './harness';

/** ARIA's role names as Firefox's accessibility tree gives them. */
const FIREFOX_ROLES: Record<string, string> = { img: 'image' };

function selectorOf(step: QueryStep): string {
  if (step.css !== undefined) return step.css;
  if (step.text !== undefined) return `::-p-text(${JSON.stringify(step.text)})`;
  if (step.pattern) throw new Error(`Firefox's ARIA queries match whole names only: ${step.role}`);
  if (step.name?.includes('"')) throw new Error(`no name with a double quote: ${step.name}`);
  return `::-p-aria(${step.name === undefined ? '' : `[name="${step.name}"]`}[role="${FIREFOX_ROLES[step.role ?? ''] ?? step.role}"])`;
}

async function findAll(page: Page, query: Query): Promise<ElementHandle<Element>[]> {
  let found = await page.evaluateHandle(findInPage, query.steps);
  if (await page.evaluate((list) => list === null, found)) {
    await found.dispose();
    await page.evaluate(TESTING_LIBRARY);
    found = await page.evaluateHandle(findInPage, query.steps);
  }
  const properties = await found.getProperties();
  await found.dispose();
  return [...properties.values()].flatMap((handle) => {
    const element = handle.asElement();
    return element ? [element as ElementHandle<Element>] : [];
  });
}

/** The ARIA query runs on the found element alone (140 ms, against 700 ms for the page). */
async function visible(page: Page, query: Query): Promise<ElementHandle<Element>> {
  const element = await eventually(`${query.describe} visible`, async () => {
    for (const found of await findAll(page, query)) {
      if (await found.isVisible()) return found;
    }
    assert.fail(`no visible ${query.describe}`);
  });
  const last = query.steps.at(-1);
  if (last?.role) {
    const asked = last.pattern ? { role: last.role } : last;
    const confirmed = await element.$(selectorOf(asked));
    const same = confirmed !== null && (await page.evaluate((a, b) => a === b, confirmed, element));
    assert.ok(same, `Firefox's accessibility tree has no ${query.describe} there`);
  }
  return element;
}

export function firefoxDriver(page: Page, baseUrl: string): Driver {
  return {
    engine: 'firefox',
    baseUrl,
    goto: (address) => goto(page, baseUrl, address),
    waitForApp: () => waitForApp(page),
    setViewport: (size) => page.setViewport(size),
    reload: async () => void (await page.reload({ timeout: STEP_TIMEOUT * 2 })),
    url: async () => page.url(),
    visible: async (query) => void (await visible(page, query)),
    hidden: (query) =>
      eventually(`${query.describe} hidden`, async () => {
        for (const element of await findAll(page, query)) {
          assert.equal(await element.isVisible(), false, `${query.describe} still shown`);
        }
      }),
    count: async (query) => (await findAll(page, query)).length,
    // Puppeteer's locator waits until the element is visible, enabled and still.
    click: async (query) =>
      (await visible(page, query)).asLocator().setTimeout(STEP_TIMEOUT).click(),
    fill: async (query, value) =>
      (await visible(page, query)).asLocator().setTimeout(STEP_TIMEOUT).fill(value),
    read: async (query, property: Property) => {
      const element = await visible(page, query);
      const value = await element.evaluate(
        (e, name) => (e as unknown as Record<string, unknown>)[name],
        property,
      );
      return typeof value === 'string' ? value.trim() : Boolean(value);
    },
    attribute: async (query, name) =>
      (await visible(page, query)).evaluate((e, attribute) => e.getAttribute(attribute), name),
    focused: async (query) =>
      (await visible(page, query)).evaluate((e) => e === document.activeElement),
    texts: async (query) =>
      Promise.all(
        (await findAll(page, query)).map((e) => e.evaluate((x) => (x.textContent ?? '').trim())),
      ),
    run<Args extends unknown[], Result>(
      fn: (...args: Args) => Result | Promise<Result>,
      ...args: Args
    ): Promise<Result> {
      return page.evaluate(fn as (...plain: unknown[]) => unknown, ...args) as Promise<Result>;
    },
    runOn: async (query, fn) => (await visible(page, query)).evaluate(fn),
    attachFile: async (label, ...files) => {
      const input = (await (
        await visible(page, label)
      ).evaluateHandle(
        (element) => (element as HTMLLabelElement).control,
      )) as ElementHandle<HTMLInputElement>;
      assert.equal(await input.evaluate((element) => element.type), 'file');
      await input.uploadFile(...files);
    },
    recordBodies: (path) => {
      const bodies: Promise<string | undefined>[] = [];
      page.on('request', (sent: HTTPRequest) => {
        if (new URL(sent.url()).pathname.endsWith(path)) bodies.push(sent.fetchPostData());
      });
      return async () => (await Promise.all(bodies)).map((body) => body ?? '');
    },
    expectAccessible: () => expectAccessible(page),
    screenshot: (name) => saveScreenshot(page, name),
  };
}
