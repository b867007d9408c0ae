import { availablePaymentMethods, availableWallets, buttonText, payer, WALLETS } from './wallets';

const [APPLE_PAY, GOOGLE_PAY] = WALLETS;

describe('availableWallets', () => {
  it('offers the wallet the browser has to a card group', () => {
    expect(availableWallets(['applePay'], ['card'])).toEqual([APPLE_PAY]);
    expect(
      availableWallets(['applePay', 'googlePay'], ['card'], {
        applePay: 'auto',
        googlePay: 'always',
      }),
    ).toEqual([APPLE_PAY, GOOGLE_PAY]);
  });

  it('offers none where the browser has none (or has not said yet)', () => {
    expect(availableWallets([], ['card'])).toEqual([]);
    expect(availableWallets(null, ['card'])).toEqual([]);
  });

  it('leaves out a wallet paymentMethods says never to', () => {
    expect(availableWallets(['googlePay'], ['card'], { googlePay: 'never' })).toEqual([]);
    expect(availableWallets(['applePay', 'googlePay'], ['card'], { googlePay: 'never' })).toEqual([
      APPLE_PAY,
    ]);
  });
});

it('reports the wallets in Stripe’s AvailablePaymentMethods shape', () => {
  expect(availablePaymentMethods([GOOGLE_PAY!])).toEqual({
    applePay: false,
    googlePay: true,
    link: false,
    amazonPay: false,
    paypal: false,
    klarna: false,
  });
  expect(availablePaymentMethods([])).toBeUndefined();
});

it('words a button after its buttonType, and names the wallet alone otherwise', () => {
  expect(buttonText(APPLE_PAY!, 'tip')).toBe('Tip with Apple Pay');
  expect(buttonText(GOOGLE_PAY!, 'plain')).toBe('Google Pay');
  expect(buttonText(GOOGLE_PAY!, undefined)).toBe('Google Pay');
});

it('reports the payer’s name and address', () => {
  const address = {
    line1: '510 Townsend St',
    line2: null,
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94103',
    country: 'US',
  };
  expect(payer({})).toEqual({ name: 'Jenny Rosen', address });
  // Each payer is a copy: the app may change it.
  expect(payer({}).address).not.toBe(payer({}).address);
});
