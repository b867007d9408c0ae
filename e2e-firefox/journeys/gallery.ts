// Ava's gallery under Firefox's mouse wheel: her 47 items come in pages 1, 2 and 3, then the end.
import assert from 'node:assert/strict';
import { byRole, byText, expectAttribute, expectCount, within } from '../../e2e/driver/driver';
import { eventually, STEP_TIMEOUT } from '../../e2e/eventually';
import { recordGalleryPages } from '../../e2e/journeyData';
import { firefoxDriver } from '../driver';
import type { JourneyContext } from '../harness';

const THUMBNAILS = within(byRole('list', 'Photos and videos'), byRole('listitem'));
const SEEN_IT_ALL = byText('Yay! You have seen it all');

export async function galleryJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const driver = firefoxDriver(page, baseUrl);
  const requested = recordGalleryPages(page);
  await driver.goto('/user_profile/ava-martinez');
  await driver.click(byRole('tab', 'Photos/Videos'));
  await expectAttribute(driver, byRole('tab', 'Photos/Videos'), 'aria-selected', 'true');
  await expectCount(driver, THUMBNAILS, 20);
  await driver.visible(byRole('img', 'Photo 1'));
  await page.waitForNetworkIdle({ idleTime: 500, timeout: STEP_TIMEOUT });
  // Nothing past what the visitor is near: page 3 waits for scrolling.
  assert.ok(!requested.includes(3), `asked for ${requested.join(', ')} before any scroll`);
  await expectCount(driver, SEEN_IT_ALL, 0);

  await page.mouse.move(640, 400);
  await eventually('the end of the gallery after scrolling', async () => {
    await page.mouse.wheel({ deltaY: 700 });
    assert.equal(await driver.count(SEEN_IT_ALL), 1, 'the end is not shown yet');
  });
  await driver.visible(SEEN_IT_ALL);
  await expectCount(driver, THUMBNAILS, 47);

  // More scrolling at the end asks for nothing more.
  await page.mouse.wheel({ deltaY: 2000 });
  await page.mouse.wheel({ deltaY: -600 });
  await page.mouse.wheel({ deltaY: 2000 });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: STEP_TIMEOUT });
  assert.deepEqual(requested, [1, 2, 3]);

  await driver.expectAccessible();
  await driver.screenshot('gallery-ava');
}
