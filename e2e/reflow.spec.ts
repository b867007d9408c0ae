// WCAG 2.2 AA 1.4.10 Reflow: at 320 CSS px, and on a phone zoomed to 200% (390 x 844 at 200%,
// about 196 x 422), no screen scrolls sideways and every control can still be reached.
import type { Locator, Page } from '@playwright/test';
import { GRATITUDE_KINDS } from '../src/api/contract/kinds';
import { openCardForm } from './driver/guest';
import { driverOf, test, expect, waitForApp } from './fixtures';
import { inWindowInPage, sidewaysOverflowInPage, sidewaysScrollFailure } from './inPage';
import { CONGRATULATIONS, fillCard, guestName, startFlow, startGift } from './payment-helpers';
import { PAYS } from './testCards';

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(sidewaysScrollFailure(where, await page.evaluate(sidewaysOverflowInPage))).toBeNull();
}

/** Fails unless `inner` lies wholly inside `outer`'s box (nothing of it cut off or spilling). */
async function expectInside(inner: Locator, outer: Locator, what: string) {
  const [box, frame] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  expect(box, `${what} is shown`).not.toBeNull();
  expect(frame).not.toBeNull();
  expect(
    box!.x >= frame!.x - 0.5 && box!.x + box!.width <= frame!.x + frame!.width + 0.5,
    `${what} (${Math.round(box!.x)}..${Math.round(box!.x + box!.width)}) lies within ` +
      `${Math.round(frame!.x)}..${Math.round(frame!.x + frame!.width)}`,
  ).toBe(true);
}

/** Fails unless the element is shown and its box is wholly inside the window. */
async function expectInWindow(element: Locator, what: string) {
  const seen = await element.evaluate(inWindowInPage);
  expect(seen.inside, `${what} (${seen.box}) lies within the ${seen.window} window`).toBe(true);
}

type SaveScreenshot = (name: string, page?: Page, opts?: { fullPage?: boolean }) => Promise<void>;

async function profileFits(page: Page, name: string, saveScreenshot: SaveScreenshot) {
  await page.goto('/user_profile/ava-martinez');
  const jordan = page.getByRole('article').filter({ hasText: 'Jordan Blake' });
  await expect(jordan.getByRole('img', { name: 'Photo 1 of 3 from Jordan Blake' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the profile');

  await expectInside(jordan.getByRole('img', { name: 'Recognition' }), jordan, 'the kind');
  const carousel = jordan.locator('.media-carousel__viewport');
  await expectInside(jordan.getByText('1 / 3'), carousel, 'the counter');
  const next = jordan.getByRole('button', { name: 'Next image' });
  await expectInside(next, carousel, 'the Next arrow');
  for (const action of ['Like', 'Comment', 'Share']) {
    await expectInside(jordan.getByRole('button', { name: action }), jordan, action);
  }
  await next.click();
  await expect(jordan.getByText('2 / 3')).toBeVisible();

  for (const { action: kind } of Object.values(GRATITUDE_KINDS)) {
    const button = page.getByRole('button', { name: new RegExp(`^${kind}, received`) });
    await expectInside(button.getByText(kind, { exact: true }), button, `${kind}'s name`);
  }
  await saveScreenshot(`reflow-${name}-profile`);

  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Menu' }).click();
  const contact = banner.getByRole('link', { name: 'Contact Us' });
  await expect(contact).toBeVisible();
  await expectInside(contact, banner, 'Contact Us');
  await expectNoSidewaysScroll(page, 'the open menu');
  await saveScreenshot(`reflow-${name}-menu`, page, { fullPage: false });
  await banner.getByRole('button', { name: 'Menu' }).click();

  await banner.getByRole('button', { name: 'Get the app' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect(async () => expectInWindow(panel, 'the side panel')).toPass();
  await expectNoSidewaysScroll(page, 'the side panel');
  await saveScreenshot(`reflow-${name}-side-panel`, page, { fullPage: false });
  await panel.getByRole('button', { name: /Close/ }).click();
  await expect(panel).toHaveCount(0);

  const tab = page.getByRole('tab', { name: 'Photos/Videos' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('img', { name: 'Photo 1', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the gallery');
  await saveScreenshot(`reflow-${name}-gallery`);

  // A workplace's team scrolls inside its own box, not the page, to its last member.
  await page.goto('/user_profile/bluebird-cafe');
  const team = page.getByRole('region', { name: 'Our Team' }).getByRole('link');
  await expect(team).toHaveCount(6);
  await expectNoSidewaysScroll(page, 'a workplace');
  await team.last().scrollIntoViewIfNeeded();
  await expectInWindow(team.last(), 'the last member');
  await expectNoSidewaysScroll(page, 'a workplace scrolled to its last member');
}

async function cardFormFits(page: Page, name: string, saveScreenshot: SaveScreenshot) {
  await startGift(page, 'ava-martinez', /Give Gift/, guestName(`Reflow ${name}`));
  await openCardForm(driverOf(page), '$10');
  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeVisible();
  await fillCard(page, PAYS);
  await expectNoSidewaysScroll(page, 'the card form');
  const form = page.getByRole('form', { name: 'Card details' });
  for (const field of ['Card number', 'Expiration date', 'Security code', 'ZIP', 'Country']) {
    await expectInside(page.getByLabel(field), form, field);
  }
  await expectInside(payNow, form, 'Pay Now');
  await saveScreenshot(`reflow-${name}-card-form`);

  await payNow.click();
  await expect(page).toHaveURL(/\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
  await waitForApp(page);
  const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
  await expect(dialog).toBeVisible();
  await expectNoSidewaysScroll(page, 'the Congratulations');
  await expectInWindow(dialog, 'the Congratulations');
  await saveScreenshot(`reflow-${name}-dialog`, page, { fullPage: false });
  // Playwright clicks only if it is there to be tapped (scrolled into view if it must).
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
}

const PROFILE_TITLE =
  'the profile, its feed and carousel, the header and its menu, the gallery, a team';
const CARD_TITLE = 'the card form, and the Congratulations after paying, whose OK can be pressed';

test.describe('reflow at 320 x 568', () => {
  test.use({ viewport: { width: 320, height: 568 } });

  test(PROFILE_TITLE, async ({ page, saveScreenshot }) => {
    await profileFits(page, '320', saveScreenshot);
  });

  test(CARD_TITLE, async ({ page, saveScreenshot }) => {
    test.slow(); // a payment: three times the usual budget
    await cardFormFits(page, '320', saveScreenshot);
  });
});

// A phone zoomed to 200% (390 x 844 at 200%): 196 x 422. At 320 px the forms already fitted;
// zoomed to 200% they did not.
test.describe('reflow at 196 x 422', () => {
  test.use({ viewport: { width: 196, height: 422 } });

  test(`${PROFILE_TITLE}; the guest details form and the review form with its gift`, async ({
    page,
    saveScreenshot,
  }) => {
    test.slow(); // two former tests
    await profileFits(page, '200pc', saveScreenshot);

    await page.goto('/user_profile/jonathan-reyes');
    await page.getByRole('button', { name: /^Recognize/ }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Full Name is not allowed to be empty')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the guest details form');
    await saveScreenshot('reflow-200pc-details');

    await startFlow(page, 'jonathan-reyes', /^Recognize/, guestName('Reflow Review'));
    await expect(page.getByLabel('Say thanks')).toBeVisible();
    await page.getByRole('button', { name: 'Add Gift' }).click();
    await expect(page.getByLabel('Other (in Dollars)')).toBeVisible();
    await expectNoSidewaysScroll(page, 'the review form');
    await saveScreenshot('reflow-200pc-review-form');
  });

  test(`${CARD_TITLE}; then, held sideways (284 x 160), the Congratulations fits the window`, async ({
    page,
    saveScreenshot,
  }) => {
    test.slow(); // a payment: three times the usual budget
    await cardFormFits(page, '200pc', saveScreenshot);

    // An iPhone SE (568 x 320) held sideways and zoomed to 200%: 284 x 160.
    await page.setViewportSize({ width: 284, height: 160 });
    await page.goto('/user_profile/ava-martinez?show=true');
    const dialog = page.getByRole('dialog', { name: CONGRATULATIONS });
    await expect(dialog).toBeVisible();
    await expectInWindow(dialog, 'the Congratulations');
    await saveScreenshot('reflow-200pc-landscape-dialog', page, { fullPage: false });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/user_profile\/ava-martinez$/);
  });
});
