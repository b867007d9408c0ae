// The card form of a payment: Stripe's Payment Element (cards only) and `Pay Now`, which submits
// the form, takes the intent and confirms it (Stripe's deferred-intent order).
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { PaymentElement, useElements } from './stripe/StripeProvider';
import { StripeUnavailableError, payWithElements } from './stripe/stripe';
import { PAYMENT_MESSAGES, failureMessage, intentErrorMessage } from './paymentMessages';

// Wallets have their own buttons (the Express Checkout Element): the card form is cards only.
const PAYMENT_ELEMENT_OPTIONS = {
  layout: 'tabs',
  wallets: { applePay: 'never', googlePay: 'never' },
} as const;

interface CardPaymentProps {
  /** The intent this card pays: the one made when the card option was chosen. */
  getClientSecret: () => Promise<string>;
  /** Where Stripe sends the guest back after a redirect: the profile page's path. */
  returnPath: string;
  /** True while a confirmation is running: Pay Now is disabled so a card is charged once. */
  confirming: boolean;
  /** True once the payment succeeded: Pay Now stays disabled while the page moves on. */
  paid: boolean;
  onConfirmStart: () => void;
  onSucceeded: () => void;
  /** The confirmation ended without success (Stripe's message, or the catalogue's). */
  onFailed: (message: string) => void;
  /** Pay Now could not start a confirmation (Stripe.js is still loading). */
  onNotStarted: (message: string) => void;
}

export function CardPayment({
  getClientSecret,
  returnPath,
  confirming,
  paid,
  onConfirmStart,
  onSucceeded,
  onFailed,
  onNotStarted,
}: CardPaymentProps) {
  const elements = useElements();
  const labelId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The card option the guest pressed is disabled while its intent is made, and focus falls to
  // the page: the form the option opened takes it, as each step's heading does.
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) heading.current?.focus();
  }, []);
  // Two clicks can land before `confirming` re-renders: this guard sees the first at once. It
  // stays set after a success, so a click that lands after the charge cannot start another.
  const inFlight = useRef(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (confirming || paid || inFlight.current) return;
    if (!elements) {
      onNotStarted(PAYMENT_MESSAGES.notInitialized);
      return;
    }
    inFlight.current = true;
    onConfirmStart();
    let intentError: unknown = null;
    let succeeded = false;
    try {
      const result = await payWithElements({
        elements,
        getClientSecret: () =>
          getClientSecret().catch((error: unknown) => {
            intentError = error;
            throw error;
          }),
        returnUrl: new URL(returnPath, window.location.origin).href,
      });
      if (result.outcome === 'succeeded') {
        succeeded = true;
        onSucceeded();
      } else onFailed(failureMessage(result));
    } catch (error) {
      if (intentError !== null) onFailed(intentErrorMessage(intentError));
      else if (error instanceof StripeUnavailableError) onFailed(error.message);
      else onFailed(PAYMENT_MESSAGES.exception);
    } finally {
      inFlight.current = succeeded;
    }
  };

  return (
    <form className="card-payment" aria-labelledby={labelId} onSubmit={(e) => void pay(e)}>
      <h3 id={labelId} ref={heading} tabIndex={-1} className="card-payment__title">
        Card details
      </h3>
      <div className="card-payment__field">
        <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} />
      </div>
      <button
        type="submit"
        className="button card-payment__pay"
        disabled={confirming || paid}
        aria-busy={confirming}
      >
        Pay Now
      </button>
    </form>
  );
}
