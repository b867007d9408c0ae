// The data file's shape as the mock API checks it when it opens the file: what is refused, in
// the words the operator reads, and what an older or a fresh file may look like.
import { EMULATORS_KEY, dataFileProblems } from './dataShape';
import { dbFromSeed } from './store';
import seed from '../seed/seed.json';
import { paymentRecord as payment } from './testRecords';
import type { PaymentRecord, PendingGratitudeRecord, Seed } from './types';
import { emptyStripeState } from '../emulators/stripe/state';

/** A fresh data file's contents (no optional collection, no emulator state). */
const fresh = () => dbFromSeed(seed as unknown as Seed) as unknown as Record<string, unknown>;

/** A review waiting for the payment `intentId`, as payment-intent-for-both keeps it. */
const pendingReview = (intentId: string): PendingGratitudeRecord => ({
  intentId,
  record: {
    id: `review-${intentId}`,
    userId: 'ava-martinez',
    gratitudeType: 'REVIEW',
    icon: 'RECOGNITION',
    title: 'Jamie Guest recognized ava.martinez',
    sayThanks: 'Thanks!',
    media: [],
    createdAt: '2026-01-02T03:04:05.000Z',
    boosted: false,
    tipAmount: 1500,
    giveThanksUser: { fullName: 'Jamie Guest', profilePicture: null },
  },
});

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
    const file = { ...fresh(), pendingGratitudes: [pendingReview('pi_1')] };
    expect(dataFileProblems(file)).toEqual([
      '__emulators is missing, but the file holds 1 review waiting for its payment: their Stripe state would be lost',
    ]);
  });

  it('are refused when the Stripe part is not a state the emulator can restore', () => {
    const garbage = (stripe: unknown) =>
      dataFileProblems({ ...withPayments(1), [EMULATORS_KEY]: { stripe } });
    const cannot = (why: string) => [
      `__emulators.stripe can't be restored: the saved Stripe emulator state ${why}`,
    ];
    expect(garbage('x')).toEqual(cannot('is not an object'));
    expect(garbage({ paymentIntents: [] })).toEqual(cannot('has a malformed "paymentIntents"'));
    expect(garbage({ paymentIntent: {} })).toEqual(cannot('has an unknown part "paymentIntent"'));
  });
});

describe('a record with a field of the wrong type', () => {
  /** The fresh file's first record of `collection`, changed by `change`. */
  const firstChanged = (collection: string, change: (record: Record<string, unknown>) => void) => {
    const file = fresh();
    const records = structuredClone(file[collection]) as Record<string, unknown>[];
    change(records[0]!);
    return { ...file, [collection]: records };
  };

  it('is refused, naming the collection, the record and the field: a payment whose metadata is null', () => {
    const file = withPayments(2);
    (file.payments as PaymentRecord[])[1] = { ...payment('pi_1'), metadata: null as never };
    expect(dataFileProblems(file)).toEqual([
      'payments[1] (id "pi_1"): metadata must be an object, not null',
    ]);
  });

  /** A file with one payment, changed by `change`. */
  const paymentChanged = (change: (record: PaymentRecord) => void) => {
    const file = withPayments(1);
    change((file.payments as PaymentRecord[])[0]!);
    return file;
  };

  it.each([
    [
      'a payment metadata field that is a number',
      () => paymentChanged((p) => (p.metadata.email = 42 as never)),
      'payments[0] (id "pi_0"): metadata.email must be a string, not a number',
    ],
    [
      'a payment amount in text',
      () => paymentChanged((p) => (p.amountCents = '1500' as never)),
      'payments[0] (id "pi_0"): amountCents must be a number, not a string',
    ],
    [
      'a payment method no payment is made by',
      () => paymentChanged((p) => (p.paymentMethodTypes = ['cash'] as never)),
      'payments[0] (id "pi_0"): paymentMethodTypes[0] must be one of card, bank, apple_pay, google_pay, not "cash"',
    ],
    [
      'a feed item created at a number',
      () => firstChanged('feed', (item) => (item.createdAt = 1700000000)),
      /^feed\[0\] \(id "[^"]+"\): createdAt must be a string, not a number$/,
    ],
    [
      'a feed item of no kind',
      () => firstChanged('feed', (item) => (item.icon = 'HUG')),
      /^feed\[0\] \(id "[^"]+"\): icon must be one of RECOGNITION, APPRECIATION, CELEBRATION, GRATITUDE, not "HUG"$/,
    ],
    [
      'a profile whose count is text',
      () =>
        firstChanged('users', (user) => {
          (user.iconsCount as Record<string, unknown>).handshakeCount = '3';
        }),
      'users[0] (_id "ava-martinez"): iconsCount.handshakeCount must be a number, not a string',
    ],
    [
      'a profile without its team list',
      () => firstChanged('users', (user) => delete user.memberIds),
      'users[0] (_id "ava-martinez"): memberIds is missing (it must be a list)',
    ],
    [
      'a review waiting for its payment whose media are null',
      () => {
        const file = withPayments(1);
        const waiting = pendingReview('pi_0');
        file.pendingGratitudes = [{ ...waiting, record: { ...waiting.record, media: null } }];
        return file;
      },
      'pendingGratitudes[0] (intentId "pi_0"): record.media must be a list, not null',
    ],
  ])('is refused with %s', (_name, make, problem) => {
    const problems = dataFileProblems(make());
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it('names a record by an id that cannot break the line it is said on', () => {
    const file = withPayments(1);
    const odd = { ...payment('pi_0\n\u001b[31mred'), status: null as never };
    file.payments = [odd];
    expect(dataFileProblems(file)).toEqual([
      'payments[0] (id "pi_0\\n\\u001b[31mred"): status must be a string, not null',
    ]);
  });
});
