// The card form of a payment whose intent exists: Stripe's card element and `Pay Now`.
import { useId, useRef, type FormEvent } from 'react';
import { CardElement, useElements } from './stripe/StripeProvider';
import { StripeUnavailableError, confirmCard, type PaymentResult } from './stripe/stripe';

export const PAYMENT_MESSAGES = {
  notProcessed: 'Payment could not be processed. Please try again.',
  exception: 'Something went wrong. Please try again.',
  incomplete: 'Payment failed or incomplete.',
  notInitialized: 'Stripe is not initialized.',
  walletError: 'An error occurred. Please try again.',
  succeeded: 'succeeded',
} as const;

interface CardPaymentProps {
  clientSecret: string;
  /** Where Stripe sends the guest back after a redirect (3-D Secure): the profile page's path. */
  returnPath: string;
  /** True while a confirmation is running: Pay Now is disabled so a card is charged once. */
  confirming: boolean;
  onConfirmStart: () => void;
  onSucceeded: () => void;
  /** The confirmation ended without success (Stripe's message, or the catalogue's). */
  onFailed: (message: string) => void;
  /** Pay Now could not start a confirmation (the card form is not ready). */
  onNotStarted: (message: string) => void;
}

/** What the guest is told for a confirmation that did not succeed. */
export function failureMessage(result: Exclude<PaymentResult, { outcome: 'succeeded' }>): string {
  return result.outcome === 'failed' ? result.message : PAYMENT_MESSAGES.incomplete;
}

export function CardPayment({
  clientSecret,
  returnPath,
  confirming,
  onConfirmStart,
  onSucceeded,
  onFailed,
  onNotStarted,
}: CardPaymentProps) {
  const elements = useElements();
  const labelId = useId();
  // Two clicks can land before `confirming` re-renders: this guard sees the first at once.
  const inFlight = useRef(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || inFlight.current) return;
    const card = elements?.getElement('card');
    if (!card) {
      onNotStarted(PAYMENT_MESSAGES.notInitialized);
      return;
    }
    inFlight.current = true;
    onConfirmStart();
    try {
      const result = await confirmCard(
        clientSecret,
        card,
        new URL(returnPath, window.location.origin).href,
      );
      if (result.outcome === 'succeeded') onSucceeded();
      else onFailed(failureMessage(result));
    } catch (error) {
      onFailed(
        error instanceof StripeUnavailableError ? error.message : PAYMENT_MESSAGES.exception,
      );
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form className="card-payment" aria-labelledby={labelId} onSubmit={(e) => void pay(e)}>
      <h3 id={labelId} className="card-payment__title">
        Card details
      </h3>
      <div className="card-payment__field">
        <CardElement options={{ hidePostalCode: false }} />
      </div>
      <button
        type="submit"
        className="button card-payment__pay"
        disabled={confirming}
        aria-busy={confirming}
      >
        Pay Now
      </button>
    </form>
  );
}
