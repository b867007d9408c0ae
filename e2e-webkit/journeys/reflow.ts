// WCAG 1.4.10 Reflow in WebKit, zoomed as Safari zooms: at about 320 CSS px and at 200% of a 390 px
// phone, no sideways scroll from profile to Congratulations, whose OK is in the window.
import assert from 'node:assert/strict';
import {
  byLabel,
  byRole,
  exactText,
  expectAttribute,
  expectProperty,
  expectUrl,
  within,
} from '../../e2e/driver/driver';
import {
  CAPTCHA,
  CARD_FIELDS,
  CARD_OPTION,
  CONGRATULATIONS,
  expectInWindow,
  expectNoSidewaysScroll,
} from '../../e2e/driver/guest';
import { guestName } from '../../e2e/journeyData';
import { paymentsOf } from '../../e2e/suiteApi';
import { webkitDriver } from '../driver';
import { saveScreenshot, ZOOM_STEP, zoomIn, type JourneyContext } from '../harness';

/** MiniBrowser cannot be narrower than about 447 px: the page is zoomed down to `atMost` CSS px. */
export interface Zoomed {
  name: string;
  window: { width: number; height: number };
  presses: number;
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
    const driver = webkitDriver(browser, baseUrl);
    await driver.setViewport(zoomed.window);
    await driver.goto(`/user_profile/${PROFILE}`);
    const page = await zoomIn(context, zoomed.presses);
    assert.equal(page.width, Math.floor(zoomed.window.width / ZOOM_STEP ** zoomed.presses));
    assert.ok(page.width <= zoomed.atMost, `the zoomed page is ${page.width} CSS px wide`);
    const shot = (what: string) =>
      saveScreenshot(browser, `reflow-${zoomed.name}-${what}`, { fullPage: false });

    const jordan = byRole('article', /^Jordan Blake/);
    await driver.visible(within(jordan, byRole('img', 'Photo 1 of 3 from Jordan Blake')));
    await expectNoSidewaysScroll(driver, 'the profile');
    await shot('profile');
    await page.tap(within(jordan, byRole('button', 'Next image')));
    await driver.visible(within(jordan, exactText('2 / 3')));
    await expectNoSidewaysScroll(driver, 'the carousel moved on');

    await page.tap(byRole('tab', 'Photos/Videos'));
    await driver.visible(byRole('list', 'Photos and videos'));
    await expectNoSidewaysScroll(driver, 'the gallery');
    await shot('gallery');

    const guest = guestName(`WebKit Reflow ${zoomed.name}`);
    await page.tap(byRole('button', 'Give Gift'));
    await page.type(byLabel('Full Name'), guest);
    await page.type(byLabel('Email'), 'reflow@example.com');
    await expectNoSidewaysScroll(driver, 'the guest details form');
    await page.tap(byRole('button', 'Submit'));
    await page.tap(byRole('button', '$10'));
    await expectAttribute(driver, byRole('button', '$10'), 'aria-pressed', 'true');
    await expectNoSidewaysScroll(driver, 'the gift form');
    await page.tap(CAPTCHA);
    await expectProperty(driver, CAPTCHA, 'checked', true);
    await page.tap(CARD_OPTION);
    for (const [label, value] of Object.entries(CARD_FIELDS))
      await page.type(byLabel(label), value);
    for (const [label, value] of Object.entries(CARD_FIELDS)) {
      await expectProperty(driver, byLabel(label), 'value', value);
    }
    await expectNoSidewaysScroll(driver, 'the card form');
    await shot('card-form');
    await page.tap(byRole('button', 'Pay Now'));
    await expectUrl(driver, /\/user_profile\/ava-martinez\?redirect_status=succeeded$/);
    await driver.waitForApp();
    await expectInWindow(driver, CONGRATULATIONS, 'the Congratulations');
    await expectNoSidewaysScroll(driver, 'the Congratulations');
    await shot('dialog');
    await page.tap(within(CONGRATULATIONS, byRole('button', 'OK')));
    await driver.hidden(CONGRATULATIONS);
    await expectUrl(driver, /\/user_profile\/ava-martinez$/);
    assert.deepEqual(
      (await paymentsOf(baseUrl, guest)).map((row) => [row.status, row.amountCents]),
      [['succeeded', 1000]],
    );
  };
}
