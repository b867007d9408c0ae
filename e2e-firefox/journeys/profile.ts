// The profile page, as e2e/profile.spec.ts walks it: Ava at 1280, 390 and 320 px (where it must
// not scroll sideways, nor its Photos/Videos tab: e2e/reflow.spec.ts), then her action buttons
// with the counts the API gives; last, a 390 px phone zoomed to 200% (196 x 422), where neither
// the profile, its gallery nor the Congratulations scrolls sideways and the dialog's OK, in the
// window, closes it.
import assert from 'node:assert/strict';
import { expectAccessible, goto, saveScreenshot, type JourneyContext } from '../harness';
import { byRole, click, expectAttribute, expectUrl, hidden, visible, within } from '../queries';
import {
  CONGRATULATIONS,
  expectCongratulationsInWindow,
  expectNoSidewaysScroll,
  profileOf,
} from '../steps';

export async function profileJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  for (const [label, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
    ['320', { width: 320, height: 640 }],
  ] as const) {
    await page.setViewport(viewport);
    await goto(page, baseUrl, '/user_profile/ava-martinez');
    // The name of Ava's heading takes in its verified tick's.
    const heading = await visible(page, byRole('heading', 'Ava Martinez Verified profile'));
    assert.equal(await heading.evaluate((element) => element.tagName), 'H1');
    await expectAttribute(await visible(page, byRole('tab', 'Feed')), 'aria-selected', 'true');
    await expectNoSidewaysScroll(page, `the profile at ${label} px`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    await saveScreenshot(page, `profile-ava-martinez-${label}`);
  }
  // Still at 320 px: the gallery.
  await click(page, byRole('tab', 'Photos/Videos'));
  await visible(page, byRole('list', 'Photos and videos'));
  await expectNoSidewaysScroll(page, 'the gallery at 320 px');
  await saveScreenshot(page, 'gallery-320');

  const { iconsCount } = await profileOf(baseUrl, 'ava-martinez');
  for (const [kind, count] of [
    ['Recognize', iconsCount.handshakeCount],
    ['Appreciate', iconsCount.thumbsupCount],
    ['Celebrate', iconsCount.cleberateCount],
    ['Gratitude', iconsCount.thankyouCount],
  ] as const) {
    assert.equal(typeof count, 'number', kind);
    await visible(page, byRole('button', `${kind}, received ${count}`));
  }
  await visible(page, byRole('button', 'Give Gift'));

  await page.setViewport({ width: 196, height: 422 });
  await goto(page, baseUrl, '/user_profile/ava-martinez?show=true');
  await expectCongratulationsInWindow(page, 'the Congratulations at 200%');
  await expectNoSidewaysScroll(page, 'the Congratulations at 200%');
  await saveScreenshot(page, 'reflow-200pc-dialog');
  await click(page, within(CONGRATULATIONS, byRole('button', 'OK')));
  await hidden(page, CONGRATULATIONS);
  await expectUrl(page, /\/user_profile\/ava-martinez$/);
  await expectNoSidewaysScroll(page, 'the profile at 200%');
  await click(page, byRole('tab', 'Photos/Videos'));
  await visible(page, byRole('list', 'Photos and videos'));
  await expectNoSidewaysScroll(page, 'the gallery at 200%');
  await saveScreenshot(page, 'reflow-200pc-gallery');
}
