// The order the suites walk the profile's tabs: each ordered pair once, so a panel that shows
// after one tab but not another is caught whichever the guest came from.
import { PROFILE_TABS, type ProfileTabLabel } from '../config/profileTabs';

/** The tabs' names, in order, as a guest reads them and a test finds them. */
export const PROFILE_TAB_LABELS: readonly ProfileTabLabel[] = PROFILE_TABS.map((tab) => tab.label);

/** From the first tab, every tab to every other once: an Eulerian circuit (Hierholzer's). */
export function everyOrderedPair<T>(tabs: readonly T[]): T[] {
  const left = new Map(tabs.map((tab) => [tab, tabs.filter((other) => other !== tab)]));
  const stack = tabs.slice(0, 1);
  const walk: T[] = [];
  while (stack.length > 0) {
    const next = left.get(stack.at(-1)!)!.shift();
    if (next === undefined) walk.push(stack.pop()!);
    else stack.push(next);
  }
  return walk.reverse();
}

/** The profile's tabs in that order: the first is the one the page opens on. */
export const TAB_WALK: readonly ProfileTabLabel[] = everyOrderedPair(PROFILE_TAB_LABELS);
