// The app's one Stripe adapter: the only module that loads Stripe.js. Its surface is the app's
// words (getStripe, confirmCard, confirmWalletPayment, createWalletRequest). `loadStripe` from
// the pure entry loads nothing on import, only on the first getStripe(); in emulator builds the
// page shell sends the js.stripe.com script it injects to the mock API's emulator.
import { loadStripe } from '@stripe/stripe-js/pure';
import type {
  PaymentIntent,
  PaymentRequest,
  PaymentRequestPaymentMethodEvent,
  PaymentRequestWallet,
  Stripe,
  StripeCardElement,
  StripeError,
} from '@stripe/stripe-js';
import { getAppConfig } from '../../../config/env';

export type { Stripe };
/** The mounted card form (react-stripe-js's CardElement), as the UI gets it from useElements(). */
export type CardField = StripeCardElement;

/** Stripe.js could not be loaded; `message` is the spec's text. */
export class StripeUnavailableError extends Error {
  override name = 'StripeUnavailableError';
}

export const STRIPE_NOT_AVAILABLE = 'Stripe.js not available';
export const STRIPE_FAILED_TO_LOAD = 'Failed to load Stripe.js';

let stripePromise: Promise<Stripe> | undefined;

/** Loads Stripe.js once; a failed load is forgotten so a later call can try again. */
export function getStripe(): Promise<Stripe> {
  stripePromise ??= loadStripe(getAppConfig().stripePublishableKey).then(
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
  );
  const current = stripePromise;
  current.catch(() => {
    if (stripePromise === current) stripePromise = undefined;
  });
  return current;
}

/** How a confirmation ended, in the app's terms. */
export type PaymentResult =
  | { outcome: 'succeeded'; paymentIntentId: string }
  /** The intent ended in another status ('Payment failed or incomplete.'). */
  | { outcome: 'incomplete'; paymentIntentId: string; status: PaymentIntent.Status }
  /** Stripe refused: `message` is Stripe's own, for the payer. */
  | { outcome: 'failed'; message: string; code?: string; declineCode?: string };

function toResult(result: { paymentIntent?: PaymentIntent; error?: StripeError }): PaymentResult {
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

/** Pays `clientSecret` with the card typed in `card` (3-D Secure handled by Stripe.js). */
export async function confirmCard(
  clientSecret: string,
  card: CardField,
  returnUrl: string,
): Promise<PaymentResult> {
  const stripe = await getStripe();
  return toResult(
    await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card },
      return_url: returnUrl,
    }),
  );
}

/**
 * Pays `clientSecret` with a wallet's PaymentMethod: Stripe's documented two-step pattern
 * (confirm without actions so the sheet can close, then let Stripe.js handle any 3-D Secure).
 */
export async function confirmWalletPayment(
  clientSecret: string,
  paymentMethodId: string,
): Promise<PaymentResult> {
  const stripe = await getStripe();
  const first = await stripe.confirmCardPayment(
    clientSecret,
    { payment_method: paymentMethodId },
    { handleActions: false },
  );
  if (first.error || first.paymentIntent?.status !== 'requires_action') return toResult(first);
  return toResult(await stripe.confirmCardPayment(clientSecret));
}

export type Wallet = 'applePay' | 'googlePay';

export interface WalletPaymentEvent {
  paymentMethodId: string;
  wallet: string;
  /** Closes the wallet sheet as succeeded or failed. */
  complete(outcome: 'success' | 'fail'): void;
}

/** One wallet payment sheet for a fixed total, in the app's words. */
export interface WalletRequest {
  /** The wallets this browser offers for the request, or null when none (unsupported). */
  availableWallets(): Promise<Record<Wallet, boolean> | null>;
  /** Opens the sheet; call from a click, after availableWallets() found one. */
  show(): void;
  isShowing(): boolean;
  onPaymentMethod(handler: (event: WalletPaymentEvent) => void): () => void;
  onCancel(handler: () => void): () => void;
  setAmount(amountCents: number): void;
}

const WALLETS: readonly PaymentRequestWallet[] = ['applePay', 'googlePay', 'link', 'browserCard'];

/**
 * A payment request (country US, currency usd) for `amountCents`. With `wallet`, the other
 * wallets are disabled (Stripe's `disableWallets`), so the sheet is that wallet's.
 */
export async function createWalletRequest(options: {
  amountCents: number;
  label: string;
  wallet?: Wallet;
}): Promise<WalletRequest> {
  const stripe = await getStripe();
  const { wallet, label } = options;
  const request: PaymentRequest = stripe.paymentRequest({
    country: 'US',
    currency: 'usd',
    total: { label, amount: options.amountCents },
    requestPayerName: true,
    requestPayerEmail: true,
    ...(wallet ? { disableWallets: WALLETS.filter((name) => name !== wallet) } : {}),
  });
  return {
    async availableWallets() {
      const result = await request.canMakePayment();
      return result
        ? { applePay: result.applePay === true, googlePay: result.googlePay === true }
        : null;
    },
    show() {
      request.show();
    },
    isShowing() {
      return request.isShowing();
    },
    onPaymentMethod(handler) {
      const listener = (event: PaymentRequestPaymentMethodEvent) => {
        handler({
          paymentMethodId: event.paymentMethod.id,
          wallet: event.walletName,
          complete: (outcome) => event.complete(outcome),
        });
      };
      request.on('paymentmethod', listener);
      return () => request.off('paymentmethod', listener);
    },
    onCancel(handler) {
      request.on('cancel', handler);
      return () => request.off('cancel', handler);
    },
    setAmount(amountCents) {
      request.update({ total: { label, amount: amountCents } });
    },
  };
}
