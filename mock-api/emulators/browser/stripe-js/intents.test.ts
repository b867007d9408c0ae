import { intentResult } from './intents';

const intent = { id: 'pi_1', status: 'succeeded', amount: 2000, currency: 'usd' };

it('hands a confirmed intent on as { paymentIntent }', () => {
  expect(intentResult(intent)).toEqual({ paymentIntent: intent });
  const action = { ...intent, status: 'requires_action' };
  expect(intentResult(action)).toEqual({ paymentIntent: action });
});

it('turns a declined one into { error } with the decline and the intent', () => {
  const declined = {
    ...intent,
    status: 'requires_payment_method',
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  };
  expect(intentResult(declined)).toEqual({
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      payment_intent: declined,
    },
  });
});

it('leaves decline_code out when there is none', () => {
  const failed = {
    ...intent,
    status: 'requires_payment_method',
    last_payment_error: { type: 'card_error', code: 'expired_card', message: 'Expired.' },
  };
  const result = intentResult(failed);
  expect(result.error).not.toHaveProperty('decline_code');
});

it('is a new intent waiting for a card, not an error, without a last payment error', () => {
  const fresh = { ...intent, status: 'requires_payment_method', last_payment_error: null };
  expect(intentResult(fresh)).toEqual({ paymentIntent: fresh });
});
