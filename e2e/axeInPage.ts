// axe-core run inside the page by a driver that evaluates scripts (Puppeteer, WebDriver): the
// source to inject, the WCAG tags the suites check, and the in-page run that lists violations.
import { readFileSync } from 'node:fs';

/** Injected by the driver, so the page's Content-Security-Policy does not apply to it. */
export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs in the page once AXE_SOURCE is in: every violation of `tags`, one line a rule. */
export async function axeViolations(tags: string[]): Promise<string[]> {
  const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
  const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
}
