// The base of every browser test: the preview server's URL, an axe check and saved screenshots.
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';

export const SCREENSHOT_DIR = path.join(__dirname, '..', 'e2e-artifacts', 'screenshots');
export const GUEST_TOKEN = process.env.GUEST_TOKEN ?? 'demo-guest-token';

interface Fixtures {
  /** Fails the test on any WCAG 2.x A/AA violation on the page as it is now. */
  expectAccessible: (page?: Page) => Promise<void>;
  /** Saves a full-page screenshot under e2e-artifacts/screenshots/{name}.png. */
  saveScreenshot: (name: string, page?: Page) => Promise<void>;
}

/**
 * Waits until the app has taken over the page (`data-app-ready`, src/app/AppRoutes.tsx): a page
 * the server rendered shows its buttons before they work. Call it after a navigation the test
 * did not make with page.goto (a redirect, a reload); page.goto waits by itself.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
}

/** Makes `page.goto` wait, on an app page, until the app works (as the `page` fixture's does). */
export function gotoWaitsForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const answer = await goto(url, options);
    if (answer?.ok() !== false && (await page.locator('#root').count()) > 0) {
      await waitForApp(page);
    }
    return answer;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false ? gotoWaitsForApp(page) : page);
  },
  // Playwright reads a fixture's dependencies from this destructuring: it must stay an object pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      const summary = results.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
      );
      expect(summary, 'axe violations').toEqual([]);
    });
  },
  saveScreenshot: async ({ page }, use) => {
    await use(async (name, target = page) => {
      // A full-page picture shows the whole page as a visitor who scrolled would see it: the
      // lazy pictures below the fold are loaded first (they would be, by the scroll).
      await target.evaluate(async () => {
        const images = [...document.images];
        for (const image of images) image.loading = 'eager';
        await Promise.race([
          Promise.all(images.map((image) => image.decode().catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, 3000)),
        ]);
      });
      await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    });
  },
});

export { expect };
