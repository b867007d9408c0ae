// WCAG 2.2 AA 1.4.10 Reflow in WebKit, zoomed as a guest zooms Safari (WebKit's page zoom, pressed
// on MiniBrowser's window): at about 320 CSS px, and at 200% of a 390 px phone (about 196 CSS px).
// e2e/reflow.spec.ts checks each box in Chromium; here, in the engine half the guests use: the
// profile, its carousel and gallery, the card form and the Congratulations never scroll sideways,
// and the dialog's OK is in the window and can be pressed.
import assert from 'node:assert/strict';
import {
  goto,
  saveScreenshot,
  setViewport,
  waitForApp,
  ZOOM_STEP,
  zoomIn,
  type JourneyContext,
} from '../harness';
import {
  byLabel,
  byRole,
  eventually,
  exactText,
  expectValue,
  expectAttribute,
  expectUrl,
  hidden,
  visible,
  within,
} from '../queries';
import {
  CAPTCHA,
  CARD_OPTION,
  CONGRATULATIONS,
  expectInWindow,
  expectNoSidewaysScroll,
  CARD_FIELDS,
  guestName,
  paymentsOf,
} from '../steps';

/** A zoomed page: the window (MiniBrowser cannot be narrower than about 447 px) and the presses. */
export interface Zoomed {
  name: string;
  /** The page's size before the zoom, in CSS px. */
  window: { width: number; height: number };
  presses: number;
  /** The widest the zoomed page may be, in CSS px. */
  atMost: number;
}

/** 460 / 1.2^2 = 319 x 568, as an iPhone SE's 320 x 568. */
export const AT_320: Zoomed = {
  name: '320',
  window: { width: 460, height: 818 },
  presses: 2,
  atMost: 320,
};
/** 488 / 1.2^5 = 196 x 422, as a 390 x 844 phone at 200%. */
export const AT_200_PERCENT: Zoomed = {
  name: '200pc',
  window: { width: 488, height: 1050 },
  presses: 5,
  atMost: 196,
};

const PROFILE = 'ava-martinez';

export function reflowJourney(zoomed: Zoomed) {
  return async (context: JourneyContext): Promise<void> => {
    const { browser, baseUrl } = context;
    await setViewport(browser, zoomed.window);
    await goto(browser, baseUrl, `/user_profile/${PROFILE}`);
    const page = await zoomIn(context, zoomed.presses);
    assert.equal(page.width, Math.floor(zoomed.window.width / ZOOM_STEP ** zoomed.presses));
    assert.ok(page.width <= zoomed.atMost, `the zoomed page is ${page.width} CSS px wide`);
    const shot = (what: string) =>
      saveScreenshot(browser, `reflow-${zoomed.name}-${what}`, { fullPage: false });

    // The feed, and a card's carousel moved on by its Next arrow.
    const jordan = byRole('article', /^Jordan Blake/);
    await visible(browser, within(jordan, byRole('img', 'Photo 1 of 3 from Jordan Blake')));
    await expectNoSidewaysScroll(browser, 'the profile');
    await shot('profile');
    await page.tap(within(jordan, byRole('button', 'Next image')));
    await visible(browser, within(jordan, exactText('2 / 3')));
    await expectNoSidewaysScroll(browser, 'the carousel moved on');

    await page.tap(byRole('tab', 'Photos/Videos'));
    await visible(browser, byRole('list', 'Photos and videos'));
    await expectNoSidewaysScroll(browser, 'the gallery');
    await shot('gallery');

    // A tip by card, every button tapped: its form, then the Congratulations, whose OK is in the
    // window.
    const guest = guestName(`WebKit Reflow ${zoomed.name}`);
    await page.tap(byRole('button', 'Give Gift'));
    await page.type(byLabel('Full Name'), guest);
    await page.type(byLabel('Email'), 'reflow@example.com');
    await expectNoSidewaysScroll(browser, 'the guest details form');
    await page.tap(byRole('button', 'Submit'));
    await page.tap(byRole('button', '$10'));
    await expectAttribute(await visible(browser, byRole('button', '$10')), 'aria-pressed', 'true');
    await expectNoSidewaysScroll(browser, 'the gift form');
    await page.tap(CAPTCHA);
    const box = await visible(browser, CAPTCHA);
    await eventually('captcha ticked', async () => assert.ok(await box.isSelected()));
    await page.tap(CARD_OPTION);
    for (const [label, value] of Object.entries(CARD_FIELDS)) {
      await page.type(byLabel(label), value);
    }
    for (const [label, value] of Object.entries(CARD_FIELDS)) {
      await expectValue(await visible(browser, byLabel(label)), value);
    }
    await expectNoSidewaysScroll(browser, 'the card form');
    await shot('card-form');
    await page.tap(byRole('button', 'Pay Now'));
    await expectUrl(browser, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
    await waitForApp(browser);
    await expectInWindow(browser, CONGRATULATIONS, 'the Congratulations');
    await expectNoSidewaysScroll(browser, 'the Congratulations');
    await shot('dialog');
    await page.tap(within(CONGRATULATIONS, byRole('button', 'OK')));
    await hidden(browser, CONGRATULATIONS);
    await expectUrl(browser, /\/user_profile\/ava-martinez$/);
    assert.deepEqual(
      (await paymentsOf(baseUrl, guest)).map((row) => [row.status, row.amountCents]),
      [['succeeded', 1000]],
    );
  };
}
