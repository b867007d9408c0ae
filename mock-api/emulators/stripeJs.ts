// The Stripe.js emulator's routes: GET /__stripe/stripe.js (the browser script that defines
// `window.Stripe` and talks to the API emulator under /v1: the TypeScript modules in
// browser/stripe-js/, bundled by bundleBrowserScript.ts) and GET /__stripe/config (what the
// script asks before its Express Checkout Element offers wallets). Emulator builds inline
// emulator-redirects.js in the page shell (webpack.config.js): the js.stripe.com script
// loadStripe injects on first use is loaded from here. Live builds load the real Stripe.js.
//
// The testers' scenarios switch both per request (the tester's cookie comes with the script and
// with the config call): see mock-api/sharedDemo/scenarios.ts.
import path from 'node:path';
import { Router, type Request } from 'express';
import { sendBrowserScript } from './bundleBrowserScript';
import type { WalletChoice } from './browser/stripe-js/walletPlatform';
import { allowAnyOrigin } from './crossOrigin';

export const STRIPE_JS_EMULATOR_ROUTE = '/__stripe';

const SCRIPT_ENTRY = path.join(__dirname, 'browser', 'stripe-js', 'index.ts');

export interface StripeJsSwitches {
  /**
   * Which wallets the Express Checkout Element offers this browser: by its platform (`device`,
   * the browser script reads its user agent), none (`wallet-unsupported`: no buttons, `ready`'s
   * availablePaymentMethods undefined), or one forced by the tester (`wallet-apple-pay`,
   * `wallet-google-pay`).
   */
  walletChoice(req: Request): WalletChoice;
  /** The `stripe-unavailable` scenario: false answers the script with 503. */
  stripeJsAvailable(req: Request): boolean;
}

const ALWAYS: StripeJsSwitches = { walletChoice: () => 'device', stripeJsAvailable: () => true };

export function stripeJsEmulator(switches: StripeJsSwitches = ALWAYS): Router {
  const router = Router();
  // Like js.stripe.com, usable from any origin.
  router.use(allowAnyOrigin());

  router.get('/stripe.js', (req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!switches.stripeJsAvailable(req)) {
      res.status(503).type('text/plain').send('Stripe.js is unavailable (scenario).');
      return;
    }
    sendBrowserScript(res, SCRIPT_ENTRY, next);
  });

  router.get('/config', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ wallets: switches.walletChoice(req) });
  });

  router.use((req, res) => {
    res.status(404).json({ error: `The Stripe.js emulator has no ${req.method} ${req.path}.` });
  });
  return router;
}
