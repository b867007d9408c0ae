import { formatAmount } from './money';

it('shows an amount in minor units as the payer reads it', () => {
  expect(formatAmount(2090, 'usd')).toBe('$20.90');
  expect(formatAmount(100000, 'usd')).toBe('$1,000.00');
  expect(formatAmount(500, 'eur')).toBe('€5.00');
  expect(formatAmount(500, undefined)).toBe('$5.00');
});

it('shows an amount in a currency Intl does not know as it is', () => {
  expect(formatAmount(1234, 'dollars')).toBe('12.34 DOLLARS');
});
