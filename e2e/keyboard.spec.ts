// The flows with the keyboard alone (no mouse call anywhere in this file): Tab, Enter, Space and
// the arrows, focus moved to each step's heading, focus always visible, axe clean at every step.
import path from 'node:path';
import type { FileChooser, Locator, Page } from '@playwright/test';
import { CAPTCHA } from './driver/guest';
import { locatorOf } from './driver/playwright';
import { test, expect } from './fixtures';
import { CARD_OPTION, CONGRATULATIONS } from './payment-helpers';
import { PAYS } from './testCards';

const PHOTO = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-feed-04.jpg');

/** Presses Tab until `target` has focus (a keyboard user moving through the page). */
async function tabTo(page: Page, target: Locator, most = 60) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} never took focus in ${most} presses of Tab`);
}

/** The focused element shows it: an outline (on it, or on the label that stands for it). */
async function expectFocusVisible(page: Page) {
  const outline = await page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement;
    const shown = active.classList.contains('visually-hidden')
      ? (active.labels?.[0] ?? active)
      : active;
    const style = getComputedStyle(shown);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(outline, 'the focused element has a visible outline').not.toMatch(/^none|\s0px$/);
}

test.describe('with the keyboard alone', () => {
  test.slow(); // long journeys each: three times the usual budget

  test('a recognition with a photo, from the profile to the Congratulations modal', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/user_profile/jonathan-reyes');
    await expectAccessible();

    const recognize = page.getByRole('button', { name: /^Recognize/ });
    await tabTo(page, recognize);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: /^Recognize/ })).toBeFocused();
    await expectAccessible();

    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    // Nothing typed: the first field in error takes focus and says why.
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await expect(page.getByLabel('Full Name')).toHaveAccessibleDescription(
      'Full Name is not allowed to be empty',
    );
    await expectAccessible();
    await page.keyboard.type('Priya Nair');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type('priya@example.com');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/step=review$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Recognize/ })).toBeFocused();
    await expectAccessible();

    await tabTo(page, page.getByRole('radio', { name: 'Recognition' }));
    await expectFocusVisible(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Appreciation' })).toBeChecked();
    await expect(page.getByLabel('Review Title')).toHaveValue(
      'Priya Nair appreciated jonathan.reyes',
    );
    await tabTo(page, page.getByLabel('Say thanks'));
    await page.keyboard.type('You made my first week easy.');
    const attach = page.getByLabel('Attach photos or a video');
    await tabTo(page, attach);
    await expectFocusVisible(page);
    // Space opens the file chooser. On a loaded machine (2026-11-30) Playwright twice missed the
    // first one; a guest would press again, and so does this, at most twice more.
    let chooser: FileChooser | undefined;
    for (let press = 0; press < 3 && !chooser; press += 1) {
      const opened = page.waitForEvent('filechooser', { timeout: 15_000 });
      await page.keyboard.press('Space');
      chooser = await opened.catch(() => undefined);
    }
    if (!chooser) throw new Error('Space on the focused file input opened no file chooser');
    await chooser.setFiles(PHOTO);
    await expect(page.getByRole('img', { name: 'ava-feed-04.jpg' })).toBeVisible();
    await expectAccessible();
    await saveScreenshot('keyboard-review');

    const submit = page.getByRole('button', { name: 'Submit' });
    await tabTo(page, submit);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(CONGRATULATIONS);
    await expectAccessible();
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('You made my first week easy.').first()).toBeVisible();
  });

  test('a gift, from the profile to the card form', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/user_profile/ava-martinez');
    await tabTo(page, page.getByRole('button', { name: 'Give Gift' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: /^Give Gift/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Omar Haddad');
    await page.keyboard.press('Tab');
    await page.keyboard.type('omar@example.com');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/step=gift$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Give Gift/ })).toBeFocused();
    await expectAccessible();

    const fifteen = page.getByRole('button', { name: '$15' });
    await tabTo(page, fifteen);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await expect(fifteen).toHaveAttribute('aria-pressed', 'true');

    const robot = locatorOf(page, CAPTCHA);
    await tabTo(page, robot);
    await page.keyboard.press('Space');
    await expect(robot).toBeChecked();
    const total = page.getByText('You will be charged $15.95');
    await expect(total).toBeVisible();
    await expect(total).toHaveAttribute('aria-live', 'polite');
    await expectAccessible();

    const card = page.getByRole('button', { name: CARD_OPTION });
    await tabTo(page, card);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    // The form the option opened takes the focus (it fell to the page before, issue 52).
    await expect(page.getByRole('heading', { level: 3, name: 'Card details' })).toBeFocused();
    const number = page.getByLabel('Card number');
    await expect(number).toBeVisible();
    await tabTo(page, number);
    await page.keyboard.type(PAYS.replaceAll(' ', ''));
    await expect(number).toHaveValue(PAYS);
    await expectAccessible();
    await saveScreenshot('keyboard-card-form');
  });
});
