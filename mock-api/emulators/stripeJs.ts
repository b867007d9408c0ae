// The Stripe.js emulator's routes: GET /__stripe/stripe.js (the browser script, stripe-js.js next
// to this file, which defines `window.Stripe` and talks to the API emulator under /v1) and
// GET /__stripe/config (what the script asks before its Express Checkout Element offers
// wallets). Emulator builds inline emulator-redirects.js in the page shell (webpack.config.js):
// the js.stripe.com script loadStripe injects on first use is loaded from here. Live builds load
// the real Stripe.js.
//
// The scenario switches are per mock API process (module state), as the scenarios are.
import path from 'node:path';
import { Router } from 'express';
import { allowAnyOrigin } from './crossOrigin';

export const STRIPE_JS_EMULATOR_ROUTE = '/__stripe';

let walletsSupported = true;
let scriptAvailable = true;

/**
 * The `wallet-unsupported` scenario: false makes the Express Checkout Element offer no wallet
 * (no buttons; its `ready` event's availablePaymentMethods is undefined). Default true.
 */
export function setWalletsSupported(supported: boolean): void {
  walletsSupported = supported;
}

/** The `stripe-unavailable` scenario: false answers the script with 503. Default true. */
export function setStripeJsAvailable(available: boolean): void {
  scriptAvailable = available;
}

export function stripeJsEmulator(): Router {
  const router = Router();
  // Like js.stripe.com, usable from any origin (the dev server's page is on another port).
  router.use(allowAnyOrigin());

  router.get('/stripe.js', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!scriptAvailable) {
      res.status(503).type('text/plain').send('Stripe.js is unavailable (scenario).');
      return;
    }
    res.type('application/javascript').sendFile(path.join(__dirname, 'stripe-js.js'));
  });

  router.get('/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ walletsSupported });
  });

  router.use((req, res) => {
    res.status(404).json({ error: `The Stripe.js emulator has no ${req.method} ${req.path}.` });
  });
  return router;
}
