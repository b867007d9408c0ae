// The guest's steps on the page around the flows: the tabs (by click and by keys), the gallery
// to its end, the window's size, the team strip.
import { expect } from '../fixtures';
import type { GuestPage } from './guestPage';
import {
  modalOpen,
  onTabs,
  TABS,
  VIEWPORTS,
  type TabName,
  type ViewportName,
  type WalkModel,
} from './model';
import { Step } from './step';

const TEAM_MESSAGE = 'Download app to avail this feature';

export class ClickTab extends Step {
  constructor(readonly tab: TabName) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return onTabs(m);
  }
  update(m: WalkModel) {
    m.tab = this.tab;
  }
  async act(walk: GuestPage) {
    await walk.page.getByRole('tab', { name: this.tab }).click();
  }
  toString() {
    return `click the ${this.tab} tab`;
  }
}

export const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'] as const;
type TabKey = (typeof TAB_KEYS)[number];

export class KeyTab extends Step {
  constructor(readonly key: TabKey) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return onTabs(m);
  }
  update(m: WalkModel) {
    const at = TABS.indexOf(m.tab);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[this.key];
    m.tab = TABS[(to + TABS.length) % TABS.length]!;
  }
  async act(walk: GuestPage, m: WalkModel, before: WalkModel) {
    await walk.page.getByRole('tab', { name: before.tab, selected: true }).focus();
    await walk.page.keyboard.press(this.key);
    await expect(walk.page.getByRole('tab', { name: m.tab, selected: true })).toBeFocused();
  }
  toString() {
    return `press ${this.key} on the tabs`;
  }
}

export class ScrollGalleryToEnd extends Step {
  check(m: Readonly<WalkModel>) {
    return onTabs(m) && m.tab === 'Photos/Videos';
  }
  update() {}
  async act(walk: GuestPage) {
    const footer = walk.page.getByRole('tabpanel', { name: 'Photos/Videos' }).getByRole('status');
    const end = footer.filter({ hasText: /^(Yay! You have seen it all|No Media Found\.)$/ });
    // As a guest scrolls: to the bottom, a look, again until the gallery says it has no more.
    await expect(async () => {
      await footer.last().scrollIntoViewIfNeeded();
      await expect(end).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 120_000 });
  }
  toString() {
    return 'scroll the gallery to its end';
  }
}

export class Resize extends Step {
  constructor(readonly viewport: ViewportName) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return m.viewport !== this.viewport;
  }
  update(m: WalkModel) {
    m.viewport = this.viewport;
  }
  async act(walk: GuestPage, m: WalkModel) {
    await walk.page.setViewportSize(VIEWPORTS[this.viewport]);
    if (modalOpen(m)) return;
    // Spec section 2: the second panel sits at the right from 768 px, below the card under it.
    const main = walk.page.locator('.profile-page__main');
    const panel = walk.page.locator('.profile-page__panel');
    await expect(async () => {
      const [a, b] = [await main.boundingBox(), await panel.boundingBox()];
      expect(a && b).toBeTruthy();
      if (this.viewport === 'desktop') expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
      else expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    }).toPass({ timeout: 30_000 });
  }
  toString() {
    return `resize to ${this.viewport} (${VIEWPORTS[this.viewport].width} px)`;
  }
}

export class TapTeamMember extends Step {
  constructor(readonly member: number) {
    super();
  }
  check(m: Readonly<WalkModel>) {
    return m.profile.hasTeam && !modalOpen(m);
  }
  update() {}
  async act(walk: GuestPage) {
    const members = walk.page.getByRole('region', { name: 'Our Team' }).getByRole('link');
    const count = await members.count();
    expect(count, 'team members').toBeGreaterThan(0);
    const member = members.nth(this.member % count);
    const href = await member.getAttribute('href');
    await walk.forgetSeen();
    const popup = walk.context.waitForEvent('page');
    await member.click();
    const opened = await popup;
    await expect(opened).toHaveURL((url) => url.pathname === href);
    await opened.close();
    // The message shows for a second of the page's time: recorded as it shows.
    await expect.poll(() => walk.seen()).toContain(TEAM_MESSAGE);
  }
  toString() {
    return `tap team member ${this.member + 1}`;
  }
}
