// The guest's steps around the flows: the tabs, the gallery, the window's size, the team strip.
import { expect } from '../fixtures';
import { modalOpen, onTabs, TABS, VIEWPORTS, type TabName, type ViewportName } from './model';
import { Step } from './step';

export const clickTab = (tab: TabName) =>
  new Step({
    name: `click the ${tab} tab`,
    check: onTabs,
    update: (m) => (m.tab = tab),
    act: (walk) => walk.page.getByRole('tab', { name: tab }).click(),
  });

export const TAB_KEYS = ['ArrowRight', 'ArrowLeft', 'Home', 'End'] as const;

export const keyTab = (key: (typeof TAB_KEYS)[number]) =>
  new Step({
    name: `press ${key} on the tabs`,
    check: onTabs,
    update: (m) => {
      const at = TABS.indexOf(m.tab);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[key];
      m.tab = TABS[(to + TABS.length) % TABS.length]!;
    },
    act: async ({ page }, m, before) => {
      await page.getByRole('tab', { name: before.tab, selected: true }).focus();
      await page.keyboard.press(key);
      await expect(page.getByRole('tab', { name: m.tab, selected: true })).toBeFocused();
    },
  });

export const scrollGalleryToEnd = new Step({
  name: 'scroll the gallery to its end',
  check: (m) => onTabs(m) && m.tab === 'Photos/Videos',
  update: () => {},
  act: async ({ page }) => {
    const footer = page.getByRole('tabpanel', { name: 'Photos/Videos' }).getByRole('status');
    const end = footer.filter({ hasText: /^(Yay! You have seen it all|No Media Found\.)$/ });
    // As a guest scrolls: to the bottom, a look, again until the gallery says it has no more.
    await expect(async () => {
      await footer.last().scrollIntoViewIfNeeded();
      await expect(end).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 120_000 });
  },
});

export const resize = (viewport: ViewportName) =>
  new Step({
    name: `resize to ${viewport} (${VIEWPORTS[viewport].width} px)`,
    check: (m) => m.viewport !== viewport,
    update: (m) => (m.viewport = viewport),
    act: async ({ page }, m) => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      if (modalOpen(m)) return;
      // Spec section 2: the second panel sits at the right from 768 px, below the card under it.
      const main = page.locator('.profile-page__main');
      const panel = page.locator('.profile-page__panel');
      await expect(async () => {
        const [a, b] = [await main.boundingBox(), await panel.boundingBox()];
        expect(a && b).toBeTruthy();
        if (viewport === 'desktop') expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
        else expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
      }).toPass({ timeout: 30_000 });
    },
  });

export const tapTeamMember = (member: number) =>
  new Step({
    name: `tap team member ${member + 1}`,
    check: (m) => m.profile.hasTeam && !modalOpen(m),
    update: () => {},
    act: async (walk) => {
      const members = walk.page.getByRole('region', { name: 'Our Team' }).getByRole('link');
      const count = await members.count();
      expect(count, 'team members').toBeGreaterThan(0);
      const link = members.nth(member % count);
      const href = await link.getAttribute('href');
      await walk.forgetSeen();
      const popup = walk.context.waitForEvent('page');
      await link.click();
      const opened = await popup;
      await expect(opened).toHaveURL((url) => url.pathname === href);
      await opened.close();
      // The message shows for a second of the page's time: recorded as it shows.
      await expect.poll(() => walk.seen()).toContain('Download app to avail this feature');
    },
  });
