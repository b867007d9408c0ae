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
  exactText,
  findAll,
  visible,
  within,
  type Query,
} from '../queries';
import { expectNoSidewaysScroll } from '../steps';

const PROFILE = 'ava-martinez';
const PANEL = byRole('tabpanel');
/** What only each tab's panel shows, for Ava (she has a feed, media and social links). */
const CONTENT: Record<string, Query> = {
  Feed: within(PANEL, byRole('article')),
  'Photos/Videos': within(PANEL, byRole('list', 'Photos and videos')),
  Socials: within(PANEL, exactText('LinkedIn')),
};

/**
 * A walk from the first tab that goes from every tab to every other exactly once: an Eulerian
 * circuit of the complete directed graph of the tabs (Hierholzer's), which has one since each
 * tab has as many ways in as out.
 */
export function everyOrderedPair(tabs: string[]): string[] {
  const left = new Map(tabs.map((tab) => [tab, tabs.filter((other) => other !== tab)]));
  const stack = tabs.slice(0, 1);
  const walk: string[] = [];
  while (stack.length > 0) {
    const next = left.get(stack.at(-1)!)!.shift();
    if (next === undefined) walk.push(stack.pop()!);
    else stack.push(next);
  }
  return walk.reverse();
}

/** The chosen tab is the selected one, its panel shows its content, and no other tab's shows. */
async function expectOnly(browser: Browser, tabs: string[], chosen: string): Promise<void> {
  for (const tab of tabs) {
    const selected = String(tab === chosen);
    await expectAttribute(await visible(browser, byRole('tab', tab)), 'aria-selected', selected);
  }
  await expectCount(browser, PANEL, 1);
  const panel = await visible(browser, PANEL);
  const tabId = await (await visible(browser, byRole('tab', chosen))).getAttribute('id');
  assert.equal(await panel.getAttribute('aria-labelledby'), tabId, `the panel of ${chosen}`);
  await visible(browser, CONTENT[chosen]!);
  for (const other of tabs.filter((tab) => tab !== chosen)) {
    await expectCount(browser, CONTENT[other]!, 0);
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
  assert.deepEqual(tabs, Object.keys(CONTENT), "Ava's tabs, in order");
  const walk = everyOrderedPair(tabs);
  const pairs = new Set(walk.slice(1).map((tab, i) => `${walk[i]} > ${tab}`));
  assert.equal(pairs.size, tabs.length * (tabs.length - 1), `every ordered pair: ${walk}`);
  assert.equal(walk.length, pairs.size + 1, 'each pair once');

  await expectOnly(browser, tabs, walk[0]!);
  for (const tab of walk.slice(1)) {
    await click(browser, byRole('tab', tab));
    await expectOnly(browser, tabs, tab);
    await saveScreenshot(browser, `tab-${tab.replace(/\W+/g, '-').toLowerCase()}`);
  }
}
