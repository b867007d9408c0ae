// Stripe's objects as the emulator answers them (the fields the app, the SDK and Stripe.js read).
import type { CardBrand } from './testCards';

export const API_VERSION = '2026-10-28.endive';

/** Payment method types the emulator accepts on a PaymentIntent (wallets are `card` at Stripe). */
export const SUPPORTED_PAYMENT_METHOD_TYPES = ['card', 'link', 'us_bank_account'] as const;

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  doc_url?: string;
  payment_method?: PaymentMethod;
  payment_intent?: PaymentIntent;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  created: number;
  livemode: false;
  billing_details: { address: { postal_code: string | null }; email: null; name: null };
  card: {
    brand: CardBrand;
    last4: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    country: 'US';
    fingerprint: string;
    checks: { address_postal_code_check: null; cvc_check: 'unchecked' | null };
  };
  metadata: Record<string, string>;
}

export type NextAction =
  | {
      type: 'use_stripe_sdk';
      use_stripe_sdk: {
        type: 'three_d_secure_redirect';
        /** Emulator-only: POST here with outcome=complete|fail (and the client secret). */
        stripe_js: string;
        source: string;
      };
    }
  | {
      type: 'redirect_to_url';
      redirect_to_url: {
        /** The bank's page the browser goes to (the emulator's own, threeDSecureRedirect.ts). */
        url: string;
        /** Where the bank's page sends the browser back to (the confirmation's return_url). */
        return_url: string;
      };
    };

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  /** The current API's name for the requested types (older versions: payment_method_types). */
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: NextAction | null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
}

/** The charge a succeeded PaymentIntent made (the fields the mock API reads). */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  disputed: boolean;
  paid: true;
  payment_intent: string;
  payment_method: string;
  refunded: boolean;
  status: 'succeeded';
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
}

/** The dispute the 0259 test card's charge gets (sent as charge.dispute.created). */
export interface Dispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  reason: 'fraudulent';
  status: 'needs_response';
}

/** A Stripe event, as Stripe sends it to a webhook endpoint. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
