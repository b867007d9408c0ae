// The `Other (in Dollars)` field in Chromium (issues 25, 32, 52), its rules being amountEditing's:
// whole dollars, said out loud, never locked after a dot or a comma, at most $970,873.
import type { Page } from '@playwright/test';
import { AMOUNT_HINTS, AMOUNT_MESSAGES } from '../src/features/payments/amountInput';
import { test, expect } from './fixtures';
import {
  AMOUNT_LIMIT,
  passCaptcha,
  CARD_OPTION,
  described,
  guestName,
  startGift,
} from './payment-helpers';

const amountField = (page: Page) => page.getByLabel('Other (in Dollars)');

/** A real paste into the field: `text` on the clipboard, then the shortcut. */
async function paste(page: Page, text: string) {
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await amountField(page).press('ControlOrMeta+V');
}

/** Where the field's caret is (selectionStart), or null. */
const caretOf = (page: Page) =>
  amountField(page).evaluate((input: HTMLInputElement) => input.selectionStart);

test('the amount field: whole dollars, said out loud, never locked, and at most $970,873', async ({
  page,
  context,
  expectAccessible,
  saveScreenshot,
}) => {
  test.slow();
  await startGift(page, 'ava-martinez', /Give Gift/, guestName('Most Guest'));
  const field = amountField(page);
  await expect(page.getByText(AMOUNT_LIMIT)).toBeVisible();
  const tooMuch = AMOUNT_MESSAGES.tooLarge;
  const { wholeDollars, digitsOnly } = AMOUNT_HINTS;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await test.step('$999,999 is refused in the form with the most a guest can give named (before the captcha)', async () => {
    await field.pressSequentially('999999');
    await expect(page.getByText(tooMuch)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`${tooMuch} ${AMOUNT_LIMIT}`);
    await expect(page.getByRole('button', { name: CARD_OPTION })).toHaveCount(0);
    await expectAccessible();
    await saveScreenshot('amount-over-the-most');
    await field.clear();
  });

  await test.step('10.50 leaves $10, says "Whole dollars only" and the total is $10.80, never near $1,050', async () => {
    await field.pressSequentially('10.50');
    await expect(field).toHaveValue('10');
    await expect(page.getByText(wholeDollars)).toBeVisible();
    await expect(field).toHaveAccessibleDescription(described(wholeDollars));
    await expectAccessible();

    // The total shows before any payment option is chosen.
    await passCaptcha(page);
    await expect(page.getByRole('button', { name: CARD_OPTION })).toBeVisible();
    await expect(page.getByText('You will be charged $10.80')).toBeVisible();
    await expect(page.getByText(/\$1,0\d\d/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

    // Deleting starts the amount again (the caret back at the end of the field first).
    await field.press('End');
    await field.press('Backspace');
    await field.pressSequentially('5');
    await expect(field).toHaveValue('15');
    await expect(page.getByText(wholeDollars)).toHaveCount(0);
    await expect(page.getByText('You will be charged $15.95')).toBeVisible();
  });

  await test.step('1e6: the refused key says why, and the digit after it is taken', async () => {
    await field.clear();
    await field.press('1');
    await field.press('e');
    await expect(field).toHaveValue('1');
    await expect(field).toHaveAccessibleDescription(described(digitsOnly));
    await expect(page.getByText(digitsOnly)).toBeVisible();
    await field.press('6');
    await expect(field).toHaveValue('16');
  });

  await test.step('a comma is a thousands separator: 1,000 is $1000, typed or pasted', async () => {
    await field.clear();
    await field.pressSequentially('1,000');
    await expect(field).toHaveValue('1000');
    await expect(field).toHaveAccessibleDescription(described());
    await field.clear();
    await paste(page, '1,000');
    await expect(field).toHaveValue('1000');
    await expect(field).toHaveAccessibleDescription(described());
  });

  await test.step('10.50 leaves 10, then a click elsewhere in the field takes digits again', async () => {
    await field.clear();
    await field.pressSequentially('10.50');
    await expect(field).toHaveValue('10');
    await expect(field).toHaveAccessibleDescription(described(wholeDollars));
    await saveScreenshot('amount-cents-dropped');

    // A click at the field's start moves the caret there: what is typed now is dollars.
    const box = await field.boundingBox();
    await field.click({ position: { x: 2, y: (box?.height ?? 20) / 2 } });
    await expect.poll(() => caretOf(page)).toBe(0);
    await field.press('2');
    await expect(field).toHaveValue('210');
    await expect(field).toHaveAccessibleDescription(described());
    await saveScreenshot('amount-after-caret-move');
  });

  await test.step('after 7.5, a blur and a return take digits again', async () => {
    await field.clear();
    await field.pressSequentially('7.5');
    await expect(field).toHaveValue('7');
    await field.blur();
    await field.focus();
    await expect.poll(() => caretOf(page)).toBe(1);
    await field.press('5');
    await expect(field).toHaveValue('75');
  });

  await test.step('an on-screen keyboard (text with no key named): full-width １２ is 12, 12.5 is 12, and it goes on', async () => {
    await field.clear();
    const screenType = async (text: string) => {
      for (const char of text) await page.keyboard.insertText(char);
    };
    await screenType('１２');
    await expect(field).toHaveValue('12');
    await field.clear();
    await screenType('12.5');
    await expect(field).toHaveValue('12');
    await expect(field).toHaveAccessibleDescription(described(wholeDollars));
    // A dot at the start: the caret stays there, so what follows is still cents.
    await field.press('Home');
    await screenType('.3');
    await expect(field).toHaveValue('12');
    await expect.poll(() => caretOf(page)).toBe(0);
    await field.press('End');
    await screenType('3');
    await expect(field).toHaveValue('123');
  });
});
