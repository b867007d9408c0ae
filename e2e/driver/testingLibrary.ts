// Finding things in the page as Testing Library's queries find them (its browser build, sent into
// the page by the Firefox and WebKit drivers), with the roles and names the component tests use.
// Firefox's own ARIA query took about 700 ms a call over WebDriver BiDi on Ava's page; this one
// takes a few ms. Each driver then has the engine's accessibility tree confirm each element it
// found visible by role (Firefox: its ARIA query on that element; WebKit: the computed label).
import { readFileSync } from 'node:fs';
import type { QueryStep } from './query';

/** Testing Library's browser build: run in a page, it defines `window.TestingLibraryDom`. */
export const TESTING_LIBRARY = readFileSync(
  require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/**
 * Runs in the page: the elements the steps find, in document order (null while Testing Library is
 * not in the page yet: every navigation loses it). Sent as source: no named inner function.
 */
export function findInPage(steps: QueryStep[]): HTMLElement[] | null {
  const dom = (window as unknown as { TestingLibraryDom?: typeof import('@testing-library/dom') })
    .TestingLibraryDom;
  if (!dom) return null;
  let found: HTMLElement[] = [document.body];
  for (const step of steps) {
    const inner = found.flatMap((root) => {
      if (step.role) {
        const name = step.pattern ? new RegExp(...step.pattern) : step.name;
        return dom.queryAllByRole(root, step.role, name === undefined ? {} : { name });
      }
      if (step.text !== undefined)
        return dom.queryAllByText(root, step.text, { exact: step.exact });
      return [...root.querySelectorAll<HTMLElement>(step.css ?? '*')];
    });
    found = [...new Set(inner)];
  }
  return found;
}
