import {
  availablePaymentMethods,
  availableWallets,
  buttonText,
  payer,
  paymentMethodsChange,
  WALLETS,
} from './wallets';

const [APPLE_PAY, GOOGLE_PAY] = WALLETS;

describe('availableWallets', () => {
  it('offers the wallet the browser has to a card group', () => {
    expect(availableWallets(['applePay'], ['card'])).toEqual([APPLE_PAY]);
    expect(availableWallets(['googlePay'], undefined)).toEqual([GOOGLE_PAY]);
    expect(
      availableWallets(['applePay', 'googlePay'], ['card'], {
        applePay: 'auto',
        googlePay: 'always',
      }),
    ).toEqual([APPLE_PAY, GOOGLE_PAY]);
  });

  it('offers none where the browser has none (or has not said yet), or the group takes no card', () => {
    expect(availableWallets([], ['card'])).toEqual([]);
    expect(availableWallets(null, ['card'])).toEqual([]);
    expect(availableWallets(['applePay'], ['us_bank_account'])).toEqual([]);
  });

  it('leaves out a wallet paymentMethods says never to', () => {
    expect(availableWallets(['googlePay'], ['card'], { googlePay: 'never' })).toEqual([]);
    expect(availableWallets(['applePay', 'googlePay'], ['card'], { googlePay: 'never' })).toEqual([
      APPLE_PAY,
    ]);
  });
});

it('reports the wallets in Stripe’s AvailablePaymentMethods shapes', () => {
  expect(availablePaymentMethods([GOOGLE_PAY!])).toEqual({
    applePay: false,
    googlePay: true,
    link: false,
    amazonPay: false,
    paypal: false,
    klarna: false,
  });
  expect(availablePaymentMethods([])).toBeUndefined();
  expect(paymentMethodsChange([APPLE_PAY!])).toEqual({
    applePay: { available: true },
    googlePay: { available: false },
    link: { available: false },
    amazonPay: { available: false },
    paypal: { available: false },
    klarna: { available: false },
  });
  expect(paymentMethodsChange([])).toBeUndefined();
});

it('words a button after its buttonType, and names the wallet alone otherwise', () => {
  expect(buttonText(APPLE_PAY!, 'tip')).toBe('Tip with Apple Pay');
  expect(buttonText(GOOGLE_PAY!, 'top-up')).toBe('Top up with Google Pay');
  expect(buttonText(GOOGLE_PAY!, 'plain')).toBe('Google Pay');
  expect(buttonText(GOOGLE_PAY!, undefined)).toBe('Google Pay');
  expect(buttonText(GOOGLE_PAY!, 'constructor')).toBe('Google Pay');
});

it('reports the payer’s name and address, and email and phone only when asked', () => {
  const address = {
    line1: '510 Townsend St',
    line2: null,
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94103',
    country: 'US',
  };
  expect(payer({})).toEqual({ name: 'Jenny Rosen', address });
  expect(payer({ emailRequired: true, phoneNumberRequired: true })).toEqual({
    name: 'Jenny Rosen',
    email: 'jenny.rosen@example.com',
    phone: '+14155550123',
    address,
  });
  // Each payer is a copy: the app may change it.
  expect(payer({}).address).not.toBe(payer({}).address);
});
