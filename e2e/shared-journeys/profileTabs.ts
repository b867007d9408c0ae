// Ava's profile at 1280, 390 and 320 px (or as near as the engine goes), her action buttons and
// counts, then every tab after every other (src/testing/tabWalk.ts), only its panel showing.
import assert from 'node:assert/strict';
import { GRATITUDE_KINDS } from '../../src/api/contract/kinds';
import type { ProfileTabLabel } from '../../src/config/profileTabs';
import { PROFILE_TAB_LABELS, TAB_WALK } from '../../src/testing/tabWalk';
import {
  byRole,
  expectAttribute,
  expectCount,
  within,
  type Driver,
  type Query,
} from '../driver/driver';
import { expectNoSidewaysScroll } from '../driver/guest';
import { TAB_CONTENT } from '../driver/tabContent';
import { profileOf } from '../suiteApi';

const PROFILE = 'ava-martinez';
const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];
const TABS = within(byRole('tablist', 'Profile'), byRole('tab'));
const PANEL = byRole('tabpanel');
const inPanel = (mark: Query) => within(PANEL, mark);

async function expectOnly(driver: Driver, chosen: ProfileTabLabel): Promise<void> {
  for (const tab of PROFILE_TAB_LABELS) {
    await expectAttribute(driver, byRole('tab', tab), 'aria-selected', String(tab === chosen));
  }
  await expectCount(driver, PANEL, 1);
  const tabId = await driver.attribute(byRole('tab', chosen), 'id');
  await expectAttribute(driver, PANEL, 'aria-labelledby', tabId);
  // Ava has content in every tab: its first mark (her feed's cards, her gallery, her links).
  await driver.visible(inPanel(TAB_CONTENT[chosen].marks[0]!));
  for (const other of PROFILE_TAB_LABELS.filter((tab) => tab !== chosen)) {
    for (const mark of TAB_CONTENT[other].marks) await expectCount(driver, inPanel(mark), 0);
  }
}

export async function profileTabs(driver: Driver): Promise<void> {
  for (const size of SIZES) {
    await driver.setViewport(size);
    await driver.goto(`/user_profile/${PROFILE}`);
    const width = await driver.run(() => window.innerWidth);
    const heading = byRole('heading', 'Ava Martinez Verified profile');
    assert.equal(await driver.runOn(heading, (element) => element.tagName), 'H1');
    await expectAttribute(driver, byRole('tab', 'Feed'), 'aria-selected', 'true');
    await expectNoSidewaysScroll(driver, `the profile at ${width} px`);
    await driver.expectAccessible();
    await driver.screenshot(`profile-${PROFILE}-${size.width}`);
  }

  const { iconsCount } = await profileOf(driver.baseUrl, PROFILE);
  for (const { action, countKey } of Object.values(GRATITUDE_KINDS)) {
    const count = iconsCount[countKey];
    assert.equal(typeof count, 'number', action);
    await driver.visible(byRole('button', `${action}, received ${count}`));
  }
  await driver.visible(byRole('button', 'Give Gift'));

  assert.deepEqual(await driver.texts(TABS), PROFILE_TAB_LABELS, "Ava's tabs, in order");
  await expectOnly(driver, TAB_WALK[0]!);
  for (const tab of TAB_WALK.slice(1)) {
    await driver.click(byRole('tab', tab));
    await expectOnly(driver, tab);
    await expectNoSidewaysScroll(driver, `the ${tab} tab, narrow`);
    await driver.screenshot(`tab-${tab.replace(/\W+/g, '-').toLowerCase()}`);
  }
}
