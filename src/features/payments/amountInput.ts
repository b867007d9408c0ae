/** The rules of the 'Other (in Dollars)' amount field (spec 5): whole dollars, digits only. */
import { MAX_GIFT_CENTS, MAX_GIFT_DOLLARS, formatUsd } from '../../api/contract/fees';
import { MAX_AMOUNT_DIGITS } from '../../api/contract/limits';

export { MAX_AMOUNT_DIGITS };
export const PRESET_AMOUNTS = [10, 15, 20] as const;

/** '$970,873': the most a guest can give, in whole dollars as the field takes them. */
const MAX_GIFT_TEXT = formatUsd(MAX_GIFT_CENTS).replace(/\.00$/, '');

/**
 * Ours (the spec has no words for it): the most a guest can give, said under the field before
 * anything is paid. Past it, the total with any payment method's fee would pass Stripe's maximum
 * charge, so no card or wallet could pay it (api/contract/fees.ts).
 */
export const AMOUNT_LIMIT_HINT = `You can give up to ${MAX_GIFT_TEXT}.`;

export const AMOUNT_MESSAGES = {
  invalid: 'Please enter a valid amount.',
  missing: 'Please enter an amount before proceeding',
  notPositive: 'Please enter a valid amount greater than 0.',
  /** Ours: an amount past the most a guest can give, named. */
  tooLarge: `Please enter an amount up to ${MAX_GIFT_TEXT}.`,
} as const;

export type AmountMessage = (typeof AMOUNT_MESSAGES)[keyof typeof AMOUNT_MESSAGES];

const DIGITS = /^[0-9]+$/;
/** A dot starts cents, which whole dollars have none of (a comma only groups thousands). */
const DECIMAL_POINT = /[.]/;
/** A comma only groups thousands. */
const THOUSANDS_SEPARATOR = /,/g;
/** Full-width digits (U+FF10..U+FF19), what some phone keyboards type: digits all the same. */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const FULL_WIDTH_ZERO = 0xff10;

/**
 * What the field says when it refuses something, in its help line (announced politely). The
 * spec blocks these inputs; it has no words for them, so these follow its rule ("digits only,
 * at most 6 digits").
 */
export const AMOUNT_HINTS = {
  /** A dot typed or pasted, or the cents typed after it (./amountEditing). */
  wholeDollars: 'Whole dollars only',
  /** Any other character that is not a digit (-, e, +, letters, spaces). */
  digitsOnly: 'Digits only',
  /** A seventh digit. */
  tooLong: `At most ${MAX_AMOUNT_DIGITS} digits`,
} as const;

export type AmountHint = (typeof AMOUNT_HINTS)[keyof typeof AMOUNT_HINTS];

/** ASCII digits for full-width ones; everything else as it is. */
export function normalizeDigits(text: string): string {
  return text.replace(FULL_WIDTH_DIGIT, (digit) => String(digit.charCodeAt(0) - FULL_WIDTH_ZERO));
}

/** Whether pasted text may go in: digits only (full-width ones too, commas between them), at most
 *  six of them. */
export function acceptPaste(text: string): boolean {
  return pasteHint(text) === null;
}

/**
 * Why pasted text is refused (spec 5: non-digit paste is rejected), or null when it may go in.
 * Commas group thousands (issue 32: `1,000` is 1000): they go in, and the field drops them.
 */
export function pasteHint(text: string): AmountHint | null {
  const digits = normalizeDigits(text).replace(THOUSANDS_SEPARATOR, '');
  if (DIGITS.test(digits)) return digits.length <= MAX_AMOUNT_DIGITS ? null : AMOUNT_HINTS.tooLong;
  return DECIMAL_POINT.test(digits) ? AMOUNT_HINTS.wholeDollars : AMOUNT_HINTS.digitsOnly;
}

/** What the field keeps of whatever reached it: its digits, the first six of them. */
export function filterAmountInput(raw: string): string {
  return normalizeDigits(raw)
    .replace(/[^0-9]/g, '')
    .slice(0, MAX_AMOUNT_DIGITS);
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
  return amountLimitMessage(value);
}

/**
 * The field's message as the guest types: an amount past the most a guest can give is refused
 * at once, before any payment option is pressed (its "You will be charged" goes with it).
 */
export function amountLimitMessage(value: string): AmountMessage | null {
  return DIGITS.test(value) && Number(value) > MAX_GIFT_DOLLARS ? AMOUNT_MESSAGES.tooLarge : null;
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

/** The whole dollars of a valid amount (at most the most a guest can give), or null. */
export function parseAmountDollars(value: string): number | null {
  if (!DIGITS.test(value) || value.length > MAX_AMOUNT_DIGITS) return null;
  const dollars = Number(value);
  return dollars <= MAX_GIFT_DOLLARS ? dollars : null;
}
