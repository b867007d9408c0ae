// The guest's steps for the WebKit journeys that run in WebKit only, bound to a WebDriver session:
// each is the one written on the driver seam (e2e/driver/guest.ts), as every engine takes it.
import type { Browser } from 'webdriverio';
import type { Query } from '../e2e/driver/driver';
import * as guest from '../e2e/driver/guest';
import { webkitDriver } from './driver';

export { guestName } from '../e2e/journeyData';
export { paymentsOf, profileOf } from '../e2e/suiteApi';
export { CAPTCHA, CARD_FIELDS, CARD_OPTION, CONGRATULATIONS } from '../e2e/driver/guest';

/** Opens the profile, presses the action button and gets through the guest details step. */
export const startFlow = (
  browser: Browser,
  baseUrl: string,
  profileId: string,
  action: string,
  name: string,
) => guest.startFlow(webkitDriver(browser, baseUrl), profileId, action, name);

/** Chooses a file for the review form's file input, through the label a guest presses. */
export const attachFile = (browser: Browser, file: string) =>
  webkitDriver(browser, '').attachFile(guest.ATTACH, file);

/** Fails if the page scrolls sideways (WCAG 1.4.10 Reflow: at 320 CSS px it must not). */
export const expectNoSidewaysScroll = (browser: Browser, where: string) =>
  guest.expectNoSidewaysScroll(webkitDriver(browser, ''), where);

/** Waits until the element lies wholly inside the window, where the guest can see and tap it. */
export const expectInWindow = (browser: Browser, query: Query, what: string) =>
  guest.expectInWindow(webkitDriver(browser, ''), query, what);
