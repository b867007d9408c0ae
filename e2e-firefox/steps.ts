// The guest's steps for the Firefox journeys that run in Firefox only, bound to a Puppeteer page:
// each is the one written on the driver seam (e2e/driver/guest.ts), as every engine takes it.
import type { Page } from 'puppeteer-core';
import * as guest from '../e2e/driver/guest';
import { firefoxDriver, selector } from './driver';

export { guestName, type PaymentRow } from '../e2e/journeyData';
export { paymentsOf, profileOf } from '../e2e/suiteApi';

/** The Congratulations dialog, as a Puppeteer selector. */
export const CONGRATULATIONS = selector(guest.CONGRATULATIONS);

/** A page of this suite and the server's address, as the driver seam takes them. */
const driverOf = (page: Page) => firefoxDriver(page, new URL(page.url()).origin);

/** Opens the profile, presses the action button and gets through the guest details step. */
export const startFlow = (
  page: Page,
  baseUrl: string,
  profileId: string,
  action: string,
  name: string,
  emailDomain?: string,
) => guest.startFlow(firefoxDriver(page, baseUrl), profileId, action, name, emailDomain);

/** Chooses files for the review form's file input, through the label a guest presses. */
export const attachFiles = (page: Page, ...files: string[]) =>
  driverOf(page).attachFile(guest.ATTACH, ...files);

/** Fails if the page scrolls sideways (WCAG 1.4.10 Reflow: at 320 px it must not). */
export const expectNoSidewaysScroll = (page: Page, where: string) =>
  guest.expectNoSidewaysScroll(driverOf(page), where);

/** Waits until the Congratulations lies wholly inside the window. */
export const expectCongratulationsInWindow = (page: Page, what: string) =>
  guest.expectInWindow(driverOf(page), guest.CONGRATULATIONS, what);
