// The payment calls under /api/payment/: create-payment-intent and create-donation-intent (JSON,
// ./tipIntents) and payment-intent-for-both (multipart: a review with its media plus the payment
// fields, ./reviewWithTip). Parsing in ./parse, the Stripe call in ./intents, publishing in
// ./publish and ./reconcile, Stripe's webhooks in ./webhooks, the testers' views in ./testerViews.
//
// WIRE CONTRACT (all amounts are integer CENTS, not the original app's dollars):
// - `amount`: the tip or donation in cents, whole dollars only (a multiple of 100), $1 to the
//   most a guest can give, $970,873 (AMOUNT_CENTS in src/api/contract/limits.ts: MAX_GIFT_CENTS,
//   whose total by every method fits Stripe's maximum charge); more is a 400 naming `amount`.
// - `platformFeeForWallet`: `platformFeeCents(amount, method)` from src/api/contract/fees.ts.
// - `metadata.amountAfterFee`: amount + platformFeeForWallet, the total the intent charges.
// - `payment_method_types` (array) or `paymentMethodType` (string), exactly one of them, each in
//   card, bank, apple_pay, google_pay; several methods must share one fee rule. Stripe gets
//   `card` for card and wallets (wallets are cards at Stripe) and `us_bank_account` for bank.
// - `metadata`: { getThanksUserID, title, guestName, userName, email, amountAfterFee }; title
//   starts with `Tip to` for a tip and contains `donated to` for a non-profit; userName (here and
//   at the top level) is the receiving profile's userName. guestName and title follow the names
//   rule (src/api/contract/names.ts): trimmed NFC, no control or text-direction characters.
// - Non-profits (businessType NON-PROFIT) also: `userId` (the guest's id), `ngoId` (the
//   profile's id), `isRecurring: false`. create-donation-intent is for non-profits only.
// - `captchaToken`: the reCAPTCHA token the checkbox gave; verified (single use) before any
//   intent is created: missing, failed or reused -> 400 `invalid Captcha`.
// - Header `Idempotency-Key` (required), passed on to Stripe: the same key and body answer the
//   first answer again (one intent); the same key with another body -> 422. The captchaToken is
//   no part of the body for this (a credential, single use): a retry with a new one replays, and
//   its token is not verified.
// The server recomputes the fee and the total and answers 400 naming the field that disagrees.
// Answer: { status: 200, data: { paymentIntent: <client secret> } }.
//
// The wallet preparation call on page load is a create-payment-intent with
// metadata.getThanksUserID = WALLET_PREPARE_ACCOUNT_ID, amount 1000, platformFeeForWallet 80 and
// payment_method_types ['card', 'apple_pay']; its other metadata may be empty and it needs no
// captcha (the page has none yet). Nothing else is accepted for that account.
// The /gpay test page pays GPAY_TEST_ACCOUNT_ID: create-payment-intent, amount 2000, Google Pay
// (fee by its rule), with a captcha token; nothing else is accepted for that account either.
// Both fixed accounts and their figures are in src/api/contract/intentBody.ts.
//
// PUBLISHING: a review sent with payment-intent-for-both is kept in db.pendingGratitudes, out of
// the feed. Stripe's webhooks (./webhooks) read the intent back from Stripe (the SDK's retrieve);
// an intent that has `succeeded` moves its review into the feed (icon count +1). A lost webhook
// is covered by the reconciliation (./reconcile), a step `gratitude/findUser` takes before it
// answers for a profile with reviews pending too long (mock-api/server.ts passes it to the
// profile lookup). `GET /api/__payments` reads the stored statuses only. Nothing the browser
// sends (such as `redirect_status` in a URL) can publish a review.
import { Router } from 'express';
import type { Store } from '../../db/store';
import { createSerializer } from '../../idempotency';
import type { PaymentServices } from './intents';
import { reviewWithTipRoute } from './reviewWithTip';
import { tipIntentRoute, walletPreparation } from './tipIntents';

export type PaymentRoutesOptions = Omit<PaymentServices, 'store'>;

/** The three payment calls, each behind the tester's payment fault (../../sharedDemo/scenarios). */
export function paymentRoutes(store: Store, options: PaymentRoutesOptions): Router {
  const services: PaymentServices = { store, ...options };
  // One queue per Idempotency-Key across the three calls.
  const serialized = createSerializer();
  const prepareWallet = walletPreparation(services);
  const tipIntent = (
    endpoint: 'payment/create-payment-intent' | 'payment/create-donation-intent',
  ) => tipIntentRoute(services, serialized, prepareWallet, endpoint);
  const faults = options.scenarios.paymentFault;

  const router = Router();
  router.post('/payment/create-payment-intent', faults, tipIntent('payment/create-payment-intent'));
  router.post(
    '/payment/create-donation-intent',
    faults,
    tipIntent('payment/create-donation-intent'),
  );
  router.post('/payment/payment-intent-for-both', faults, reviewWithTipRoute(services, serialized));
  return router;
}
