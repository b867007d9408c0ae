// The data file's shape as the mock API checks it when it opens the file: what is refused, in
// the words the operator reads, and what an older or a fresh file may look like.
import { EMULATORS_KEY, dataFileProblems } from './dataShape';
import { dbFromSeed } from './store';
import seed from '../seed/seed.json';
import type { Seed } from './types';
import { emptyStripeState } from '../emulators/stripe/state';

/** A fresh data file's contents (no optional collection, no emulator state). */
const fresh = () => dbFromSeed(seed as unknown as Seed) as unknown as Record<string, unknown>;

const payment = (intentId: string) => ({ id: intentId, intentId, amountCents: 1500 });

/** A file as a server that took payments leaves it: the payments and their Stripe state. */
function withPayments(n: number): Record<string, unknown> {
  const stripe = emptyStripeState();
  const payments = Array.from({ length: n }, (_, i) => payment(`pi_${i}`));
  for (const { intentId } of payments) {
    stripe.paymentIntents[intentId] = { id: intentId } as never;
  }
  return {
    ...fresh(),
    idempotency: [],
    payments,
    pendingGratitudes: [],
    webhookEvents: ['evt_1'],
    [EMULATORS_KEY]: { stripe },
  };
}

describe('a data file that opens', () => {
  it('is a fresh one, an older one without the optional collections, or one with payments', () => {
    expect(dataFileProblems(fresh())).toEqual([]);
    expect(dataFileProblems({ ...fresh(), [EMULATORS_KEY]: {} })).toEqual([]);
    expect(dataFileProblems(withPayments(3))).toEqual([]);
    // Empty lists hold nothing to lose: no Stripe state is needed.
    expect(dataFileProblems({ ...fresh(), payments: [], pendingGratitudes: [] })).toEqual([]);
  });

  it("may keep real Stripe's payments beside an emulator that knows none of them", () => {
    const file = withPayments(2);
    file[EMULATORS_KEY] = { stripe: emptyStripeState() };
    expect(dataFileProblems(file)).toEqual([]);
  });
});

describe('a damaged data file', () => {
  it.each([
    ['payments an object', { payments: {} }, 'payments must be a list, not an object'],
    ['users null', { users: null }, 'users must be a list, not null'],
    ['feed a string', { feed: 'x' }, 'feed must be a list, not a string'],
    ['webhookEvents a number', { webhookEvents: 3 }, 'webhookEvents must be a list, not a number'],
    ['a user that is a list', { users: [[]] }, 'users[0] must be an object, not a list'],
    [
      'an event id that is an object',
      { webhookEvents: [{}] },
      'webhookEvents[0] must be a string, not an object',
    ],
    [
      '__emulators a string',
      { [EMULATORS_KEY]: 'x' },
      '__emulators must be an object, not a string',
    ],
    ['__emulators null', { [EMULATORS_KEY]: null }, '__emulators must be an object, not null'],
  ])('is refused with %s', (_name, change, problem) => {
    expect(dataFileProblems({ ...fresh(), ...change })).toEqual([problem]);
  });

  it('is refused when a required collection is missing', () => {
    const { gallery: _gone, ...file } = fresh();
    expect(dataFileProblems(file)).toEqual(['gallery is missing (it must be a list)']);
  });

  it('is refused when it holds no object at all', () => {
    expect(dataFileProblems([])).toEqual(['the file must hold an object, not a list']);
    expect(dataFileProblems(null)).toEqual(['the file must hold an object, not null']);
    expect(dataFileProblems('db')).toEqual(['the file must hold an object, not a string']);
  });

  it('names at most five problems, and how many more there are', () => {
    const problems = dataFileProblems({ ...fresh(), users: [1, 2, 3, 4, 5, 6, 7] });
    expect(problems).toHaveLength(6);
    expect(problems[0]).toBe('users[0] must be an object, not a number');
    expect(problems[5]).toBe('and 2 more');
  });
});

describe('payments without their Stripe state', () => {
  it('are refused when __emulators is missing, naming how many would lose it', () => {
    const { [EMULATORS_KEY]: _gone, ...file } = withPayments(3);
    expect(dataFileProblems(file)).toEqual([
      '__emulators is missing, but the file holds 3 payments: their Stripe state would be lost',
    ]);
  });

  it('are refused when the Stripe part is missing or has no intents', () => {
    expect(dataFileProblems({ ...withPayments(1), [EMULATORS_KEY]: {} })).toEqual([
      '__emulators.stripe is missing, but the file holds 1 payment: their Stripe state would be lost',
    ]);
    expect(dataFileProblems({ ...withPayments(1), [EMULATORS_KEY]: { stripe: {} } })).toEqual([
      '__emulators.stripe has no paymentIntents, but the file holds 1 payment: their Stripe state would be lost',
    ]);
  });

  it('count the reviews waiting for a payment too', () => {
    const file = { ...fresh(), pendingGratitudes: [{ intentId: 'pi_1', record: {} }] };
    expect(dataFileProblems(file)).toEqual([
      '__emulators is missing, but the file holds 1 review waiting for its payment: their Stripe state would be lost',
    ]);
  });

  it('are refused when the Stripe part is not a state the emulator can restore', () => {
    const garbage = (stripe: unknown) =>
      dataFileProblems({ ...withPayments(1), [EMULATORS_KEY]: { stripe } });
    expect(garbage('x')).toEqual([
      "__emulators.stripe can't be restored: the saved Stripe emulator state is not an object",
    ]);
    expect(garbage({ paymentIntents: [] })).toEqual([
      `__emulators.stripe can't be restored: the saved Stripe emulator state has a malformed "paymentIntents"`,
    ]);
    expect(garbage({ paymentIntents: { pi_0: 'x' } })).toEqual([
      `__emulators.stripe can't be restored: the saved Stripe emulator state has a malformed "paymentIntents"`,
    ]);
    expect(garbage({ paymentIntent: {} })).toEqual([
      `__emulators.stripe can't be restored: the saved Stripe emulator state has an unknown part "paymentIntent"`,
    ]);
  });
});
