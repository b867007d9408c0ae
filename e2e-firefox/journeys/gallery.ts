// The Photos/Videos tab, as e2e/gallery.spec.ts scrolls it: Ava's 47 items come in pages 1, 2
// and 3 as the guest scrolls, and the end says so.
import assert from 'node:assert/strict';
import { expectAccessible, goto, saveScreenshot, type JourneyContext } from '../harness';
import {
  byRole,
  byText,
  click,
  eventually,
  expectAttribute,
  expectCount,
  STEP_TIMEOUT,
  visible,
  within,
} from '../queries';
import { recordGalleryPages } from '../../e2e/journeyData';

const THUMBNAILS = within(byRole('list', 'Photos and videos'), byRole('listitem'));
const SEEN_IT_ALL = byText('Yay! You have seen it all');

export async function galleryJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const requested = recordGalleryPages(page);
  await goto(page, baseUrl, '/user_profile/ava-martinez');
  await click(page, byRole('tab', 'Photos/Videos'));
  await expectAttribute(
    await visible(page, byRole('tab', 'Photos/Videos')),
    'aria-selected',
    'true',
  );
  await expectCount(page, THUMBNAILS, 20);
  await visible(page, byRole('image', 'Photo 1'));
  await page.waitForNetworkIdle({ idleTime: 500, timeout: STEP_TIMEOUT });
  // Nothing past what the visitor is near: page 3 waits for scrolling.
  assert.ok(!requested.includes(3), `asked for ${requested.join(', ')} before any scroll`);
  await expectCount(page, SEEN_IT_ALL, 0);

  await page.mouse.move(640, 400);
  await eventually('the end of the gallery after scrolling', async () => {
    await page.mouse.wheel({ deltaY: 700 });
    await page.waitForSelector(SEEN_IT_ALL, { visible: true, timeout: 400 });
  });
  await expectCount(page, THUMBNAILS, 47);

  // More scrolling at the end asks for nothing more.
  await page.mouse.wheel({ deltaY: 2000 });
  await page.mouse.wheel({ deltaY: -600 });
  await page.mouse.wheel({ deltaY: 2000 });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: STEP_TIMEOUT });
  assert.deepEqual(requested, [1, 2, 3]);

  await expectAccessible(page);
  await saveScreenshot(page, 'gallery-ava');
}
