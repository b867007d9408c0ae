// A payment that came back from a redirect (Stripe adds payment_intent_client_secret to the
// return address): what Stripe says of it. Loaded only when such an address is opened.
import { PAYMENT_MESSAGES, failureMessage } from './paymentMessages';
import { retrievePayment } from './stripe/stripe';

/** null when Stripe says the intent succeeded, otherwise the message for the guest. */
export async function redirectedPaymentFailure(clientSecret: string): Promise<string | null> {
  try {
    const result = await retrievePayment(clientSecret);
    return result.outcome === 'succeeded' ? null : failureMessage(result);
  } catch {
    return PAYMENT_MESSAGES.incomplete;
  }
}
