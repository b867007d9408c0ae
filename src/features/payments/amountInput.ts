/** The rules of the 'Other (in Dollars)' amount field (spec 5): whole dollars, digits only. */
import { MAX_AMOUNT_DIGITS } from '../../api/contract/limits';

export { MAX_AMOUNT_DIGITS };
export const PRESET_AMOUNTS = [10, 15, 20] as const;

export const AMOUNT_MESSAGES = {
  invalid: 'Please enter a valid amount.',
  missing: 'Please enter an amount before proceeding',
  notPositive: 'Please enter a valid amount greater than 0.',
} as const;

export type AmountMessage = (typeof AMOUNT_MESSAGES)[keyof typeof AMOUNT_MESSAGES];

/** Keys a number field would otherwise accept but a whole-dollar amount must not: . , e E + - */
const BLOCKED_KEYS = new Set(['.', ',', 'e', 'E', '+', '-']);
const DIGITS = /^[0-9]+$/;

/** Whether a keydown with this `key` must be prevented. */
export function isBlockedKey(key: string): boolean {
  return BLOCKED_KEYS.has(key);
}

/** Whether pasted text may go in: ASCII digits only, at most six of them. */
export function acceptPaste(text: string): boolean {
  return DIGITS.test(text) && text.length <= MAX_AMOUNT_DIGITS;
}

/** What the field keeps of whatever reached it: its digits, the first six of them. */
export function filterAmountInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, MAX_AMOUNT_DIGITS);
}

/**
 * The field's message, or null when the amount is acceptable. Gift-only: any whole number of
 * dollars from 0; with a review (`combined`) at least 1, and 0 gets the "greater than 0" message.
 */
export function validateAmount(
  value: string,
  { combined }: { combined: boolean },
): AmountMessage | null {
  if (!DIGITS.test(value) || value.length > MAX_AMOUNT_DIGITS) return AMOUNT_MESSAGES.invalid;
  if (combined && Number(value) < 1) return AMOUNT_MESSAGES.notPositive;
  return null;
}

/**
 * The message when a payment option is pressed: without an amount, "before proceeding" (a wallet
 * button: "greater than 0"); a zero amount, "greater than 0" for every option, since nothing can
 * charge $0 (the field alone accepts 0 in the gift-only form, as spec 5 says); otherwise the
 * field's own rule.
 */
export function validateAmountForPayment(
  value: string,
  { combined, option }: { combined: boolean; option: 'card' | 'wallet' },
): AmountMessage | null {
  if (value === '') {
    return option === 'wallet' ? AMOUNT_MESSAGES.notPositive : AMOUNT_MESSAGES.missing;
  }
  if (DIGITS.test(value) && Number(value) === 0) return AMOUNT_MESSAGES.notPositive;
  return validateAmount(value, { combined });
}

/** The whole dollars of a valid amount, or null. */
export function parseAmountDollars(value: string): number | null {
  return DIGITS.test(value) && value.length <= MAX_AMOUNT_DIGITS ? Number(value) : null;
}
