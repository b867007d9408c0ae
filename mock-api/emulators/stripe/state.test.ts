// The emulator's state and the PaymentIntent lifecycle on it, without HTTP: what each transition
// changes, which events it reports and in what order, and that the state survives JSON.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from 'express';
import express from 'express';
import { StripeError } from './errors';
import { EVENTS_KEPT, eventEmitter } from './events';
import { createStripeEmulator, restoreStripeState, type StripeEvent } from './index';
import { newPaymentIntent } from './paymentIntentParams';
import { chargeOfPaymentIntent, refundCharge } from './refunds';
import { createPaymentMethod } from './paymentMethods';
import {
  addPaymentIntent,
  clearStripeState,
  emptyStripeState,
  findCharge,
  findPaymentIntent,
  paymentIntentsOf,
  type StripeState,
} from './state';
import { STRIPE_MESSAGES, outcomeOf } from './testCards';
import {
  applyCardOutcome,
  assertCancelable,
  assertConfirmable,
  cancelPaymentIntent,
  finishAuthentication,
  finishRedirectAuthentication,
} from './transitions';
import { pendingAuthentication } from './challenges';

const ORIGIN = 'http://127.0.0.1:4010';
/** The app's origin, beside the emulator's: where a bank page may send the browser back. */
const SITE = { origin: ORIGIN, siteOrigins: ['https://grati.example'] };
const nextYear = String(new Date().getUTCFullYear() + 1);

/** A state, its emit (recording each event in the state) and the events' types in order. */
function setup(initial: StripeState = emptyStripeState()) {
  const state = initial;
  const told: StripeEvent[] = [];
  const emit = eventEmitter(state, (event) => told.push(event))({} as Request);
  return { state, emit, told, types: () => told.map((event) => event.type) };
}

function intentIn(state: StripeState, emit: (type: string, object: unknown) => void) {
  const intent = newPaymentIntent({ amount: '1500', currency: 'usd', metadata: { title: 'Tip' } });
  addPaymentIntent(state, intent, emit);
  return intent;
}

function cardIn(state: StripeState, number: string) {
  return createPaymentMethod(state, {
    type: 'card',
    card: { number, exp_month: '12', exp_year: nextYear, cvc: '123' },
  });
}

/** A new intent and card; `confirm` applies the card as POST /confirm does. */
function prepared(number: string) {
  const { state, emit, ...context } = setup();
  const intent = intentIn(state, emit);
  const card = cardIn(state, number);
  const outcome = outcomeOf(card.testCard);
  const confirm = (returnUrl?: string) =>
    applyCardOutcome(state, intent, card.method, outcome, { ...SITE, returnUrl }, emit);
  return { ...context, state, emit, intent, card, confirm };
}

function confirmed(number: string, returnUrl?: string) {
  const context = prepared(number);
  assertConfirmable(context.intent);
  return { ...context, failure: context.confirm(returnUrl) };
}

const chargeOf = (state: StripeState, intent: { latest_charge: string | null }) =>
  findCharge(state, intent.latest_charge ?? '');

describe('the state', () => {
  it('starts empty and comes back the same from JSON after a payment, a refund and a dispute', () => {
    expect(JSON.parse(JSON.stringify(emptyStripeState()))).toEqual(emptyStripeState());
    const { state, emit, intent } = confirmed('4242424242424242');
    refundCharge(state, chargeOf(state, intent), 500, emit);
    applyCardOutcome(
      state,
      intentIn(state, emit),
      cardIn(state, '4000000000000259').method,
      { kind: 'succeeded', disputed: true },
      { origin: ORIGIN },
      emit,
    );
    expect(Object.keys(state.refunds)).toHaveLength(1);
    expect(Object.keys(state.disputes)).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('finds only its own ids: no prototype key is a PaymentIntent', () => {
    const { state } = setup();
    for (const id of ['constructor', '__proto__', 'toString', 'pi_missing']) {
      expect(() => findPaymentIntent(state, id)).toThrow(`No such payment_intent: '${id}'`);
    }
  });

  it('lists its intents oldest first and is emptied in place', () => {
    const { state, emit } = setup();
    const first = intentIn(state, emit);
    const second = intentIn(state, emit);
    expect(paymentIntentsOf(state).map((intent) => intent.id)).toEqual([first.id, second.id]);
    clearStripeState(state);
    expect(state).toEqual(emptyStripeState());
  });
});

it('the event log keeps only the latest EVENTS_KEPT, and every event is still told', () => {
  const state = emptyStripeState();
  let toldCount = 0;
  const emit = eventEmitter(state, () => (toldCount += 1))({} as Request);
  for (let i = 0; i < EVENTS_KEPT + 5; i += 1) emit('payment_intent.created', { n: i });
  expect(toldCount).toBe(EVENTS_KEPT + 5);
  expect(state.events).toHaveLength(EVENTS_KEPT);
  expect(state.events[0]?.data.object).toEqual({ n: 5 });
});

describe('confirming', () => {
  it('a success card charges the intent; the events are logged and told in order, each with a copy of its object then', () => {
    const { state, intent, card, failure, types, told } = confirmed('4242424242424242');
    expect(failure).toBeUndefined();
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: 1500,
      payment_method: card.method.id,
    });
    const charge = chargeOf(state, intent);
    expect(charge).toMatchObject({ amount: 1500, amount_refunded: 0, disputed: false });
    expect(charge.id).toMatch(/^ch_/);
    expect(types()).toEqual(['payment_intent.created', 'payment_intent.succeeded']);
    expect(state.events).toEqual(told);
    expect((told[0]?.data.object as { status: string }).status).toBe('requires_payment_method');
    expect(told[0]).toMatchObject({ object: 'event', livemode: false, pending_webhooks: 1 });
    expect(told[0]?.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    expect(() => assertConfirmable(intent)).toThrow(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  });

  it('the dispute card succeeds, then its charge is disputed', () => {
    const { state, intent, types } = confirmed('4000000000000259');
    expect(intent.status).toBe('succeeded');
    expect(chargeOf(state, intent).disputed).toBe(true);
    expect(Object.values(state.disputes)).toEqual([
      expect.objectContaining({ charge: intent.latest_charge, payment_intent: intent.id }),
    ]);
    expect(types()).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
      'charge.dispute.created',
    ]);
  });

  it('a declined card leaves the intent awaiting another method and answers a 402', () => {
    const { state, intent, card, failure, types } = confirmed('4000000000000002');
    expect(failure).toBeInstanceOf(StripeError);
    expect(failure?.status).toBe(402);
    expect(failure?.body).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: STRIPE_MESSAGES.genericDecline,
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    expect(intent.payment_method).toBeNull();
    expect(intent.last_payment_error?.payment_method?.id).toBe(card.method.id);
    expect(state.charges).toEqual({});
    expect(types()).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
  });

  it('the 3-D Secure card waits for authentication, then completes it', () => {
    const { state, intent, card, emit, types } = confirmed('4000002500003155');
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toEqual({
      type: 'use_stripe_sdk',
      use_stripe_sdk: {
        type: 'three_d_secure_redirect',
        stripe_js: `${ORIGIN}/v1/payment_intents/${intent.id}/authenticate`,
        source: expect.stringMatching(/^src_/),
      },
    });
    expect(types()).toEqual(['payment_intent.created', 'payment_intent.requires_action']);
    const methodId = pendingAuthentication(intent);
    expect(methodId).toBe(card.method.id);
    finishAuthentication(state, intent, methodId, 'complete', emit);
    expect(intent).toMatchObject({ status: 'succeeded', next_action: null });
    expect(types()).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);
    expect(() => pendingAuthentication(intent)).toThrow(
      'This PaymentIntent has a status of succeeded; only one in requires_action can be authenticated.',
    );
  });

  it('a failed 3-D Secure challenge fails the payment in Stripe words', () => {
    const { state, intent, card, emit, types } = confirmed('4000002500003155');
    finishAuthentication(state, intent, pendingAuthentication(intent), 'fail', emit);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: {
        code: 'payment_intent_authentication_failure',
        message: STRIPE_MESSAGES.authenticationFailure,
        payment_method: { id: card.method.id },
      },
    });
    expect(types()).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.payment_failed',
    ]);
  });
});

describe('3-D Secure through a redirect (4000 0000 0000 3063)', () => {
  const RETURN_URL = 'https://grati.example/user_profile/ava?tip=1';

  // None, another site's and one of 2049 characters: stripe.test.ts, through HTTP.
  it.each([
    ['a path', '/user_profile/ava', 'url_invalid'],
    ['on a host that only starts alike', 'https://grati.example.evil.example/', 'url_invalid'],
  ])('is refused with a return_url %s (%s), the intent untouched', (_label, returnUrl, code) => {
    const { intent, confirm, types } = prepared('4000000000003063');
    const before = structuredClone(intent);
    let refusal: unknown;
    try {
      confirm(returnUrl);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(StripeError);
    expect(refusal).toMatchObject({
      status: 400,
      body: { type: 'invalid_request_error', code, param: 'return_url' },
    });
    expect(intent).toEqual(before);
    expect(types()).toEqual(['payment_intent.created']);
  });

  it('failed: back with redirect_status=failed, the intent awaiting another method', () => {
    const { state, intent, card, emit, types } = confirmed('4000000000003063', RETURN_URL);
    const back = new URL(finishRedirectAuthentication(state, intent, 'fail', emit));
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: {
        code: 'payment_intent_authentication_failure',
        payment_method: { id: card.method.id },
      },
    });
    expect(state.charges).toEqual({});
    expect(types().at(-1)).toBe('payment_intent.payment_failed');
  });

  it('the in-place card has no bank page to answer', () => {
    const { state, intent, emit } = confirmed('4000002500003155', RETURN_URL);
    expect(intent.next_action?.type).toBe('use_stripe_sdk');
    expect(() => finishRedirectAuthentication(state, intent, 'complete', emit)).toThrow(
      'This PaymentIntent is authenticated in the page (Stripe.js), not through a redirect.',
    );
    expect(intent.status).toBe('requires_action');
  });
});

it('canceling cancels an open intent with its reason, and refuses a canceled or succeeded one', () => {
  const { emit, intent: paid, state, types } = confirmed('4242424242424242');
  const open = intentIn(state, emit);
  assertCancelable(open);
  cancelPaymentIntent(open, 'abandoned', emit);
  expect(open).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  expect(open.canceled_at).toEqual(expect.any(Number));
  expect(types().at(-1)).toBe('payment_intent.canceled');
  expect(() => assertCancelable(open)).toThrow('it has a status of canceled');
  expect(() => assertCancelable(paid)).toThrow('it has a status of succeeded');
});

// A full refund, then none, and a disputed charge's refusal: stripe.test.ts, through the SDK.
it('refuses to refund an intent without a successful charge', () => {
  const declined = confirmed('4000000000000002');
  expect(() => chargeOfPaymentIntent(declined.state, declined.intent.id)).toThrow(
    `This PaymentIntent (${declined.intent.id}) does not have a successful charge to refund.`,
  );
});

describe('a state an older version saved, with its cards’ numbers', () => {
  const REAL = '4539578763621486';

  /** Today's state after a 4242 payment and a 0002 decline, then one declined real card, as kept then. */
  function olderState() {
    const paid = confirmed('4242424242424242');
    const { state, emit } = paid;
    const declined = intentIn(state, emit);
    const card = cardIn(state, '4000000000000002');
    applyCardOutcome(state, declined, card.method, outcomeOf(card.testCard), SITE, emit);
    // As that version kept them: the number beside each card, a fingerprint made from it.
    const older = JSON.parse(
      JSON.stringify(state).replaceAll(paid.card.method.card.fingerprint, 'weak000004242'),
    ) as StripeState;
    const kept = older.paymentMethods as unknown as Record<string, Record<string, unknown>>;
    const numbers: Record<string, string> = {
      visa: '4242424242424242',
      chargeDeclined: '4000000000000002',
    };
    for (const stored of Object.values(kept)) {
      stored.number = numbers[String(stored.testCard)];
      delete stored.testCard;
    }
    // A real card that version took, then declined: its PaymentMethod and its copies.
    const real = {
      ...structuredClone(card.method),
      id: 'pm_real',
      card: {
        ...card.method.card,
        last4: '1486',
        exp_month: 4,
        exp_year: 2031,
        fingerprint: 'weak00001486',
      },
    };
    kept.pm_real = { method: real, number: REAL };
    const refused = structuredClone(older.paymentIntents[declined.id]!);
    refused.id = 'pi_real';
    refused.last_payment_error = { ...refused.last_payment_error!, payment_method: real };
    older.paymentIntents.pi_real = refused;
    older.events.push({ ...older.events.at(-1)!, id: 'evt_real', data: { object: refused } });
    older.idempotency['sha256:abc\u0000key-made'] = {
      scope: 'POST /v1/payment_methods',
      fingerprint: `{"card":{"exp_month":"4","exp_year":"2031","number":"${REAL}"},"type":"card"}`,
      status: 200,
      body: real,
    };
    older.idempotency['sha256:abc\u0000key-confirmed'] = {
      scope: 'POST /v1/payment_intents/pi_real/confirm',
      fingerprint: `{"payment_method":"pm_real"}`,
      status: 402,
      body: { error: { code: 'card_declined', payment_method: real, payment_intent: refused } },
    };
    return { older, paid, declined, card };
  }

  it('keeps each test card by its id, with today’s fingerprint in every copy', () => {
    const { older, paid, declined, card } = olderState();
    const restored = restoreStripeState(older);
    expect(restored.paymentMethods[paid.card.method.id]).toEqual({
      method: paid.card.method,
      testCard: 'visa',
    });
    expect(restored.paymentMethods[card.method.id]?.testCard).toBe('chargeDeclined');
    expect(restored.paymentIntents[declined.id]?.last_payment_error?.payment_method).toEqual(
      card.method,
    );
    const text = JSON.stringify(restored);
    expect(text).not.toContain('weak0000');
    expect(text).not.toMatch(/"number"/);
    expect(text).not.toContain('4242424242424242');
  });

  it('forgets a real card with every copy of it, and keeps what it was sent only as a digest', () => {
    const { older } = olderState();
    const before = structuredClone(older);
    const restored = restoreStripeState(older);
    const text = JSON.stringify(restored);
    expect(text).not.toContain(REAL);
    expect(text).not.toContain('pm_real');
    expect(text).not.toContain('"1486"');
    // The decline itself stays: a payment that failed, with Stripe's words for why.
    expect(restored.paymentIntents.pi_real?.last_payment_error).toMatchObject({
      code: 'card_declined',
    });
    expect(restored.events.find((event) => event.id === 'evt_real')).toBeDefined();
    // The answer that was the card is gone; the decline's is kept, without the card.
    const answers = Object.values(restored.idempotency);
    expect(answers.map((answer) => answer.scope)).toEqual([
      'POST /v1/payment_intents/pi_real/confirm',
    ]);
    expect(answers[0]?.fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    // What was saved is left as it was (the data file's text is replaced by a commit, not here).
    expect(older).toEqual(before);
  });
});

describe('createStripeEmulator', () => {
  it('exposes its live state, and starts from a copy of a saved one', async () => {
    const paid = confirmed('4242424242424242');
    const saved = JSON.parse(JSON.stringify(paid.state)) as StripeState;
    const emulator = createStripeEmulator({ initialState: saved });
    expect(emulator.state).toEqual(saved);
    expect(emulator.state).not.toBe(saved);
    expect(emulator.list()).toEqual([paid.intent]);

    const server = createServer(express().use('/v1', emulator.router)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/v1/charges/${paid.intent.latest_charge}`;
      const headers = { Authorization: `Bearer ${emulator.secretKey}` };
      const answer = await fetch(url, { headers });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ id: paid.intent.latest_charge, amount: 1500 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    emulator.reset();
    expect(emulator.state).toEqual(emptyStripeState());
    expect(emulator.list()).toEqual([]);
  });

  it('has a random secret key of its own, and takes no guessable one', () => {
    const a = createStripeEmulator();
    const b = createStripeEmulator();
    expect(a.secretKey).toMatch(/^sk_test_emu_[0-9a-f]{48}$/);
    expect(b.secretKey).not.toBe(a.secretKey);
    expect(createStripeEmulator({ secretKey: a.secretKey }).secretKey).toBe(a.secretKey);
    for (const secretKey of ['sk_test_emulator', 'sk_test_emu_short', '']) {
      expect(() => createStripeEmulator({ secretKey })).toThrow(/secret key/);
    }
  });
});
