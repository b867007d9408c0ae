// A 390 px phone at 200% (a 196 x 422 window in Firefox): the Congratulations, profile and gallery
// don't scroll sideways, and the dialog's OK, in the window, closes it.
import { byRole, expectUrl, within } from '../../e2e/driver/driver';
import {
  CONGRATULATIONS,
  expectInWindow,
  expectNoSidewaysScroll,
  pressInDialog,
} from '../../e2e/driver/guest';
import { firefoxDriver } from '../driver';
import type { JourneyContext } from '../harness';

const GALLERY = byRole('list', 'Photos and videos');

export async function zoomedJourney({ page, baseUrl }: JourneyContext): Promise<void> {
  const driver = firefoxDriver(page, baseUrl);
  await driver.setViewport({ width: 196, height: 422 });
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
