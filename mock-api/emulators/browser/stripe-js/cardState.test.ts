import {
  cardPaymentMethod,
  emptyCard,
  isEmpty,
  typed,
  withPassedDetails,
  type CardState,
} from './cardState';

const EMPTY: CardState = { number: '', expiry: '', cvc: '', country: 'US', zip: '' };

// The app passes the Payment Element no defaultValues (CardPayment.tsx).
it('emptyCard is in the United States', () => {
  expect(emptyCard(undefined)).toEqual(EMPTY);
});

describe('typed', () => {
  it('keeps a number’s digits, as many as its brand has', () => {
    expect(typed(EMPTY, 'number', '4242 4242 4242 4242 99').number).toBe('4242424242424242');
    expect(typed(EMPTY, 'number', '3782-822463-10005-1').number).toBe('378282246310005');
  });

  it('reads an expiry as MMYY, a first digit above 1 as a month', () => {
    expect(typed(EMPTY, 'expiry', '12 / 34').expiry).toBe('1234');
    expect(typed(EMPTY, 'expiry', '4').expiry).toBe('04');
    expect(typed(EMPTY, 'expiry', '123456').expiry).toBe('1234');
  });

  it('takes four security digits for American Express, three for the others', () => {
    expect(typed(EMPTY, 'cvc', '12345').cvc).toBe('123');
    expect(typed({ ...EMPTY, number: '3782' }, 'cvc', '12345').cvc).toBe('1234');
  });

  it('takes the country as chosen, and a postal code’s letters, digits, spaces and dashes', () => {
    expect(typed(EMPTY, 'country', 'CA').country).toBe('CA');
    expect(typed(EMPTY, 'zip', 'K1A 0B1!?').zip).toBe('K1A 0B1');
    expect(typed(EMPTY, 'zip', '12345-67890123').zip).toBe('12345-6789');
  });

  it('changes only the field typed into', () => {
    const card = { ...EMPTY, number: '4242', cvc: '12' };
    expect(typed(card, 'zip', '94107')).toEqual({ ...card, zip: '94107' });
  });
});

it('is empty without number, expiry, security code and postal code (the country does not count)', () => {
  expect(isEmpty({ ...EMPTY, country: 'FR' })).toBe(true);
  expect(isEmpty({ ...EMPTY, zip: '1' })).toBe(false);
});

describe('cardPaymentMethod', () => {
  const card = {
    number: '4242424242424242',
    expiry: '1234',
    cvc: '123',
    country: 'US',
    zip: '94107',
  };

  it('is the card as POST /v1/payment_methods takes it', () => {
    expect(cardPaymentMethod(card)).toEqual({
      type: 'card',
      card: { number: '4242424242424242', exp_month: '12', exp_year: '34', cvc: '123' },
      billing_details: { address: { country: 'US', postal_code: '94107' } },
    });
  });

  it('has no postal code where the country has none', () => {
    expect(cardPaymentMethod({ ...card, country: 'FR' }).billing_details).toEqual({
      address: { country: 'FR' },
    });
  });
});

// The app's confirmPayment passes no billing details (src/features/payments/stripe/stripe.ts).
it('withPassedDetails leaves the collected details as they are when the app passed none', () => {
  const collected = { name: 'Jenny Rosen' };
  expect(withPassedDetails(collected, undefined)).toBe(collected);
});
