// The app's one Stripe adapter: the only module that loads Stripe.js. Its surface is the app's
// words (getStripe, payWithElements, retrievePayment). Stripe's current integration: a
// deferred-intent Elements group (mode 'payment') holding the Payment Element for cards and the
// Express Checkout Element for Apple Pay and Google Pay, both confirmed with confirmPayment.
// `loadStripe` from the pure entry loads nothing on import, only on the first getStripe(); in
// emulator builds the page shell sends the js.stripe.com script it injects to the mock API's
// emulator.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { PaymentIntent, Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { getAppConfig } from '@/config/env';
import { loadOnce } from '@/loading/retry';

export type { Stripe, StripeElements };

/** Stripe.js could not be loaded; `message` is the spec's text. */
export class StripeUnavailableError extends Error {
  override name = 'StripeUnavailableError';
}

export const STRIPE_NOT_AVAILABLE = 'Stripe.js not available';
export const STRIPE_FAILED_TO_LOAD = 'Failed to load Stripe.js';

/**
 * Stripe.js, loaded once: @stripe/stripe-js's loader asks for the script again once by itself, and
 * a load that failed is forgotten so a later call tries again (the page's one policy for scripts,
 * src/loading/retry.ts).
 */
const stripeJs = loadOnce(() =>
  loadStripe(getAppConfig().stripePublishableKey).then(
    (stripe) => {
      if (!stripe) throw new StripeUnavailableError(STRIPE_NOT_AVAILABLE);
      return stripe;
    },
    (error: unknown) => {
      const message =
        error instanceof Error && error.message === STRIPE_NOT_AVAILABLE
          ? STRIPE_NOT_AVAILABLE
          : STRIPE_FAILED_TO_LOAD;
      throw new StripeUnavailableError(message, { cause: error });
    },
  ),
);

export const getStripe = (): Promise<Stripe> => stripeJs();

/**
 * Starts loading Stripe.js ahead of a form that will need it. A failed load is left to the form's
 * own getStripe(), which asks again and reports it.
 */
export function prefetchStripe(): void {
  getStripe().catch(() => undefined);
}

/** How a confirmation ended, in the app's terms. */
export type PaymentResult =
  | { outcome: 'succeeded'; paymentIntentId: string }
  /** The intent ended in another status ('Payment failed or incomplete.'). */
  | { outcome: 'incomplete'; paymentIntentId: string; status: PaymentIntent.Status }
  /** Stripe refused: `message` is Stripe's own, for the payer. */
  | { outcome: 'failed'; message: string; code?: string; declineCode?: string };

function toResult(result: { paymentIntent?: PaymentIntent; error?: StripeError }): PaymentResult {
  // A confirmation of an intent that already succeeded (it was paid from a page that is gone, or
  // from another tab) is refused with the intent attached: that payment is the guest's success.
  const refusedIntent = result.error?.payment_intent;
  if (refusedIntent?.status === 'succeeded') {
    return { outcome: 'succeeded', paymentIntentId: refusedIntent.id };
  }
  if (result.error) {
    return {
      outcome: 'failed',
      message: result.error.message ?? 'Your card was declined.',
      code: result.error.code,
      declineCode: result.error.decline_code,
    };
  }
  const intent = result.paymentIntent;
  if (!intent) return { outcome: 'failed', message: 'Payment failed or incomplete.' };
  return intent.status === 'succeeded'
    ? { outcome: 'succeeded', paymentIntentId: intent.id }
    : { outcome: 'incomplete', paymentIntentId: intent.id, status: intent.status };
}

/** The Elements group's options for a payment of `amountCents` (cards, and wallets on cards). */
export const paymentElementsOptions = (amountCents: number) =>
  ({
    mode: 'payment',
    amount: amountCents,
    currency: 'usd',
    paymentMethodTypes: ['card'],
  }) as const;

/**
 * Pays with what the Elements group collected (the Payment Element's card, or the wallet the
 * Express Checkout Element opened), Stripe's deferred-intent order: `elements.submit()` validates
 * the form first, then `getClientSecret` makes (or reuses) the intent on our API, then
 * `confirmPayment` confirms it, in place when it can (`redirect: 'if_required'`: a card, a
 * wallet, 3-D Secure in Stripe's own dialog); a payment that must leave the page (3-D Secure
 * on the bank's page, a redirecting method) comes back to `returnUrl`.
 */
export async function payWithElements(options: {
  elements: StripeElements;
  getClientSecret: () => Promise<string>;
  returnUrl: string;
}): Promise<PaymentResult> {
  const { elements, getClientSecret, returnUrl } = options;
  const stripe = await getStripe();
  const submitted = await elements.submit();
  if (submitted.error) return toResult({ error: submitted.error });
  const clientSecret = await getClientSecret();
  return toResult(
    await stripe.confirmPayment({
      elements,
      clientSecret,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    }),
  );
}

/**
 * What Stripe says of the intent a redirect came back with (its client secret is in the return
 * address): the address's own `redirect_status` is the browser's word, not Stripe's.
 */
export async function retrievePayment(clientSecret: string): Promise<PaymentResult> {
  const stripe = await getStripe();
  return toResult(await stripe.retrievePaymentIntent(clientSecret));
}

/** Where an intent stands, as Stripe says now: its status and whether its last attempt failed. */
export interface PaymentCheck {
  status: PaymentIntent.Status;
  /** The last confirmation failed (a decline, a failed 3-D Secure): Stripe's own record of it. */
  lastAttemptFailed: boolean;
}

/** Asks Stripe where the intent of `clientSecret` stands (its publishable-key retrieve). */
export async function checkPayment(clientSecret: string): Promise<PaymentCheck> {
  const stripe = await getStripe();
  const { paymentIntent, error } = await stripe.retrievePaymentIntent(clientSecret);
  if (error || !paymentIntent) throw new Error(error?.message ?? 'No PaymentIntent');
  return {
    status: paymentIntent.status,
    lastAttemptFailed: paymentIntent.last_payment_error != null,
  };
}

/**
 * Resumes an intent that requires the payer's action (3-D Secure left open by a page that went
 * away): Stripe shows its challenge again, or goes to the bank's page.
 */
export async function resumePayment(clientSecret: string): Promise<PaymentResult> {
  const stripe = await getStripe();
  return toResult(await stripe.handleNextAction({ clientSecret }));
}
