// Finding things as a guest names them (role and accessible name, label, text) and waiting for
// what a guest waits for, over WebDriver. WebDriver classic has no query by role, so Testing
// Library's own queries (its browser build, injected by the driver) find the elements in the
// page, with the names and roles the conventions' component tests use; WebKit's accessibility
// tree (WebDriver's computed label, what VoiceOver reads) then has to give a found element the
// same name.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import { findInPage, TESTING_LIBRARY } from '../e2e/driver/testingLibrary';
import type { Query } from '../e2e/driver/query';
import { eventually, STEP_TIMEOUT } from '../e2e/eventually';

type Element = WebdriverIO.Element;

/** Every element `query` finds now, in document order (hidden ones too, for a CSS query). */
export async function findAll(browser: Browser, query: Query): Promise<Element[]> {
  let found = await browser.execute(findInPage, query.steps);
  if (found === null) {
    await browser.execute(TESTING_LIBRARY);
    found = await browser.execute(findInPage, query.steps);
  }
  // The driver hands the elements back as WebDriver element references.
  return Promise.all((found ?? []).map((element) => browser.$(element).getElement()));
}

/** The first of `elements` the driver finds displayed. */
async function firstDisplayed(elements: Element[]): Promise<Element | undefined> {
  for (const element of elements) if (await element.isDisplayed()) return element;
  return undefined;
}

/** Waits until `query` finds a visible element and returns it; WebKit must give it the name. */
export async function visible(browser: Browser, query: Query): Promise<Element> {
  const element = await eventually(`${query.describe} visible`, async () => {
    const shown = await firstDisplayed(await findAll(browser, query));
    assert.ok(shown, `no visible ${query.describe}`);
    return shown;
  });
  const last = query.steps.at(-1);
  if (last?.role && last.name !== undefined) {
    assert.equal(await element.getComputedLabel(), last.name, `WebKit's name, ${query.describe}`);
  }
  if (last?.role && last.pattern) {
    const name = await element.getComputedLabel();
    assert.match(name, new RegExp(...last.pattern), `WebKit's name, ${query.describe}`);
  }
  return element;
}

/** Waits until nothing `query` finds is visible. */
export async function hidden(browser: Browser, query: Query): Promise<void> {
  await eventually(`${query.describe} hidden`, async () => {
    assert.equal(await firstDisplayed(await findAll(browser, query)), undefined);
  });
}

/**
 * Clicks the element `query` finds once it is visible, enabled and takes the click (WebDriver
 * clicks where a guest would, and refuses while something else covers the spot: then it tries
 * again). A click on a disabled button is silently lost, so it waits until the button can be
 * pressed first, as Playwright's and Puppeteer's clicks do.
 */
export async function click(browser: Browser, query: Query): Promise<void> {
  const element = await visible(browser, query);
  await eventually(`${query.describe} enabled`, async () => assert.ok(await element.isEnabled()));
  await eventually(`click ${query.describe}`, () => element.click(), STEP_TIMEOUT);
}

/** Types into a text field, replacing what it held. */
export async function fill(browser: Browser, query: Query, value: string): Promise<void> {
  const field = await visible(browser, query);
  await field.clearValue();
  await field.addValue(value);
}
