// Queries over WebDriver: Testing Library finds elements in the page (WebDriver classic has no
// role query), then WebKit's computed label (what VoiceOver reads) must give the same name.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import { findInPage, TESTING_LIBRARY } from '../e2e/driver/testingLibrary';
import type { Query } from '../e2e/driver/query';
import { eventually, STEP_TIMEOUT } from '../e2e/eventually';

type Element = WebdriverIO.Element;

export async function findAll(browser: Browser, query: Query): Promise<Element[]> {
  let found = await browser.execute(findInPage, query.steps);
  if (found === null) {
    await browser.execute(TESTING_LIBRARY);
    found = await browser.execute(findInPage, query.steps);
  }
  return Promise.all((found ?? []).map((element) => browser.$(element).getElement()));
}

async function firstDisplayed(elements: Element[]): Promise<Element | undefined> {
  for (const element of elements) if (await element.isDisplayed()) return element;
  return undefined;
}

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

export async function hidden(browser: Browser, query: Query): Promise<void> {
  await eventually(`${query.describe} hidden`, async () => {
    assert.equal(await firstDisplayed(await findAll(browser, query)), undefined);
  });
}

/** Once enabled (a click on a disabled button is lost silently), retried while covered. */
export async function click(browser: Browser, query: Query): Promise<void> {
  const element = await visible(browser, query);
  await eventually(`${query.describe} enabled`, async () => assert.ok(await element.isEnabled()));
  await eventually(`click ${query.describe}`, () => element.click(), STEP_TIMEOUT);
}

export async function fill(browser: Browser, query: Query, value: string): Promise<void> {
  const field = await visible(browser, query);
  await field.clearValue();
  await field.addValue(value);
}
