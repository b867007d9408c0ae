// Finding things as a guest names them (role and accessible name, label, text) and waiting for
// what a guest waits for, with Puppeteer: Firefox's own accessibility tree answers the role and
// name queries (WebDriver BiDi's accessibility locator behind Puppeteer's ::-p-aria).
import assert from 'node:assert/strict';
import type { ElementHandle, Page } from 'puppeteer-core';
import { eventually, STEP_TIMEOUT } from '../e2e/eventually';

export { eventually, STEP_TIMEOUT } from '../e2e/eventually';

export type Scope = Page | ElementHandle<Element>;

/**
 * An element by role and exact accessible name (Puppeteer's ARIA queries match whole names, unlike
 * Playwright's substring default, so a journey spells the full name it expects). Roles are
 * Firefox's computed roles: a picture is `image` (WAI-ARIA 1.3's name for `img`).
 */
export function byRole(role: string, name?: string): string {
  if (name?.includes('"'))
    throw new Error(`byRole cannot match a name with a double quote: ${name}`);
  return `::-p-aria(${name === undefined ? '' : `[name="${name}"]`}[role="${role}"])`;
}

/** A form control by its label (its accessible name), as getByLabel finds it. */
export const byLabel = (label: string) => byRole('textbox', label);

/** The innermost elements whose text contains `text`. */
export const byText = (text: string) => `::-p-text(${JSON.stringify(text)})`;

/** `inner` inside the first match of each `outer`: `within(byRole('dialog'), byRole('button'))`. */
export const within = (outer: string, inner: string) => `${outer} ${inner}`;

/** Waits until `selector` is visible in `scope` and returns it. */
export async function visible(scope: Scope, selector: string): Promise<ElementHandle<Element>> {
  const handle = await scope.waitForSelector(selector, { visible: true, timeout: STEP_TIMEOUT });
  assert.ok(handle, selector);
  return handle;
}

/** Waits until nothing visible matches `selector` in `scope`. */
export async function hidden(scope: Scope, selector: string): Promise<void> {
  await scope.waitForSelector(selector, { hidden: true, timeout: STEP_TIMEOUT });
}

/** Waits until `scope` holds exactly `count` elements matching `selector`. */
export async function expectCount(scope: Scope, selector: string, count: number): Promise<void> {
  await eventually(`${count} x ${selector}`, async () => {
    assert.equal((await scope.$$(selector)).length, count);
  });
}

/** Waits until the element's text, trimmed, is `expected` (or matches it). */
export async function expectText(
  handle: ElementHandle<Element>,
  expected: string | RegExp,
): Promise<void> {
  await eventually(`text ${String(expected)}`, async () => {
    const text = (await handle.evaluate((element) => element.textContent ?? '')).trim();
    if (typeof expected === 'string') assert.equal(text, expected);
    else assert.match(text, expected);
  });
}

/** Waits until an element whose whole text is `text` is visible (getByText with exact: true). */
export async function visibleExactText(page: Page, text: string): Promise<void> {
  await eventually(`"${text}" visible`, async () => {
    const candidates = await page.$$(byText(text));
    const matches = await Promise.all(
      candidates.map(async (candidate) => {
        const whole = await candidate.evaluate((element) => element.textContent?.trim());
        return whole === text && (await candidate.isVisible());
      }),
    );
    assert.ok(matches.includes(true), `no visible element reads exactly "${text}"`);
  });
}

/** Waits until an attribute of the element has the value. */
export async function expectAttribute(
  handle: ElementHandle<Element>,
  name: string,
  value: string | null,
): Promise<void> {
  await eventually(`${name}=${String(value)}`, async () => {
    assert.equal(await handle.evaluate((element, attr) => element.getAttribute(attr), name), value);
  });
}

/** Waits until the element has the focus. */
export async function expectFocused(handle: ElementHandle<Element>): Promise<void> {
  await eventually('focused', async () => {
    assert.ok(await handle.evaluate((element) => element === document.activeElement));
  });
}

/** Waits until the page's address matches. */
export async function expectUrl(page: Page, pattern: RegExp): Promise<void> {
  await eventually(`address ${pattern}`, async () => assert.match(page.url(), pattern));
}

/** Clicks once the element is visible, enabled and still (Puppeteer's locator waits for it). */
export async function click(page: Page, selector: string): Promise<void> {
  await page.locator(selector).setTimeout(STEP_TIMEOUT).click();
}

/** Types into a text field, replacing what it held. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  await page.locator(selector).setTimeout(STEP_TIMEOUT).fill(value);
}
