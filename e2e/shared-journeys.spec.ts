// The shared journeys (e2e/shared-journeys/) in Chromium; screenshots chromium-*.png.
import { driverOf, test } from './fixtures';
import { SHARED_JOURNEYS } from './shared-journeys';

for (const [title, journey] of SHARED_JOURNEYS) {
  test(title, async ({ page }) => {
    await journey(driverOf(page));
  });
}
