// The page's one policy for a script it loads (issue 53), as lazyModule.ts applies it to the
// build's chunks: a script that fails (a phone on a café's Wi-Fi drops a request) is asked for
// again once by itself, RETRY_DELAY_MS later; a load that fails again is forgotten, so the next
// ask (a "Try again", the next form) goes to the network afresh. The captcha's script
// (captcha/Captcha.tsx) and Stripe.js (stripe/stripe.ts, whose loader @stripe/stripe-js asks
// again once by itself) load through here. This module stays out of the first load, whose
// budget has no room for it: lazyModule keeps its own few lines of the same rule (measured: 20
// bytes over the 20 KB when lazyModule was built on loadOnce).
import { RETRY_DELAY_MS } from './lazyModule';

/** A load shared while it is on its way and kept once done; one that failed is forgotten. */
export function loadOnce<T>(start: () => Promise<T>): () => Promise<T> {
  let attempt: Promise<T> | undefined;
  return () =>
    (attempt ??= start().catch((error: unknown) => {
      attempt = undefined;
      throw error;
    }));
}

/** Runs `attempt`, and once more after RETRY_DELAY_MS if it fails. */
export const askAgainOnce = <T>(attempt: () => Promise<T>): Promise<T> =>
  attempt().catch(() =>
    new Promise<void>((resolve) => setTimeout(resolve, RETRY_DELAY_MS)).then(attempt),
  );
