// Nothing a guest writes is lost: the flow is in the address (Back and Forward move between its
// steps), and its draft survives a reload or a closed tab until it is sent or discarded.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, waitForApp } from './fixtures';
import { passCaptcha, startFlow } from './payment-helpers';
import { filesIn } from './uploads';

const PHOTO = path.join(__dirname, '..', 'mock-api', 'seed', 'media', 'ava-feed-02.jpg');
const KEPT = 'Your draft is kept on this device.';

const fullName = (page: Page) => page.getByLabel('Full Name');
const email = (page: Page) => page.getByLabel('Email');
const sayThanks = (page: Page) => page.getByLabel('Say thanks');
const restored = (page: Page) => page.getByRole('status').filter({ hasText: 'Draft restored' });

const pressed = (page: Page, name: string) =>
  expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');

async function reload(page: Page) {
  await page.reload();
  await waitForApp(page);
}

test.describe('a draft of the flow', () => {
  test('a reload at each step of a recognition keeps what was typed, chosen and attached', async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    await page.goto('/user_profile/jonathan-reyes');
    await page.getByRole('button', { name: /^Recognize/ }).click();
    await expect(page).toHaveURL(/\?flow=recognize&step=guest$/);

    await fullName(page).fill('Rosa Diaz');
    await email(page).fill('rosa@exa');
    await expect(page.getByText(KEPT)).toBeVisible();
    await reload(page);
    await expect(restored(page)).toBeVisible();
    await expect(fullName(page)).toHaveValue('Rosa Diaz');
    await expect(email(page)).toHaveValue('rosa@exa');
    await expectAccessible();

    await email(page).fill('rosa@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\?flow=recognize&step=review$/);
    await page.getByRole('radio', { name: 'Celebration' }).check();
    await sayThanks(page).fill('For the night shift you covered.');
    await page.getByLabel('Attach photos or a video').setInputFiles(PHOTO);
    await expect(page.getByRole('img', { name: 'ava-feed-02.jpg' })).toBeVisible();
    await expect(page.getByText(KEPT)).toBeVisible();
    // The note reads as kept before the draft has written the file: wait for the store itself.
    await expect
      .poll(async () => (await filesIn(page, { draftOf: 'jonathan-reyes' })).length)
      .toBe(1);
    await reload(page);
    await expect(page).toHaveURL(/\?flow=recognize&step=review$/);
    await expect(restored(page)).toBeVisible();
    await expect(page.getByLabel('Review Title')).toHaveValue(
      'Rosa Diaz celebrated jonathan.reyes',
    );
    await expect(page.getByRole('radio', { name: 'Celebration' })).toBeChecked();
    await expect(sayThanks(page)).toHaveValue('For the night shift you covered.');
    const photo = page.getByRole('img', { name: 'ava-feed-02.jpg' });
    await expect(photo).toBeVisible();
    // The restored file is the file: its preview decodes.
    const width = await photo.evaluate((image: HTMLImageElement) => image.naturalWidth);
    expect(width).toBeGreaterThan(0);
    await expectAccessible();
    await saveScreenshot('draft-restored-review');

    await page.getByRole('button', { name: 'Add Gift' }).click();
    await page.getByLabel('Other (in Dollars)').fill('12');
    await reload(page);
    await expect(page.getByLabel('Other (in Dollars)')).toHaveValue('12');
    await expect(sayThanks(page)).toHaveValue('For the night shift you covered.');
    await expect(page.getByRole('img', { name: 'ava-feed-02.jpg' })).toBeVisible();

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect(page).toHaveURL(/\?flow=recognize&step=guest$/);
    await expect(fullName(page)).toHaveValue('');
    await expect(restored(page)).toHaveCount(0);
    await reload(page);
    await expect(fullName(page)).toHaveValue('');
    await expect(restored(page)).toHaveCount(0);
  });

  test('a gift keeps its details and amount through a reload, and a closed tab', async ({
    page,
    context,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    await startFlow(page, 'green-earth-fund', /Donate/, 'Sam Lee');
    await expect(page).toHaveURL(/\?flow=gift&step=gift$/);
    await page.getByRole('button', { name: '$15' }).click();
    await reload(page);
    await pressed(page, '$15');
    await passCaptcha(page);
    await expect(page.getByText('You will be charged $15.95')).toBeVisible();

    // The tab is closed; the guest comes back to the profile later and chooses Donate again.
    await page.close();
    const again = await context.newPage();
    await again.goto('/user_profile/green-earth-fund');
    await waitForApp(again);
    await expect(
      again.getByText('Donate Green Earth Fund: your draft is kept on this device.'),
    ).toBeVisible();
    await saveScreenshot('draft-on-profile', again);
    await again.getByRole('button', { name: 'Continue your draft' }).click();
    await expect(again).toHaveURL(/\?flow=gift&step=guest$/);
    await expect(restored(again)).toBeVisible();
    await expect(fullName(again)).toHaveValue('Sam Lee');
    await expect(email(again)).toHaveValue('sam@example.com');
    await again.getByRole('button', { name: 'Submit' }).click();
    await pressed(again, '$15');
  });

  test('a step’s address opened fresh, with no draft, starts at the guest step', async ({
    page,
  }) => {
    await page.goto('/user_profile/jonathan-reyes?flow=appreciate&step=review');
    await expect(page).toHaveURL(/\?flow=appreciate&step=guest$/);
    await expect(page.getByRole('heading', { level: 2, name: /^Appreciate/ })).toBeFocused();
    await expect(fullName(page)).toHaveValue('');
  });

  test('a sent recognition leaves no draft behind', async ({ page }) => {
    await startFlow(page, 'jonathan-reyes', /^Gratitude/, 'Ana Ruiz');
    await sayThanks(page).fill('Thank you for the ride home.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await waitForApp(page);
    await page.getByRole('button', { name: /^Gratitude/ }).click();
    await expect(fullName(page)).toHaveValue('');
    await expect(restored(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Continue your draft' })).toHaveCount(0);
  });
});

test.describe('the flow in the address', () => {
  test('Back and Forward move between the steps and the profile, keeping what was typed', async ({
    page,
  }) => {
    await startFlow(page, 'jonathan-reyes', /^Recognize/, 'Lee Chan');
    await sayThanks(page).fill('Thanks for the help with the move.');
    await expect(page).toHaveURL(/\?flow=recognize&step=review$/);

    await page.goBack();
    await expect(page).toHaveURL(/\?flow=recognize&step=guest$/);
    await expect(fullName(page)).toHaveValue('Lee Chan');
    await page.goBack();
    await expect(page).toHaveURL(/\/user_profile\/jonathan-reyes$/);
    await expect(page.getByRole('tab', { name: 'Feed' })).toBeVisible();
    await expect(fullName(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Recognize/ })).toBeFocused();

    await page.goForward();
    await expect(page).toHaveURL(/\?flow=recognize&step=guest$/);
    await expect(fullName(page)).toHaveValue('Lee Chan');
    await expect(email(page)).toHaveValue('lee@example.com');
    await page.goForward();
    await expect(page).toHaveURL(/\?flow=recognize&step=review$/);
    await expect(sayThanks(page)).toHaveValue('Thanks for the help with the move.');
    await expect(page.getByLabel('Review Title')).toHaveValue('Lee Chan recognized jonathan.reyes');

    // The flow's own Back arrow walks back the same way, and never leaves the site.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\?flow=recognize&step=guest$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/user_profile\/jonathan-reyes$/);
  });
});
