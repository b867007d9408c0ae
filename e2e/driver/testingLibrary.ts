// Testing Library's queries in the page, for the Firefox and WebKit drivers: a few ms a call,
// against 700 ms for Firefox's own ARIA query over BiDi.
import { readFileSync } from 'node:fs';
import type { QueryStep } from './query';

export const TESTING_LIBRARY = readFileSync(
  require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/** In the page: null while Testing Library is not in it (every navigation loses it). */
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
