// The `Other (in Dollars)` field takes whole dollars and says what it refuses (issue 25): a
// decimal separator ends the amount instead of letting the cents join the dollars.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { guestName, passCaptcha, startGift } from './payment-helpers';

const amountField = (page: Page) => page.getByLabel('Other (in Dollars)');

/** Dispatches a paste of `text` on the field, as a browser does (clipboardData included). */
async function pasteEvent(page: Page, text: string) {
  await amountField(page).evaluate((input, pasted) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', pasted);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }),
    );
  }, text);
}

test.describe('the amount field: whole dollars, said out loud', () => {
  test('10.50 leaves $10, says "Whole dollars only" and the total is $10.80, never near $1,050', async ({
    page,
    expectAccessible,
  }) => {
    await startGift(page, 'ava-martinez', /Give Gift/, guestName('Cents Guest'));
    const field = amountField(page);
    await field.pressSequentially('10.50');
    await expect(field).toHaveValue('10');
    await expect(field).not.toHaveValue('1050');
    await expect(page.getByText('Whole dollars only')).toBeVisible();
    await expect(field).toHaveAccessibleDescription('Whole dollars only');
    await expectAccessible();

    // The total shows before any payment option is chosen.
    await passCaptcha(page);
    await expect(page.getByRole('button', { name: /Tip via Debit\/Credit Card/ })).toBeVisible();
    await expect(page.getByText('You will be charged $10.80')).toBeVisible();
    await expect(page.getByText(/\$1,0\d\d/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

    // Deleting starts the amount again (the caret back at the end of the field first).
    await field.press('End');
    await field.press('Backspace');
    await field.pressSequentially('5');
    await expect(field).toHaveValue('15');
    await expect(page.getByText('Whole dollars only')).toHaveCount(0);
    await expect(page.getByText('You will be charged $15.95')).toBeVisible();
  });

  test('-5, 1e6 and 12abc: each refused key says why', async ({ page }) => {
    await startGift(page, 'ava-martinez', /Give Gift/, guestName('Keys Guest'));
    const field = amountField(page);
    for (const [typed, kept] of [
      ['-5', '5'],
      ['1e6', '16'],
      ['12abc', '12'],
    ] as const) {
      await field.clear();
      let value = '';
      for (const key of typed) {
        await field.press(key);
        if (/[0-9]/.test(key)) {
          value += key;
          await expect(field).toHaveValue(value);
        } else {
          // Refused, and the field says why instead of the key silently vanishing.
          await expect(field).toHaveValue(value);
          await expect(field, `after ${key} in ${typed}`).toHaveAccessibleDescription(
            'Digits only',
          );
          await expect(page.getByText('Digits only')).toBeVisible();
        }
      }
      await expect(field).toHaveValue(kept);
    }
  });

  test('full-width digits count as digits; a non-digit paste is refused, saying why', async ({
    page,
    context,
  }) => {
    await startGift(page, 'ava-martinez', /Give Gift/, guestName('Wide Guest'));
    const field = amountField(page);
    await field.click();
    await page.keyboard.insertText('１２');
    await expect(field).toHaveValue('12');

    await field.fill('');
    await field.fill('３４');
    await expect(field).toHaveValue('34');

    await pasteEvent(page, '12.50');
    await expect(field).toHaveValue('34');
    await expect(field).toHaveAccessibleDescription('Whole dollars only');
    await pasteEvent(page, 'abc');
    await expect(field).toHaveValue('34');
    await expect(field).toHaveAccessibleDescription('Digits only');

    // A real paste of full-width digits, through the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate(() => navigator.clipboard.writeText('５６'));
    await field.fill('');
    await field.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(field).toHaveValue('56');
    await expect(field).toHaveAccessibleDescription('');
  });
});
