import { formatAmount } from './money';

it('shows an amount in minor units as the payer reads it', () => {
  expect(formatAmount(2090, 'usd')).toBe('$20.90');
  expect(formatAmount(100000, 'usd')).toBe('$1,000.00');
});
