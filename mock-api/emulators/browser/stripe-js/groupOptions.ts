// Stripe's checks of a deferred-intent Elements group's options (mode 'payment').
import { integrationError, MESSAGES } from './integrationErrors';
import { CURRENCIES } from './money';
import type { GroupOptions } from './types';

/**
 * Throws Stripe's IntegrationError for an amount that is not a non-negative integer or a currency
 * the group does not take; `partial` (elements.update()) checks only the ones given.
 */
export function checkAmountAndCurrency(
  options: GroupOptions,
  method: string,
  partial: boolean,
): void {
  const { amount, currency } = options;
  if (!(partial && amount === undefined)) {
    if (typeof amount !== 'number' || amount < 0 || Math.floor(amount) !== amount)
      throw integrationError(MESSAGES.amount(method, amount));
  }
  if (!(partial && currency === undefined) && !CURRENCIES.includes(currency as string))
    throw integrationError(MESSAGES.currency(method, currency));
}
