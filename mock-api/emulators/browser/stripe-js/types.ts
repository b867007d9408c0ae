// The shapes the Stripe.js emulator's modules share: a subset of @stripe/stripe-js's types, as the
// app passes them (unchecked: an app's mistakes must reach the emulator's IntegrationErrors).
//
// Naming: members without an underscore are Stripe.js's own API; members with one (`_submit`,
// `_express`) are the emulator's, called across its modules and never by an app.
import type { WalletChoice } from './walletPlatform';

/** A Stripe error object, as the API answers it and Stripe.js hands it on. */
export interface StripeError {
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_intent?: PaymentIntent;
}

/** The PaymentIntent fields the script reads (the API's object has more, passed on untouched). */
export interface PaymentIntent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  last_payment_error?: StripeError | null;
  /** What a `requires_action` intent waits for: the in-place challenge, or the bank's page. */
  next_action?:
    | { type: 'use_stripe_sdk' }
    | { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } }
    | null;
}

/** What confirmPayment and retrievePaymentIntent resolve. */
export type IntentResult = { paymentIntent: PaymentIntent; error?: never } | { error: StripeError };

export interface Address {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface BillingDetails {
  name?: string;
  email?: string;
  phone?: string;
  address?: Address;
}

/** stripe.elements() options: a deferred-intent group (mode 'payment'). */
export interface GroupOptions {
  mode?: string;
  amount?: unknown;
  currency?: unknown;
  paymentMethodTypes?: readonly string[];
  clientSecret?: unknown;
  [option: string]: unknown;
}

export type ElementType = 'payment' | 'expressCheckout';

/** One of the Express Checkout Element's wallets. */
export interface Wallet {
  /** Its key in Stripe's options (paymentMethods, buttonType, buttonTheme). */
  key: 'applePay' | 'googlePay';
  /** Its expressPaymentType in events. */
  type: 'apple_pay' | 'google_pay';
  name: string;
}

/** An open wallet sheet. */
export interface WalletSheet {
  close(): void;
  /** The payer the wallet reports. */
  billingDetails: BillingDetails;
}

/** A wallet paying: from its sheet's Pay until the sheet closes or the payment fails. */
export interface ExpressPayment {
  wallet: Wallet;
  sheet: WalletSheet;
}

/** What an Element sees of its Elements group. */
export interface ElementGroup {
  readonly _options: GroupOptions;
  /** While set, stripe.confirmPayment on the group pays with this wallet. */
  _express: ExpressPayment | null;
  readonly _api: { walletChoice(): Promise<WalletChoice> };
  _forget(element: { readonly _type: ElementType }): void;
}
