// The profile page as an iPhone guest meets it, then every tab after every other: Ava on a desktop
// and a phone's width (her heading, no sideways scroll, axe), then, on the phone, a walk through the tabs that
// takes each ordered pair once, checking after every step that the chosen tab's panel, and only
// it, shows.
import assert from 'node:assert/strict';
import type { Browser } from 'webdriverio';
import {
  DESKTOP,
  expectAccessible,
  goto,
  PHONE,
  saveScreenshot,
  setViewport,
  type JourneyContext,
} from '../harness';
import {
  byRole,
  click,
  expectAttribute,
  expectCount,
  findAll,
  visible,
  within,
  type Query,
} from '../queries';
import { expectNoSidewaysScroll } from '../steps';
import type { ProfileTabLabel } from '../../src/config/profileTabs';
import { PROFILE_TAB_LABELS, TAB_WALK } from '../../src/testing/tabWalk';
import { TAB_CONTENT } from '../../e2e/driver/tabContent';

const PROFILE = 'ava-martinez';
const PANEL = byRole('tabpanel');
/** A mark of a tab's content inside the panel (e2e/driver/tabContent.ts). */
const inPanel = (mark: Query) => within(PANEL, mark);

/** The chosen tab is the selected one, its panel shows its content, and no other tab's shows. */
async function expectOnly(browser: Browser, chosen: ProfileTabLabel): Promise<void> {
  for (const tab of PROFILE_TAB_LABELS) {
    const selected = String(tab === chosen);
    await expectAttribute(await visible(browser, byRole('tab', tab)), 'aria-selected', selected);
  }
  await expectCount(browser, PANEL, 1);
  const panel = await visible(browser, PANEL);
  const tabId = await (await visible(browser, byRole('tab', chosen))).getAttribute('id');
  assert.equal(await panel.getAttribute('aria-labelledby'), tabId, `the panel of ${chosen}`);
  // Ava has content in every tab: its first mark (her feed's cards, her gallery, her links).
  await visible(browser, inPanel(TAB_CONTENT[chosen].marks[0]!));
  for (const other of PROFILE_TAB_LABELS.filter((tab) => tab !== chosen)) {
    for (const mark of TAB_CONTENT[other].marks) await expectCount(browser, inPanel(mark), 0);
  }
}

export async function profileTabsJourney({ browser, baseUrl }: JourneyContext): Promise<void> {
  for (const size of [DESKTOP, PHONE]) {
    await setViewport(browser, size);
    await goto(browser, baseUrl, `/user_profile/${PROFILE}`);
    // The name of Ava's heading takes in its verified tick's.
    const heading = await visible(browser, byRole('heading', 'Ava Martinez Verified profile'));
    assert.equal(await heading.getTagName(), 'h1');
    await expectNoSidewaysScroll(browser, `the profile at ${size.width} px`);
    await expectAccessible(browser);
    await saveScreenshot(browser, `profile-${PROFILE}-${size.width}`);
  }

  const tabs = await Promise.all(
    (await findAll(browser, within(byRole('tablist', 'Profile'), byRole('tab')))).map((tab) =>
      tab.getComputedLabel(),
    ),
  );
  assert.deepEqual(tabs, PROFILE_TAB_LABELS, "Ava's tabs, in order");

  await expectOnly(browser, TAB_WALK[0]!);
  for (const tab of TAB_WALK.slice(1)) {
    await click(browser, byRole('tab', tab));
    await expectOnly(browser, tab);
    await saveScreenshot(browser, `tab-${tab.replace(/\W+/g, '-').toLowerCase()}`);
  }
}
