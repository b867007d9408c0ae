// Stripe Elements for the payment UI: <StripeProvider> and the react-stripe-js pieces the UI uses,
// re-exported so nothing outside this folder imports @stripe/*.
import { useEffect, useState, type ReactNode } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { getStripe } from './stripe';

export { CardElement, useElements, useStripe };

export interface StripeProviderProps {
  children: ReactNode;
  /** Told the spec's text ('Failed to load Stripe.js' / 'Stripe.js not available') on failure. */
  onLoadError?: (message: string) => void;
}

/** Loads Stripe.js (once per app) and provides Elements; until it loads, useStripe() is null. */
export function StripeProvider({ children, onLoadError }: StripeProviderProps) {
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
  return <Elements stripe={stripe}>{children}</Elements>;
}
