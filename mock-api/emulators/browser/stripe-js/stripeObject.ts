// The Stripe object `Stripe(publishableKey)` returns: elements(), confirmPayment(),
// handleNextAction() and retrievePaymentIntent(), as Stripe documents them.
import { EmulatorApi } from './api';
import { cardPaymentMethod, withPassedDetails, type PaymentMethodParams } from './cardState';
import { Elements } from './elements';
import { integrationError, MESSAGES } from './integrationErrors';
import { intentId, intentResult } from './intents';
import type { PaymentElement } from './paymentElement';
import { challenge } from './threeDSecure';
import type { BillingDetails, ExpressPayment, IntentResult, PaymentIntent } from './types';
import { validate } from './validation';
import { WALLET_CARD } from './wallets';

interface HandleNextActionOptions {
  clientSecret?: unknown;
}

interface ConfirmPaymentOptions {
  elements?: unknown;
  clientSecret?: unknown;
  confirmParams?: {
    return_url?: string;
    payment_method_data?: { billing_details?: BillingDetails };
  };
  redirect?: unknown;
}

/** What pays: the wallet inside an Express Checkout 'confirm', else the Payment Element. */
type Payer = { express: ExpressPayment } | { payment: PaymentElement };

export class StripeObject {
  private readonly api: EmulatorApi;

  /** `scriptUrl`: where the script was served from (the emulator's API is at its origin). */
  constructor(publishableKey: unknown, scriptUrl: URL) {
    if (typeof publishableKey !== 'string' || !/^pk_/.test(publishableKey))
      throw integrationError(MESSAGES.publishableKey(publishableKey));
    this.api = new EmulatorApi(scriptUrl, publishableKey);
  }

  // react-stripe-js tells Stripe.js its name and version through these.
  _registerWrapper(): void {}
  registerAppInfo(): void {}

  elements(options?: unknown): Elements {
    return new Elements(this.api, options);
  }

  // react-stripe-js's <Elements> takes an object for Stripe only if it has these methods (its
  // isStripe check), as the real Stripe.js has. The emulator does not emulate these legacy
  // APIs: they exist so the check passes, and calling one throws.
  createToken(): never {
    throw integrationError(MESSAGES.notEmulated('createToken'));
  }
  createPaymentMethod(): never {
    throw integrationError(MESSAGES.notEmulated('createPaymentMethod'));
  }
  confirmCardPayment(): never {
    throw integrationError(MESSAGES.notEmulated('confirmCardPayment'));
  }

  /**
   * Stripe's documented confirmPayment: the misuses below reject with IntegrationErrors; else
   * { paymentIntent } or { error }, or (redirect 'always', the default) a redirect to return_url;
   * a 3-D Secure redirect goes to the bank's page whatever `redirect` says.
   */
  confirmPayment(options?: unknown): Promise<IntentResult> {
    return Promise.resolve().then(() => this.confirm((options || {}) as ConfirmPaymentOptions));
  }

  /**
   * Stripe's documented handleNextAction: reads the intent back and does what it waits for, the
   * 3-D Secure challenge in a dialog or the bank's page (the page goes there and nothing
   * resolves). An intent that waits for nothing is a misuse: Stripe.js throws, so this rejects
   * with an IntegrationError.
   */
  handleNextAction(options?: unknown): Promise<IntentResult> {
    return Promise.resolve().then(() => {
      const { clientSecret } = (options || {}) as HandleNextActionOptions;
      if (!clientSecret) throw integrationError(MESSAGES.clientSecretMissing('handleNextAction'));
      return this.nextAction(intentId(clientSecret, 'stripe.handleNextAction()'), clientSecret);
    });
  }

  retrievePaymentIntent(clientSecret: unknown): Promise<IntentResult> {
    const id = intentId(clientSecret, 'retrievePaymentIntent');
    const params = { client_secret: clientSecret };
    return this.api
      .request('GET', `payment_intents/${id}`, params)
      .then((result) =>
        result.error ? { error: result.error } : { paymentIntent: result.body as PaymentIntent },
      );
  }

  private async confirm(options: ConfirmPaymentOptions): Promise<IntentResult> {
    const { elements, clientSecret } = options;
    if (elements === undefined || elements === null)
      throw integrationError(MESSAGES.elementsMissing);
    if (!(elements instanceof Elements)) throw integrationError(MESSAGES.elementsInvalid(elements));
    if (!clientSecret) throw integrationError(MESSAGES.clientSecretMissing('confirmPayment'));
    const id = intentId(clientSecret, 'stripe.confirmPayment()');
    const confirmParams = options.confirmParams || {};
    const returnUrl = confirmParams.return_url;
    if (options.redirect !== 'if_required' && !returnUrl)
      throw integrationError(MESSAGES.returnUrl);

    const payer = payerOf(elements);
    if (!elements._submitted) throw integrationError(MESSAGES.submitFirst);
    elements._submitted = false; // each confirmation needs its own submit
    let method: PaymentMethodParams;
    if ('express' in payer) {
      const billingDetails = payer.express.sheet.billingDetails;
      method = { type: 'card', card: WALLET_CARD, billing_details: billingDetails };
    } else {
      // The card may have changed since submit(): Stripe checks it again.
      const invalid = validate(payer.payment._state, true);
      if (invalid) return { error: invalid };
      method = cardPaymentMethod(payer.payment._state);
    }
    const passed = (confirmParams.payment_method_data || {}).billing_details;
    method.billing_details = withPassedDetails(method.billing_details, passed);

    const created = await this.api.request('POST', 'payment_methods', method);
    const result = created.error
      ? { error: created.error }
      : await this.confirmIntent(id, clientSecret, (created.body as { id: string }).id, returnUrl);
    // Success closes the wallet's sheet; a failure waits for the app's paymentFailed().
    if ('express' in payer && !result.error) payer.express.sheet.close();
    if (result.error || options.redirect === 'if_required') return result;
    redirect(returnUrl as string, clientSecret, result.paymentIntent);
    return new Promise(() => {}); // the page is going away
  }

  /**
   * Confirms the intent with the PaymentMethod. 3-D Secure is asked in a dialog, or, when the
   * intent's next_action is a redirect, on the bank's page: as Stripe.js, whatever `redirect`
   * says, the page goes there (the bank sends it back to return_url) and nothing resolves.
   */
  private async confirmIntent(
    id: string,
    clientSecret: unknown,
    paymentMethod: string,
    returnUrl: string | undefined,
  ): Promise<IntentResult> {
    const params: Record<string, unknown> = {
      client_secret: clientSecret,
      payment_method: paymentMethod,
    };
    if (returnUrl) params.return_url = returnUrl;
    const confirmed = await this.api.request('POST', `payment_intents/${id}/confirm`, params);
    if (confirmed.error) return { error: confirmed.error };
    const intent = confirmed.body as PaymentIntent;
    if (intent.status !== 'requires_action') return intentResult(intent);
    return this.act(intent, clientSecret);
  }

  private async nextAction(id: string, clientSecret: unknown): Promise<IntentResult> {
    const retrieved = await this.api.request('GET', `payment_intents/${id}`, {
      client_secret: clientSecret,
    });
    if (retrieved.error) return { error: retrieved.error };
    const intent = retrieved.body as PaymentIntent;
    if (intent.status !== 'requires_action') throw integrationError(MESSAGES.noNextAction);
    return this.act(intent, clientSecret);
  }

  /** What a `requires_action` intent waits for: the bank's page, or the challenge in place. */
  private async act(intent: PaymentIntent, clientSecret: unknown): Promise<IntentResult> {
    const id = intent.id;
    if (intent.next_action?.type === 'redirect_to_url') {
      location.assign(intent.next_action.redirect_to_url.url);
      return new Promise(() => {}); // the page is going away
    }
    const outcome = await challenge(intent);
    const authenticated = await this.api.request('POST', `payment_intents/${id}/authenticate`, {
      client_secret: clientSecret,
      outcome,
    });
    if (authenticated.error) return { error: authenticated.error };
    return intentResult(authenticated.body as PaymentIntent);
  }
}

function payerOf(elements: Elements): Payer {
  if (elements._express) return { express: elements._express };
  const payment = elements._mountedPayment();
  if (!payment) throw integrationError(MESSAGES.notMounted);
  return { payment };
}

/** Redirect 'always': to return_url, with the intent's id, client secret and status. */
function redirect(returnUrl: string, clientSecret: unknown, intent: PaymentIntent): void {
  const url = new URL(returnUrl, location.href);
  url.searchParams.set('payment_intent', intent.id);
  url.searchParams.set('payment_intent_client_secret', String(clientSecret));
  url.searchParams.set('redirect_status', intent.status);
  location.assign(url.href);
}
