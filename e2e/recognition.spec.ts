// Sending a recognition as a guest: details, the review form with real files, the stored result.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, holdRequests, waitForApp } from './fixtures';
import { startFlow } from './payment-helpers';

const SEED = path.join(__dirname, '..', 'mock-api', 'seed', 'media');
const FILES = path.join(__dirname, 'files');
const seedFile = (name: string) => path.join(SEED, name);
const IMAGES = [
  'ava-feed-01.jpg',
  'ava-feed-02.jpg',
  'ava-feed-04.jpg',
  'ava-feed-05.jpg',
  'ava-feed-06.jpg',
  'ava-feed-07.jpg',
].map(seedFile);
const VIDEO = seedFile('ava-video-latte.mp4');
const OTHER_VIDEO = seedFile('ava-video-sunrise.mp4');

/** A real JPEG followed by padding (JPEG readers ignore trailing bytes): 6 MB, over the 5 MB limit. */
function sixMegabyteJpeg() {
  const jpeg = readFileSync(seedFile('ava-feed-01.jpg'));
  return {
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]),
  };
}

async function iconsCount(page: Page, id: string) {
  const response = await page.request.post('/api/gratitude/findUser', {
    headers: { Authorization: 'Bearer demo-guest-token' },
    data: { _id: id, profilePage: true },
  });
  return (await response.json()).data.data.iconsCount as Record<string, number>;
}

/** Opens the profile, chooses a kind and gets through the guest details step. */
async function startRecognition(page: Page, profileId: string, kind: RegExp, guest = 'Kim Park') {
  await startFlow(page, profileId, kind, guest, 'example.travel');
  await expect(page.getByLabel('Say thanks')).toBeVisible();
}

const attach = (page: Page) => page.getByLabel('Attach photos or a video');

async function removeAll(page: Page) {
  const removeButtons = page.getByRole('button', { name: /^Remove / });
  while ((await removeButtons.count()) > 0) await removeButtons.first().click();
}

test.describe('sending a recognition', () => {
  test('the guest details step validates name and email with the spec messages', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/user_profile/jonathan-reyes');
    await page.getByRole('button', { name: /^Recognize/ }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Full Name is not allowed to be empty')).toBeVisible();
    await expect(page.getByText('Email is not allowed to be empty')).toBeVisible();
    await page.getByLabel('Full Name').fill('   ');
    await page.getByLabel('Email').fill('kim@example');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Full Name is not allowed to be empty')).toBeVisible();
    await expect(page.getByText('Please enter a valid email')).toBeVisible();
    await expectAccessible();
    await saveScreenshot('recognition-details-errors');
  });

  test('the title follows each kind; Submit stays grey until there is text', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await startRecognition(page, 'jonathan-reyes', /^Appreciate/, 'Kim Park');
    const title = page.getByLabel('Review Title');
    await expect(title).toHaveValue('Kim Park appreciated jonathan.reyes');
    await expect(title).not.toBeEditable();
    for (const [kind, verb] of [
      ['Recognition', 'recognized'],
      ['Celebration', 'celebrated'],
      ['Gratitude', 'thanked'],
      ['Appreciation', 'appreciated'],
    ]) {
      await page.getByRole('radio', { name: kind }).check();
      await expect(title).toHaveValue(`Kim Park ${verb} jonathan.reyes`);
    }
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expect(page.getByLabel('Say thanks')).toHaveAttribute(
      'placeholder',
      "If you'd like, use this space to give some words of thanks.",
    );
    await expect(page.getByText('Note :- Add up to 5 images or 1 video.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Gift' })).toBeVisible();
    await page.getByLabel('Say thanks').fill('   ');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Say thanks').fill('x'.repeat(260));
    await expect(page.getByLabel('Say thanks')).toHaveValue('x'.repeat(250));
    await expect(page.getByText('250/250')).toBeVisible();
    await expect(submit).toBeEnabled();
    await expectAccessible();
    await saveScreenshot('recognition-review-form');
  });

  test('every media rule shows its message, with real files', async ({ page, saveScreenshot }) => {
    await startRecognition(page, 'jonathan-reyes', /^Celebrate/);
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });

    await attach(page).setInputFiles(path.join(FILES, 'small-10kb.png'));
    await expect(
      alert('Some images were not uploaded due to size restrictions (25KB to 5mb).'),
    ).toBeVisible();
    await attach(page).setInputFiles(sixMegabyteJpeg());
    await expect(
      alert('Some images were not uploaded due to size restrictions (25KB to 5mb).'),
    ).toBeVisible();
    await attach(page).setInputFiles(path.join(FILES, 'animated.gif'));
    await expect(alert('Unsupported file format.')).toBeVisible();

    await attach(page).setInputFiles(IMAGES);
    await expect(alert('You can only upload up to 5 images')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(5);
    await saveScreenshot('recognition-five-images');
    await removeAll(page);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);

    await attach(page).setInputFiles([VIDEO, OTHER_VIDEO]);
    await expect(alert('Only one video allowed.')).toBeVisible();
    await removeAll(page);
    await attach(page).setInputFiles(path.join(FILES, 'forty-seconds.mp4'));
    await expect(
      alert(
        'The video must be under 30 seconds and less than 50 MB. You can either upload up to 5 images or 1 video.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove forty-seconds/ })).toHaveCount(0);
  });

  test('a text-only recognition is stored, tops the feed after OK, and its count rises by one', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const before = await iconsCount(page, 'isabella-chen');
    await startRecognition(page, 'isabella-chen', /^Gratitude/, 'Robin Text');
    await page.getByLabel('Say thanks').fill('Thank you for the best cortado in town.');
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Congratulations! Your recognition has been sent.',
    });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/user_profile\/isabella-chen\?show=true$/);
    // The page the redirect opened is the server's until the app takes over.
    await waitForApp(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/user_profile\/isabella-chen$/);
    const first = page.getByRole('article').first();
    await expect(first).toContainText('Thank you for the best cortado in town.');
    await expect(first.getByRole('heading')).toHaveText(/Robin Text thanked Isabella\.chen/i);
    const after = await iconsCount(page, 'isabella-chen');
    expect(after.thankyouCount).toBe(before.thankyouCount! + 1);
    expect(after.handshakeCount).toBe(before.handshakeCount);
    await expect(
      page.getByRole('button', { name: `Gratitude, received ${after.thankyouCount}` }),
    ).toBeVisible();
    await expectAccessible();
    await saveScreenshot('recognition-text-in-feed');
  });

  test('a recognition with 3 images shows upload progress and tops the feed with its images', async ({
    page,
    saveScreenshot,
  }) => {
    test.slow(); // a long journey: three times the usual budget
    const before = await iconsCount(page, 'theodore-brooks');
    await startRecognition(page, 'theodore-brooks', /^Recognize/, 'Robin Photos');
    await attach(page).setInputFiles(IMAGES.slice(0, 3));
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(3);
    await saveScreenshot('recognition-three-images');
    // The upload's answer waits until the test has seen the progress bar.
    const upload = await holdRequests(page, '**/api/gratitude/image-gratitude');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('progressbar')).toBeVisible();
    upload.release();
    const dialog = page.getByRole('dialog', {
      name: 'Congratulations! Your recognition has been sent.',
    });
    // The page the redirect opened is the server's until the app takes over.
    await waitForApp(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    // The profile OK reloads, not the page it was clicked on (which showed the card already).
    await expect(page).toHaveURL(/\/user_profile\/theodore-brooks$/);
    await waitForApp(page);
    const first = page.getByRole('article').first();
    await expect(first.getByRole('heading')).toHaveText(/Robin Photos recognized/i);
    await expect(first.getByRole('button', { name: /Show image \d of 3/ })).toHaveCount(3);
    const image = first.getByRole('img', { name: /Photo 1 of 3/ });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await iconsCount(page, 'theodore-brooks')).handshakeCount).toBe(
      before.handshakeCount! + 1,
    );
    await saveScreenshot('recognition-images-in-feed');
  });

  test('a video recognition is sent with a thumbnail made in the browser', async ({
    page,
    saveScreenshot,
  }) => {
    await startRecognition(page, 'nadia-okafor', /^Celebrate/, 'Robin Video');
    await attach(page).setInputFiles(VIDEO);
    const preview = page.getByRole('img', { name: /ava-video-latte/ });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(
      300,
    );
    await saveScreenshot('recognition-video-thumbnail');
    // The API refuses a video without a JPEG thumbnail (by its bytes), so success shows it was sent.
    const response = page.waitForResponse('**/api/gratitude/image-gratitude');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await response).status()).toBe(200);
    await expect(page).toHaveURL(/show=true/);
    await waitForApp(page);
    await page
      .getByRole('dialog', { name: 'Congratulations! Your recognition has been sent.' })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(page).toHaveURL(/\/user_profile\/nadia-okafor$/);
    await waitForApp(page);
    const first = page.getByRole('article').first();
    await expect(first.getByRole('heading')).toHaveText(/Robin Video celebrated/i);
    await expect(first.getByRole('button', { name: /^Play/ })).toBeVisible();
  });

  test("names keep the capitals they were written with: the profile's and the guest's", async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/user_profile/marcus-oconnell');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Marcus O'Connell");
    await expect(page).toHaveTitle("Marcus O'Connell | Grati");

    const guest = "Anne-Marie McDonald O'Connell"; // 29 characters
    const words = `Thanks for the flat white, Marcus! ${Date.now()}`;
    await startRecognition(page, 'marcus-oconnell', /^Recognize/, guest);
    await expect(page.getByLabel('Review Title')).toHaveValue(
      `${guest} recognized marcus.oconnell`,
    );
    await page.getByLabel('Say thanks').fill(words);
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Congratulations! Your recognition has been sent.',
    });
    await expect(dialog).toBeVisible();
    await waitForApp(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/user_profile\/marcus-oconnell$/);
    await waitForApp(page);
    const card = page.getByRole('article').filter({ hasText: words });
    await expect(card.getByRole('heading')).toHaveText(`${guest} recognized Marcus.oconnell`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Marcus O'Connell");
    await expectAccessible();
  });

  test('a double click on Submit stores one recognition', async ({ page }) => {
    await startRecognition(page, 'elliot-fairbanks', /^Appreciate/, 'Robin Double');
    await page.getByLabel('Say thanks').fill('Double click, single thanks.');
    // The first click's request is still unanswered when the second click comes.
    const create = await holdRequests(page, '**/api/gratitude/create-gratitude');
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    create.release();
    await expect(
      page.getByRole('dialog', { name: 'Congratulations! Your recognition has been sent.' }),
    ).toBeVisible();
    const feed = await page.request.get('/api/__db/feed?userId=elliot-fairbanks', {
      headers: { Authorization: 'Bearer demo-guest-token' },
    });
    const items = (await feed.json()) as { sayThanks: string }[];
    expect(items.filter((item) => item.sayThanks === 'Double click, single thanks.')).toHaveLength(
      1,
    );
  });

  test('with the API unreachable the form keeps text and files, and a retry succeeds', async ({
    page,
    saveScreenshot,
  }) => {
    await startRecognition(page, 'marcus-oconnell', /^Recognize/, 'Robin Retry');
    await page.getByLabel('Say thanks').fill('Sent when the network came back.');
    await attach(page).setInputFiles(IMAGES.slice(0, 1));
    await page.route('**/api/gratitude/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Please try again/ })).toBeVisible();
    await expect(page.getByLabel('Say thanks')).toHaveValue('Sent when the network came back.');
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
    await saveScreenshot('recognition-offline-error');

    // Back to the details step and forward again: the values are still there.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('Robin Retry');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByLabel('Say thanks')).toHaveValue('Sent when the network came back.');

    await page.unroute('**/api/gratitude/**');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Congratulations! Your recognition has been sent.' }),
    ).toBeVisible();
    const feed = await page.request.get('/api/__db/feed?userId=marcus-oconnell', {
      headers: { Authorization: 'Bearer demo-guest-token' },
    });
    const items = (await feed.json()) as { sayThanks: string }[];
    expect(
      items.filter((item) => item.sayThanks === 'Sent when the network came back.'),
    ).toHaveLength(1);
  });
});
