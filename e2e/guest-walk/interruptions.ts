// Answers held or lost after the server acted, and the payments a paid draft must not offer.
import type { Page, Route } from '@playwright/test';
import { expect } from '../fixtures';
import type { GuestPage } from './guestPage';

export const CONFIRM_URL = '**/v1/payment_intents/*/confirm';
/** A recognition alone (its words; a photo or video goes to image-gratitude). */
export const REVIEW_URL = '**/api/gratitude/create-gratitude';
export const INTENT_URLS = {
  review: '**/api/payment/payment-intent-for-both',
  tip: '**/api/payment/create-payment-intent',
  donation: '**/api/payment/create-donation-intent',
} as const;

/** The next request to `url` reaches the server; its answer is held until `release`, or lost. */
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
    // The page may have gone with a reload.
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

/** Shown, enabled and not in a part marked unavailable (`aria-disabled`). */
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

export async function expectNoPaymentOffered(page: Page, why: string): Promise<void> {
  const offered = await offeredPayments(page);
  expect(offered, `${why}: the page offers to pay for a draft that paid`).toEqual([]);
}
