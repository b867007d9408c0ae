// What the walk does to an answer on its way, and what a page must not offer: an answer held
// (the request reaches the server, which acts, and its answer waits until released), an answer
// lost after the server acted (the request goes, the connection drops), and the payment buttons
// of a draft that has paid.
import type { Page, Route } from '@playwright/test';
import { expect } from '../fixtures';
import type { GuestPage } from './guestPage';

/** Stripe's confirmation of an intent (the emulated Stripe.js calls it from Pay Now). */
export const CONFIRM_URL = '**/v1/payment_intents/*/confirm';
/** A recognition alone (its words; a photo or video goes to image-gratitude). */
export const REVIEW_URL = '**/api/gratitude/create-gratitude';
/** The card option's intent call: a review with its tip, a tip alone, a donation alone. */
export const INTENT_URLS = {
  review: '**/api/payment/payment-intent-for-both',
  tip: '**/api/payment/create-payment-intent',
  donation: '**/api/payment/create-donation-intent',
} as const;

export interface Interception {
  /** The server has acted on the request (its answer is in the walk's hands). */
  reached: Promise<void>;
  /** Lets a held answer go on to the page (if the page is still there to take it). */
  release: () => void;
  /** Releases, and stops intercepting. */
  done: () => Promise<void>;
}

/**
 * Intercepts the next request to `url` on `page`: sent to the server at once; its answer is then
 * held until `release` (`lose`: the connection is dropped instead, as a lost answer).
 */
export async function intercept(page: Page, url: string, lose = false): Promise<Interception> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reachedServer!: () => void;
  const reached = new Promise<void>((resolve) => (reachedServer = resolve));
  let taken = false;
  const handler = async (route: Route) => {
    if (taken) return route.fallback();
    taken = true;
    let answer;
    try {
      answer = await route.fetch();
    } finally {
      reachedServer();
    }
    if (lose) {
      await route.abort('connectionreset').catch(() => undefined);
      return;
    }
    await released;
    // The page may have gone (a reload): the request went with it.
    await route.fulfill({ response: answer }).catch(() => undefined);
  };
  await page.route(url, handler);
  return {
    reached,
    release,
    done: async () => {
      release();
      await page.unroute(url, handler);
    },
  };
}

/** The path an intercepted `**` pattern stands for (for the browser's report of a lost answer). */
export const pathOf = (url: string) => url.replace(/^\*\*/, '');

/** Loses the next answer of `url` after the server acted; its report is expected. */
export async function loseNextAnswer(walk: GuestPage, url: string): Promise<Interception> {
  walk.expectLost(pathOf(url));
  return intercept(walk.page, url, true);
}

const PAYMENT_BUTTONS = /Pay Now|via Debit\/Credit Card|Apple Pay|Google Pay/;

/**
 * The payment buttons `page` offers now: Pay Now, the card option, a wallet's button, each shown,
 * enabled and not in a part marked unavailable (the wallets' group while a payment is on its way).
 */
export async function offeredPayments(page: Page): Promise<string[]> {
  const offered: string[] = [];
  for (const button of await page.getByRole('button', { name: PAYMENT_BUTTONS }).all()) {
    const usable = await button
      .evaluate(
        (element) =>
          element.checkVisibility() &&
          !(element as HTMLButtonElement).disabled &&
          element.closest('[aria-disabled="true"]') === null,
      )
      .catch(() => false); // gone meanwhile
    if (usable) offered.push((await button.textContent().catch(() => null))?.trim() ?? '?');
  }
  return offered;
}

/** A page of a draft that has paid offers no payment. */
export async function expectNoPaymentOffered(page: Page, why: string): Promise<void> {
  expect(
    await offeredPayments(page),
    `${why}: the page offers to pay for a draft that paid`,
  ).toEqual([]);
}
