// The Stripe.js emulator's browser script (GET /__stripe/stripe.js: ../../stripeJs.ts bundles
// this entry into one classic script). In emulator builds the page shell's emulator-redirects.js
// sends the js.stripe.com script that loadStripe injects on first use here, so the app's code path
// is the one it has with real Stripe.
//
// It implements the subset of Stripe.js of Stripe's current integration, as Stripe documents it
// (and as @stripe/stripe-js's types declare it):
// - `stripe.elements({ mode: 'payment', amount, currency, paymentMethodTypes })`: a
//   deferred-intent Elements group, with `update`, `submit`, `getElement`, `fetchUpdates`
//   (elements.ts).
// - `elements.create('payment')`: the Payment Element, cards only (Stripe's own labels: Card
//   number, Expiration date, Security code, Country, ZIP code) (paymentElement.ts).
// - `elements.create('expressCheckout')`: the Express Checkout Element's Apple Pay and Google Pay
//   buttons, with its click / confirm / cancel events (expressCheckoutElement.ts) and an emulated
//   wallet sheet (walletSheet.ts).
// - `stripe.confirmPayment` (the Payment Element's card, or the wallet's card inside the Express
//   Checkout Element's `confirm` event; 3-D Secure in a dialog, threeDSecure.ts),
//   `stripe.handleNextAction` (the 3-D Secure an intent still waits for: the same dialog, or the
//   bank's page) and `stripe.retrievePaymentIntent` (stripeObject.ts).
// Misuse raises IntegrationErrors in Stripe.js's words (integrationErrors.ts). The deprecated APIs
// are not emulated: no paymentRequest, create('card') throws, and createToken,
// createPaymentMethod and confirmCardPayment exist only as throwing stubs (react-stripe-js looks
// for them).
//
// It talks to the Stripe API emulator at this script's origin + /v1 with form-encoded "simple"
// requests carrying `key=pk_...`, as Stripe.js talks to api.stripe.com (api.ts). Real Stripe.js
// mounts iframes; this mounts plain, labelled inputs and buttons.
//
// Wallets: the emulated browser has the wallet its platform has (Apple Pay on an iPhone, an iPad or
// Safari on a Mac; Google Pay in Chromium on Android and desktops: walletPlatform.ts), holding a
// Visa •••• 4242, unless the tester's scenario says none, or forces one (GET config next to this
// script).
import { currentScriptUrl } from '../dom';
import { StripeObject } from './stripeObject';

interface EmulatedWindow {
  Stripe?: { emulated?: boolean };
}

/** Read as the script first runs: the emulator's API and config are at its origin. */
const scriptUrl = currentScriptUrl('/__stripe/stripe.js');

/** `Stripe(key)` and `new Stripe(key)` alike, as with Stripe.js; the result is `instanceof Stripe`. */
function StripeEmulator(publishableKey: unknown): StripeObject {
  return new StripeObject(publishableKey, scriptUrl);
}
StripeEmulator.prototype = StripeObject.prototype;
StripeEmulator.version = 'endive';
StripeEmulator.emulated = true;

// Loaded twice (a second script tag), the first stays.
if (!(window as EmulatedWindow).Stripe?.emulated) {
  (window as EmulatedWindow).Stripe = StripeEmulator;
}
