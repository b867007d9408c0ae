import type { UnknownAction } from '@reduxjs/toolkit';
import fc from 'fast-check';
import {
  PAYMENT_STATUSES,
  choiceReset,
  confirmationFailed,
  confirmationStarted,
  initialPaymentState,
  intentCreated,
  intentFailed,
  methodChosen,
  paymentReducer,
  paymentSlice,
  paymentSucceeded,
  type PaymentState,
  type PaymentStatus,
} from './paymentSlice';

const SECRET = 'pi_1_secret_a';
const DECLINED = 'Your card was declined.';
const NOT_PROCESSED = 'Payment could not be processed. Please try again.';
const INSUFFICIENT = 'Your card has insufficient funds.';

/** A card payment of `amountCents` in `status`. */
const card = (
  status: PaymentStatus,
  clientSecret: string | null = SECRET,
  error: string | null = null,
  amountCents = 1000,
): PaymentState => ({ status, method: 'card', amountCents, clientSecret, error });

/** One realistic state per status: a $10 card payment at that point of its life. */
const STATES: Record<PaymentStatus, PaymentState> = {
  idle: initialPaymentState,
  creatingIntent: card('creatingIntent', null),
  awaitingCard: card('awaitingCard'),
  confirming: card('confirming'),
  succeeded: card('succeeded'),
  failed: card('failed', SECRET, DECLINED),
};

const EVENTS = {
  methodChosen: methodChosen({ method: 'google_pay', amountCents: 2000 }),
  intentCreated: intentCreated({ clientSecret: 'pi_2_secret_b' }),
  intentFailed: intentFailed({ message: NOT_PROCESSED }),
  confirmationStarted: confirmationStarted(),
  paymentSucceeded: paymentSucceeded(),
  confirmationFailed: confirmationFailed({ message: INSUFFICIENT }),
  choiceReset: choiceReset(),
} satisfies Record<string, UnknownAction>;

type EventName = keyof typeof EVENTS;
const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

const IGNORED = 'ignored';
type Outcome = PaymentState | typeof IGNORED;
/** A state's row before the events it takes: every event gives the very same state back. */
const IGNORES_ALL = Object.fromEntries(EVENT_NAMES.map((event) => [event, IGNORED])) as Record<
  EventName,
  Outcome
>;
const chosen: PaymentState = {
  ...card('creatingIntent', null),
  method: 'google_pay',
  amountCents: 2000,
};

/** Every event in every state: the next state, or IGNORED when the very same state comes back. */
const TRANSITIONS: Record<PaymentStatus, Record<EventName, Outcome>> = {
  idle: { ...IGNORES_ALL, methodChosen: chosen },
  creatingIntent: {
    ...IGNORES_ALL,
    intentCreated: card('awaitingCard', 'pi_2_secret_b'),
    intentFailed: card('failed', null, NOT_PROCESSED),
    choiceReset: initialPaymentState,
  },
  awaitingCard: {
    ...IGNORES_ALL,
    methodChosen: chosen,
    confirmationStarted: STATES.confirming,
    choiceReset: initialPaymentState,
  },
  confirming: {
    ...IGNORES_ALL,
    paymentSucceeded: STATES.succeeded,
    confirmationFailed: card('failed', SECRET, INSUFFICIENT),
  },
  succeeded: IGNORES_ALL,
  failed: {
    ...IGNORES_ALL,
    methodChosen: chosen,
    // Another card for the same intent (a declined card leaves the intent payable).
    confirmationStarted: STATES.confirming,
    choiceReset: initialPaymentState,
  },
};

const TABLE = PAYMENT_STATUSES.flatMap((status) =>
  EVENT_NAMES.map((event) => [status, event, TRANSITIONS[status][event]] as const),
);

const run = (steps: UnknownAction[]) => steps.reduce(paymentReducer, initialPaymentState);

describe('paymentSlice transitions', () => {
  it('starts idle with nothing chosen', () => {
    expect(paymentReducer(undefined, { type: 'unknown' })).toEqual({
      status: 'idle',
      method: null,
      clientSecret: null,
      error: null,
      amountCents: null,
    });
  });

  it('covers every event the slice has in every state it can be in', () => {
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(paymentSlice.actions).sort());
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect(TABLE).toHaveLength(PAYMENT_STATUSES.length * EVENT_NAMES.length);
  });

  it.each(TABLE)('%s + %s -> %j', (status, event, expected) => {
    const before = STATES[status];
    const after = paymentReducer(before, EVENTS[event]);
    if (expected === IGNORED) {
      expect(after).toBe(before);
    } else {
      expect(after).not.toBe(before);
      expect(after).toEqual(expected);
    }
  });

  it('does not confirm after a failed intent call: there is no intent to pay', () => {
    const failedCall = run([
      methodChosen({ method: 'card', amountCents: 1000 }),
      intentFailed({ message: NOT_PROCESSED }),
    ]);
    expect(paymentReducer(failedCall, confirmationStarted())).toBe(failedCall);
  });

  it('pays after a declined card with another card on the same intent', () => {
    // The case fast-check found (seed -808523389): a retry without a new intent.
    const state = run([
      methodChosen({ method: 'card', amountCents: 1000 }),
      intentCreated({ clientSecret: 'pi_a_secret' }),
      confirmationStarted(),
      confirmationFailed({ message: DECLINED }),
      confirmationStarted(),
      paymentSucceeded(),
    ]);
    expect(state).toEqual(card('succeeded', 'pi_a_secret'));
  });
});

describe('paymentSlice properties', () => {
  const event = fc.oneof(
    fc
      .record({
        method: fc.constantFrom(...(['card', 'bank', 'apple_pay', 'google_pay'] as const)),
        amountCents: fc.integer({ min: 0, max: 99_999_900 }),
      })
      .map(methodChosen),
    fc.string().map((clientSecret) => intentCreated({ clientSecret })),
    fc.string().map((message) => intentFailed({ message })),
    fc.constant(confirmationStarted()),
    fc.constant(paymentSucceeded()),
    fc.string().map((message) => confirmationFailed({ message })),
    fc.constant(choiceReset()),
  );

  it('stays in the union, keeps its fields consistent and succeeds only through confirming', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state = initialPaymentState;
        const path: PaymentStatus[] = [state.status];
        for (const action of events) {
          const next = paymentReducer(state, action);
          expect(PAYMENT_STATUSES).toContain(next.status);
          expect(next.method === null).toBe(next.status === 'idle');
          expect(next.amountCents === null).toBe(next.method === null);
          expect(next.error !== null).toBe(next.status === 'failed');
          if (next.status === 'idle' || next.status === 'creatingIntent') {
            expect(next.clientSecret).toBeNull();
          }
          if (['awaitingCard', 'confirming', 'succeeded'].includes(next.status)) {
            expect(next.clientSecret).not.toBeNull();
          }
          if (next.status === 'succeeded' && state.status !== 'succeeded') {
            expect(paymentSucceeded.match(action)).toBe(true);
            // Since its intent was made: the card form, a confirmation, and any number of
            // declined cards each followed by another try on the same intent.
            const sinceIntent = path.slice(path.lastIndexOf('creatingIntent'));
            expect(sinceIntent.slice(0, 3)).toEqual([
              'creatingIntent',
              'awaitingCard',
              'confirming',
            ]);
            const retries = sinceIntent.slice(3);
            expect(retries).toEqual(retries.map((_, i) => (i % 2 === 0 ? 'failed' : 'confirming')));
            expect(retries.length % 2).toBe(0);
          }
          if (next !== state) path.push(next.status);
          state = next;
        }
      }),
    );
  });
});
