import type { Page } from '@playwright/test';
import { CAPTCHA } from './driver/guest';
import { locatorOf } from './driver/playwright';
import { test, expect } from './fixtures';

// The reCAPTCHA emulator in Chromium, its script loaded from Google's URL by hand as
// react-google-recaptcha does; the real Google hosts are blocked so a leak fails the test.
const GOOGLE_RECAPTCHA = /^https:\/\/(www\.google\.com|www\.recaptcha\.net)\/recaptcha\//;

async function blockGoogle(page: Page): Promise<string[]> {
  const leaked: string[] = [];
  await page.route(GOOGLE_RECAPTCHA, async (route) => {
    leaked.push(route.request().url());
    await route.abort();
  });
  return leaked;
}

/** What react-async-script does: a script tag for Google's URL, then wait for `onload`. */
async function loadRecaptcha(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        Object.assign(window, { onloadcallback: () => resolve() });
        const script = document.createElement('script');
        script.src =
          'https://www.google.com/recaptcha/api.js?onload=onloadcallback&render=explicit';
        script.async = true;
        script.onerror = () => reject(new Error(`could not load ${script.src}`));
        document.body.appendChild(script);
      }),
  );
}

/** Renders a checkbox widget in the page's main region; tokens land in window.captchaTokens. */
async function renderWidget(page: Page): Promise<void> {
  await page.evaluate(() => {
    const tokens: (string | null)[] = [];
    Object.assign(window, { captchaTokens: tokens });
    const host = document.createElement('div');
    document.querySelector('main')?.appendChild(host);
    const { grecaptcha } = window as unknown as {
      grecaptcha: { render(el: HTMLElement, params: Record<string, unknown>): number };
    };
    grecaptcha.render(host, {
      sitekey: 'emulator-site-key',
      size: 'normal',
      callback: (token: string) => tokens.push(token),
      'expired-callback': () => tokens.push(null),
    });
  });
}

const response = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { grecaptcha: { getResponse(id: number): string } }
    ).grecaptcha.getResponse(0),
  );

const tokens = (page: Page) =>
  page.evaluate(() => (window as unknown as { captchaTokens: (string | null)[] }).captchaTokens);

test('Google’s script URL loads the emulator: a token the server takes, expired after two minutes', async ({
  page,
  request,
  expectAccessible,
  saveScreenshot,
}) => {
  const leaked = await blockGoogle(page);
  await page.clock.install();
  await page.goto('/');
  const checkbox = locatorOf(page, CAPTCHA);

  await test.step('Google’s script URL loads the emulator, whose checkbox gives a token the server takes', async () => {
    expect(await page.evaluate(() => 'grecaptcha' in window)).toBe(false);

    await loadRecaptcha(page);
    await renderWidget(page);
    await expect(checkbox).not.toBeChecked();
    await expect(page.getByText('reCAPTCHA (emulated)')).toBeVisible();
    await expectAccessible();

    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect(checkbox).toBeChecked();
    await expect.poll(async () => (await tokens(page)).length).toBe(1);
    const [token] = await tokens(page);
    expect(await response(page)).toBe(token);

    // Once passed, the box cannot be unticked by the user.
    await checkbox.click();
    await expect(checkbox).toBeChecked();
    await expectAccessible();
    await saveScreenshot('captcha-emulator-passed');

    const verified = await request.post('/__recaptcha/siteverify', {
      form: { secret: 'emulator-secret', response: token ?? '' },
    });
    expect(await verified.json()).toMatchObject({ success: true, hostname: 'localhost' });
  });

  await test.step('the token expires after two minutes and the widget asks again', async () => {
    // The widget of the step before, its token given (check() leaves a ticked box as it is).
    await checkbox.check();
    await expect.poll(async () => (await tokens(page)).length).toBe(1);

    await page.clock.fastForward('02:00');
    await expect(checkbox).not.toBeChecked();
    await expect(page.getByRole('status')).toHaveText(
      'Verification expired. Check the checkbox again.',
    );
    expect((await tokens(page)).at(-1)).toBeNull();
    expect(await response(page)).toBe('');
    await expectAccessible();

    await checkbox.check();
    await expect.poll(async () => (await tokens(page)).length).toBe(3);
    expect((await tokens(page)).at(-1)).toEqual(expect.any(String));
  });
  expect(leaked).toEqual([]);
});
