import { PLACEHOLDER_CENTS, paymentView, type PaymentViewFacts } from './paymentView';
import {
  PAYMENT_STATUSES,
  initialPaymentState,
  type PaymentState,
  type PaymentStatus,
} from './paymentSlice';

const cardPayment = (status: PaymentStatus, extra: Partial<PaymentState> = {}): PaymentState => ({
  status,
  method: 'card',
  clientSecret: 'pi_1_secret_2',
  error: null,
  amountCents: 1000,
  ...extra,
});

const view = (overrides: Partial<PaymentViewFacts> = {}) =>
  paymentView({
    payment: initialPaymentState,
    message: null,
    stripeFailure: null,
    amountCents: null,
    disabled: false,
    ...overrides,
  });

describe('paymentView', () => {
  it('shows nothing chosen, nothing locked and no alert at first', () => {
    expect(view()).toEqual({
      busy: false,
      locked: false,
      preparing: false,
      succeeded: false,
      error: null,
      optionDisabled: false,
      cardChosen: false,
      showCardForm: false,
      stripeAvailable: true,
      cardCents: PLACEHOLDER_CENTS,
      cardCharge: '',
    });
  });

  it.each<[PaymentStatus, { busy: boolean; locked: boolean; optionDisabled: boolean }]>([
    ['idle', { busy: false, locked: false, optionDisabled: false }],
    ['creatingIntent', { busy: false, locked: true, optionDisabled: true }],
    ['awaitingCard', { busy: false, locked: true, optionDisabled: false }],
    ['confirming', { busy: true, locked: true, optionDisabled: true }],
    ['succeeded', { busy: true, locked: true, optionDisabled: true }],
    ['failed', { busy: false, locked: false, optionDisabled: false }],
  ])('in %s: %o', (status, expected) => {
    expect(view({ payment: cardPayment(status) })).toMatchObject(expected);
  });

  it('disables the options whenever the page says so', () => {
    for (const status of PAYMENT_STATUSES) {
      expect(view({ payment: cardPayment(status), disabled: true }).optionDisabled).toBe(true);
    }
  });

  it('shows the card form for a card intent from awaitingCard to the outcome', () => {
    const shown = PAYMENT_STATUSES.filter(
      (status) => view({ payment: cardPayment(status) }).showCardForm,
    );
    expect(shown).toEqual(['awaitingCard', 'confirming', 'succeeded', 'failed']);
  });

  it('shows no card form for a wallet, without an intent, or without Stripe.js', () => {
    const wallet = cardPayment('awaitingCard', { method: 'google_pay' });
    expect(view({ payment: wallet }).showCardForm).toBe(false);
    const noIntent = cardPayment('failed', { clientSecret: null });
    expect(view({ payment: noIntent }).showCardForm).toBe(false);
    const noStripe = view({
      payment: cardPayment('awaitingCard'),
      stripeFailure: 'Failed to load',
    });
    expect(noStripe.showCardForm).toBe(false);
    expect(noStripe.stripeAvailable).toBe(false);
  });

  it("alerts the section's message first, then a failure's, then Stripe.js's", () => {
    const failed = cardPayment('failed', { error: 'Your card was declined.' });
    const stripeFailure = 'Failed to load Stripe.js';
    expect(view({ payment: failed, message: 'Say', stripeFailure }).error).toBe('Say');
    expect(view({ payment: failed, stripeFailure }).error).toBe('Your card was declined.');
    expect(view({ payment: cardPayment('awaitingCard'), stripeFailure }).error).toBe(stripeFailure);
    // A failure's message is shown only while failed.
    expect(view({ payment: cardPayment('confirming', { error: 'old' }) }).error).toBeNull();
  });

  it("says the card's total once there is an amount, and uses the placeholder until then", () => {
    expect(view({ amountCents: 1000 })).toMatchObject({
      cardCents: 1000,
      cardCharge: 'You will be charged $10.80',
    });
    expect(view({ amountCents: 0 })).toMatchObject({
      cardCents: PLACEHOLDER_CENTS,
      cardCharge: '',
    });
  });
});
