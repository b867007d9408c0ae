// What the Firefox and WebKit suites run inside the page through their drivers (Puppeteer's
// evaluate, WebDriver's execute): axe-core (the source to inject, the WCAG tags the suites check,
// the run that lists violations), and the pictures loaded before a screenshot.
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

/**
 * Runs in the page before a full-page screenshot, as e2e/fixtures.ts does: from the top, the lazy
 * pictures below the fold loaded first, as a scroll would (3 s at most: a picture that never
 * comes must not hold the screenshot). Resolves to the page's height.
 */
export async function loadPicturesInPage(): Promise<number> {
  window.scrollTo(0, 0);
  const images = [...document.images];
  for (const image of images) image.loading = 'eager';
  await Promise.race([
    Promise.all(images.map((image) => image.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
  return document.documentElement.scrollHeight;
}
