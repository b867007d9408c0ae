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

/**
 * Runs `during` with the next request to `url` intercepted: sent to the server at once (`reached`
 * once it acted), its answer then held until `release` lets it go on to the page, if still there
 * (`lose`: the connection is dropped instead, its report expected). After, the interception ends.
 */
export async function intercepting(
  walk: GuestPage,
  url: string,
  lose: boolean,
  during: (held: { reached: Promise<void>; release: () => void }) => Promise<void>,
): Promise<void> {
  const { page } = walk;
  if (lose) walk.expectLost(url.replace(/^\*\*/, ''));
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
  try {
    await during({ reached, release });
  } finally {
    release();
    await page.unroute(url, handler);
  }
}

/**
 * The payment buttons `page` offers now: Pay Now, the card option, a wallet's button, each shown,
 * enabled and not in a part marked unavailable (the wallets' group while a payment is on its way).
 */
export async function offeredPayments(page: Page): Promise<string[]> {
  const offered: string[] = [];
  const buttons = page.getByRole('button', {
    name: /Pay Now|via Debit\/Credit Card|Apple Pay|Google Pay/,
  });
  for (const button of await buttons.all()) {
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
  const offered = await offeredPayments(page);
  expect(offered, `${why}: the page offers to pay for a draft that paid`).toEqual([]);
}
