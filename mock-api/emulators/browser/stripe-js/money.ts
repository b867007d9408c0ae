// Amounts and currencies, as the Elements group takes them and the emulator's dialogs show them.

/** The currencies the emulator's Elements groups take (lowercase, as Stripe wants them). */
export const CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud'];

/** An amount in the currency's minor unit, as a payer reads it ('$20.90'). */
export function formatAmount(amount: number, currency: unknown): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: String(currency || 'usd').toUpperCase(),
    }).format(amount / 100);
  } catch {
    // An unknown currency code: show it as it is.
    return `${(amount / 100).toFixed(2)} ${String(currency).toUpperCase()}`;
  }
}
