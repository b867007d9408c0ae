// Stripe Elements for the payment UI: <StripeProvider> (one deferred-intent Elements group) and
// the react-stripe-js pieces the UI uses, re-exported so nothing outside this folder imports
// @stripe/*.
import { useEffect, useState, type ReactNode } from 'react';
import {
  Elements,
  ExpressCheckoutElement,
  PaymentElement,
  useElements,
} from '@stripe/react-stripe-js';
import type {
  AvailablePaymentMethods,
  Stripe,
  StripeExpressCheckoutElementClickEvent,
  StripeExpressCheckoutElementConfirmEvent,
  StripeExpressCheckoutElementReadyEvent,
} from '@stripe/stripe-js';
import { getStripe, paymentElementsOptions, prefetchStripe } from './stripe';

export { ExpressCheckoutElement, PaymentElement, useElements };
export type {
  AvailablePaymentMethods,
  StripeExpressCheckoutElementClickEvent as WalletClickEvent,
  StripeExpressCheckoutElementConfirmEvent as WalletConfirmEvent,
  StripeExpressCheckoutElementReadyEvent as WalletReadyEvent,
};

export interface StripeProviderProps {
  /** The total the group pays now, in cents (updated with elements.update when it changes). */
  amountCents: number;
  children: ReactNode;
  /** Told the spec's text ('Failed to load Stripe.js' / 'Stripe.js not available') on failure. */
  onLoadError?: (message: string) => void;
}

/**
 * Fetches Stripe.js ahead, from the first render of a form that may pay: it comes while the guest
 * chooses an amount and ticks the captcha, not once the payment options show (it was most of the
 * card option's wait on a first visit, issue 36).
 */
export function useStripeAhead(): void {
  useEffect(prefetchStripe, []);
}

/** Loads Stripe.js (once per app) and provides the Elements group; until then useElements() is null. */
export function StripeProvider({ amountCents, children, onLoadError }: StripeProviderProps) {
  // Elements wants one promise for its lifetime, resolving null when Stripe.js cannot load.
  const [stripe] = useState<Promise<Stripe | null>>(() => getStripe().catch(() => null));
  useEffect(() => {
    let active = true;
    getStripe().catch((error: unknown) => {
      if (active && onLoadError)
        onLoadError(error instanceof Error ? error.message : String(error));
    });
    return () => {
      active = false;
    };
  }, [onLoadError]);
  // react-stripe-js passes a changed amount on to elements.update().
  return (
    <Elements stripe={stripe} options={paymentElementsOptions(amountCents)}>
      {children}
    </Elements>
  );
}
