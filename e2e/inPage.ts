// What the suites run inside the page through their drivers: axe-core, pictures loaded before a
// screenshot, and the reflow checks (WCAG 1.4.10). No named inner functions (tsx's helper).
import { readFileSync } from 'node:fs';

/** Injected by the driver, so the page's Content-Security-Policy does not apply to it. */
export const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeViolations(tags: string[]): Promise<string[]> {
  const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
  const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
}

/** Loads the lazy pictures (3 s at most) from the top, as a scroll would; resolves to the height. */
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

/** How far the page reaches past the window's right edge, and the outermost culprits. */
export function sidewaysOverflowInPage(): { by: number; culprits: string[] } {
  // From the page's left edge: a click may have scrolled it sideways.
  window.scrollTo(0, window.scrollY);
  const root = document.documentElement;
  const width = root.clientWidth;
  const culprits: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const [box, parent] = [element, element.parentElement!].map((e) => e.getBoundingClientRect());
    const sticksOut = box!.width > 0 && (box!.right > width + 0.5 || box!.left < -0.5);
    const parentOut = parent!.width > 0 && (parent!.right > width + 0.5 || parent!.left < -0.5);
    if (!sticksOut || parentOut || culprits.length === 5) continue;
    const name = `${element.tagName.toLowerCase()}.${element.classList[0] ?? ''}`;
    culprits.push(`${name} ${Math.round(box!.left)}..${Math.round(box!.right)}`);
  }
  return { by: root.scrollWidth - width, culprits };
}

export function sidewaysScrollFailure(
  where: string,
  overflow: { by: number; culprits: string[] },
): string | null {
  return overflow.by <= 0
    ? null
    : `${where} scrolls sideways by ${overflow.by} px: ${overflow.culprits.join(', ')}`;
}

export function inWindowInPage(element: Element): { inside: boolean; box: string; window: string } {
  const box = element.getBoundingClientRect();
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const inside =
    box.width > 0 &&
    box.left >= -0.5 &&
    box.top >= -0.5 &&
    box.right <= width + 0.5 &&
    box.bottom <= height + 0.5;
  return {
    inside,
    box: [box.left, box.top, box.right, box.bottom].map((n) => Math.round(n)).join(','),
    window: `${width} x ${height}`,
  };
}
