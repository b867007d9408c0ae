// Idempotency keys are forgotten after 24 hours, as Stripe forgets them: the emulator's state is
// saved with the mock API's data, so it must not keep every answer forever.
import { IDEMPOTENCY_KEY_TTL_SECONDS, previousAnswer, saveAnswer } from './idempotency';
import { emptyStripeState } from './state';

const request = (key: string) => ({
  storeKey: `sk\u0000${key}`,
  idempotencyKey: key,
  scope: 'POST /v1/payment_intents',
  fingerprint: '{"amount":"1500"}',
});

afterEach(() => jest.useRealTimers());

it('replays an answer for 24 hours, then forgets it', () => {
  jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') });
  const state = emptyStripeState();
  saveAnswer(state, request('first'), 200, { id: 'pi_1' });

  jest.setSystemTime(Date.now() + (IDEMPOTENCY_KEY_TTL_SECONDS - 60) * 1000);
  saveAnswer(state, request('second'), 200, { id: 'pi_2' });
  expect(previousAnswer(state, request('first'))).toMatchObject({ body: { id: 'pi_1' } });

  jest.setSystemTime(Date.now() + 120 * 1000);
  saveAnswer(state, request('third'), 200, { id: 'pi_3' });
  expect(previousAnswer(state, request('first'))).toBeUndefined();
  expect(Object.keys(state.idempotency).sort()).toEqual(
    [request('second').storeKey, request('third').storeKey].sort(),
  );
});
