import { checkAmountAndCurrency } from './groupOptions';
import { integrationError, MESSAGES } from './integrationErrors';
import { intentId } from './intents';

it('makes Errors named IntegrationError, as Stripe.js throws them', () => {
  const error = integrationError('Nope.');
  expect(error).toBeInstanceOf(Error);
  expect(error.name).toBe('IntegrationError');
  expect(error.message).toBe('Nope.');
});

it('says Stripe.js’s words', () => {
  expect(MESSAGES.modeRequired('payment')).toBe(
    'In order to create a payment element, you must pass a clientSecret or mode when creating ' +
      'the Elements group.\n\ne.g. stripe.elements({clientSecret: "{{CLIENT_SECRET}}"})',
  );
  expect(MESSAGES.oneOfType('payment')).toBe('Can only create one Element of type payment.');
  expect(MESSAGES.elementsInvalid('x')).toBe(
    'Invalid value for stripe.confirmPayment(): elements should be an Elements group. You ' +
      'specified: string.',
  );
  expect(MESSAGES.publishableKey('sk_test_1')).toBe(
    'Invalid API Key provided: sk_test_1. Stripe.js needs a publishable key (pk_...).',
  );
});

describe('checkAmountAndCurrency', () => {
  const check =
    (options: Record<string, unknown>, partial = false) =>
    () =>
      checkAmountAndCurrency(options, 'elements()', partial);

  it('takes a non-negative integer amount', () => {
    expect(check({ amount: 0, currency: 'usd' })).not.toThrow();
  });

  it('refuses a missing or bad amount in Stripe’s words', () => {
    expect(check({ currency: 'usd' })).toThrow(
      'Missing value for elements(): amount should be a non-negative integer.',
    );
    for (const amount of [-1, 20.5, '2000', NaN])
      expect(check({ amount, currency: 'usd' })).toThrow(
        `Invalid value for elements(): amount should be a non-negative integer. You specified: ${amount}.`,
      );
  });

  it('checks only what elements.update() changes', () => {
    expect(check({}, true)).not.toThrow();
    expect(check({ amount: 3000 }, true)).not.toThrow();
    expect(check({ amount: 20.5 }, true)).toThrow(/You specified: 20\.5\.$/);
  });
});

describe('intentId', () => {
  it('is the pi_ id of a client secret', () => {
    expect(intentId('pi_123abc_secret_XyZ', 'retrievePaymentIntent')).toBe('pi_123abc');
  });

  it('refuses anything else in Stripe’s words', () => {
    for (const secret of ['pi_123', 'seti_1_secret_2', undefined, 'pi_1_secret_2 '])
      expect(() => intentId(secret, 'retrievePaymentIntent')).toThrow(
        'Invalid value for retrievePaymentIntent: clientSecret should be a client secret of the ' +
          `form \${id}_secret_\${secret}. You specified: ${secret}.`,
      );
  });
});
