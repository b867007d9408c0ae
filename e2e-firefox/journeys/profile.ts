// The profile page, as e2e/profile.spec.ts walks it: Ava at 1280, 390 and 320 px (where it must
// not scroll sideways, nor its Photos/Videos tab: e2e/reflow.spec.ts), then her action buttons
// with the counts the API gives; last, a 390 px phone zoomed to 200% (196 x 422), where neither
// the profile, its gallery nor the Congratulations scrolls sideways and the dialog's OK, in the
// window, closes it. On the driver seam; only the window's size is Puppeteer's own.
import assert from 'node:assert/strict';
import { byRole, expectAttribute, expectUrl, within } from '../../e2e/driver/driver';
import {
  CONGRATULATIONS,
  expectInWindow,
  expectNoSidewaysScroll,
  pressInDialog,
} from '../../e2e/driver/guest';
import { profileOf } from '../../e2e/suiteApi';
import { firefoxDriver } from '../driver';
import type { JourneyContext } from '../harness';

const GALLERY = byRole('list', 'Photos and videos');

export async function profileJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const driver = firefoxDriver(page, baseUrl);
  for (const [label, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
    ['320', { width: 320, height: 640 }],
  ] as const) {
    await page.setViewport(viewport);
    await driver.goto('/user_profile/ava-martinez');
    // The name of Ava's heading takes in its verified tick's.
    const heading = byRole('heading', 'Ava Martinez Verified profile');
    assert.equal(await driver.runOn(heading, (element) => element.tagName), 'H1');
    await expectAttribute(driver, byRole('tab', 'Feed'), 'aria-selected', 'true');
    await expectNoSidewaysScroll(driver, `the profile at ${label} px`);
    await driver.run(() => window.scrollTo(0, document.body.scrollHeight));
    await driver.run(() => window.scrollTo(0, 0));
    await driver.expectAccessible();
    await driver.screenshot(`profile-ava-martinez-${label}`);
  }
  // Still at 320 px: the gallery.
  await driver.click(byRole('tab', 'Photos/Videos'));
  await driver.visible(GALLERY);
  await expectNoSidewaysScroll(driver, 'the gallery at 320 px');
  await driver.screenshot('gallery-320');

  const { iconsCount } = await profileOf(baseUrl, 'ava-martinez');
  for (const [kind, count] of [
    ['Recognize', iconsCount.handshakeCount],
    ['Appreciate', iconsCount.thumbsupCount],
    ['Celebrate', iconsCount.cleberateCount],
    ['Gratitude', iconsCount.thankyouCount],
  ] as const) {
    assert.equal(typeof count, 'number', kind);
    await driver.visible(byRole('button', `${kind}, received ${count}`));
  }
  await driver.visible(byRole('button', 'Give Gift'));

  await page.setViewport({ width: 196, height: 422 });
  await driver.goto('/user_profile/ava-martinez?show=true');
  await expectInWindow(driver, CONGRATULATIONS, 'the Congratulations at 200%');
  await expectNoSidewaysScroll(driver, 'the Congratulations at 200%');
  await driver.screenshot('reflow-200pc-dialog');
  await pressInDialog(driver, CONGRATULATIONS, 'OK');
  await driver.hidden(CONGRATULATIONS);
  await expectUrl(driver, /\/user_profile\/ava-martinez$/);
  await expectNoSidewaysScroll(driver, 'the profile at 200%');
  await driver.click(within(byRole('tablist', 'Profile'), byRole('tab', 'Photos/Videos')));
  await driver.visible(GALLERY);
  await expectNoSidewaysScroll(driver, 'the gallery at 200%');
  await driver.screenshot('reflow-200pc-gallery');
}
