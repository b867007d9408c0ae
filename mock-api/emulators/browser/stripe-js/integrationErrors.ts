// Stripe.js's IntegrationError messages, word for word where Stripe's wording is known (each
// found in Stripe.js errors quoted by its users); the emulator's own limits say so.
import { CURRENCIES } from './money';

export const MESSAGES = {
  modeRequired: (type: string) =>
    `In order to create a${/^[aeiou]/.test(type) ? 'n ' : ' '}${type} element, you must pass a ` +
    'clientSecret or mode when creating the Elements group.\n\n' +
    'e.g. stripe.elements({clientSecret: "{{CLIENT_SECRET}}"})',
  amount: (method: string, value: unknown) => {
    const missing = value === undefined;
    return (
      `${missing ? 'Missing' : 'Invalid'} value for ${method}: amount should be a non-negative ` +
      `integer.${missing ? '' : ` You specified: ${value}.`}`
    );
  },
  currency: (method: string, value: unknown) =>
    `Invalid value for ${method}: currency should be one of the following strings: ` +
    `${CURRENCIES.join(', ')}. You specified: ${value}.`,
  submitFirst:
    'elements.submit() must be called before stripe.confirmPayment(). Call elements.submit() ' +
    'as soon as your customer presses pay, prior to any asynchronous work. Integration guide: ' +
    'https://stripe.com/docs/payments/accept-a-payment-deferred',
  elementsMissing:
    'Missing value for stripe.confirmPayment(): elements should be an Elements group.',
  elementsInvalid: (value: unknown) =>
    'Invalid value for stripe.confirmPayment(): elements should be an Elements group. ' +
    `You specified: ${typeof value}.`,
  notMounted:
    'Invalid value for stripe.confirmPayment(): elements should have a mounted Payment ' +
    'Element or Express Checkout Element.',
  clientSecretMissing: (method: string) =>
    `You must pass in a clientSecret when calling stripe.${method}().`,
  clientSecretInvalid: (method: string, value: unknown) =>
    `Invalid value for ${method}: clientSecret should be a client secret of the form ` +
    `\${id}_secret_\${secret}. You specified: ${value}.`,
  noNextAction: 'handleNextAction: The PaymentIntent supplied is not in the requires_action state.',
  returnUrl:
    "stripe.confirmPayment(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
  clickTimeout:
    'Timed out waiting for a call to resolve(). If you listen to the "click" event, then you ' +
    'must call event.resolve in the "click" handler within 1 second.',
  oneOfType: (type: string) => `Can only create one Element of type ${type}.`,
  publishableKey: (key: unknown) =>
    `Invalid API Key provided: ${key}. Stripe.js needs a publishable key (pk_...).`,

  // The emulator's own limits (not Stripe's words).
  unsupportedElement: (type: unknown) =>
    `The Stripe.js emulator supports only the 'payment' and 'expressCheckout' Elements, not '${type}'.`,
  notEmulated: (name: string) =>
    `The Stripe.js emulator does not emulate stripe.${name}(): use elements.submit() and ` +
    'stripe.confirmPayment() with the Payment Element.',
  deferredOnly:
    'The Stripe.js emulator supports deferred-intent Elements groups only ' +
    '(stripe.elements({ mode, amount, currency })), not clientSecret.',
  destroyed: 'This Element has already been destroyed.',
  mounted: 'This Element is already mounted.',
  noTarget: (target: unknown) =>
    `The selector you specified (${target}) applies to no DOM elements that are currently on the page.`,
};

/** The Error Stripe.js throws (or rejects with) when it is misused. */
export function integrationError(message: string): Error {
  const error = new Error(message);
  error.name = 'IntegrationError';
  return error;
}
