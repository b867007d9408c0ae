// The journeys Firefox and WebKit run (e2e/shared-journeys/), in Chromium too: the same code on the
// driver seam's Playwright implementation (e2e/driver/playwright.ts). Screenshots:
// e2e-artifacts/screenshots/chromium-*.png.
import { driverOf, test } from './fixtures';
import { SHARED_JOURNEYS } from './shared-journeys';

for (const [title, journey] of SHARED_JOURNEYS) {
  test(title, async ({ page }) => {
    await journey(driverOf(page));
  });
}
