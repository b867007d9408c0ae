// PaymentIntents as Stripe.js hands them to the app: the id in a client secret, and the result of
// a confirmation.
import { integrationError, MESSAGES } from './integrationErrors';
import type { IntentResult, PaymentIntent, StripeError } from './types';

/** The intent's id, from a client secret `pi_..._secret_...`; IntegrationError for anything else. */
export function intentId(clientSecret: unknown, method: string): string {
  const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret));
  if (!match?.[1]) throw integrationError(MESSAGES.clientSecretInvalid(method, clientSecret));
  return match[1];
}

/** A declined confirmation resolves { error } (with the intent), any other { paymentIntent }. */
export function intentResult(intent: PaymentIntent): IntentResult {
  const lpe = intent.last_payment_error;
  if (intent.status === 'requires_payment_method' && lpe) {
    const error: StripeError = {
      type: lpe.type,
      code: lpe.code,
      message: lpe.message,
      payment_intent: intent,
    };
    if (lpe.decline_code) error.decline_code = lpe.decline_code;
    return { error };
  }
  return { paymentIntent: intent };
}
