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

const DIGITS = /^[0-9]+$/;
/** A decimal separator: it starts cents, which a whole-dollar amount has none of. */
const DECIMAL_SEPARATOR = /[.,]/;
/** Full-width digits (U+FF10..U+FF19), what some phone keyboards type: digits all the same. */
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const FULL_WIDTH_ZERO = 0xff10;

/**
 * What the field says when it refuses something, in its help line (announced politely). The
 * spec blocks these inputs; it has no words for them, so these follow its rule ("digits only,
 * at most 6 digits").
 */
export const AMOUNT_HINTS = {
  /** A decimal separator typed or pasted: the amount ends there. */
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

/** Whether pasted text may go in: digits only (full-width ones too), at most six of them. */
export function acceptPaste(text: string): boolean {
  return pasteHint(text) === null;
}

/** Why pasted text is refused (spec 5: non-digit paste is rejected), or null when it may go in. */
export function pasteHint(text: string): AmountHint | null {
  const digits = normalizeDigits(text);
  if (DIGITS.test(digits)) return digits.length <= MAX_AMOUNT_DIGITS ? null : AMOUNT_HINTS.tooLong;
  return DECIMAL_SEPARATOR.test(digits) ? AMOUNT_HINTS.wholeDollars : AMOUNT_HINTS.digitsOnly;
}

/** What the field keeps of whatever reached it: its digits, the first six of them. */
export function filterAmountInput(raw: string): string {
  return normalizeDigits(raw)
    .replace(/[^0-9]/g, '')
    .slice(0, MAX_AMOUNT_DIGITS);
}

/**
 * The field as the guest edits it: its digits, whether a decimal separator has ended the amount
 * (nothing typed after it joins the dollars until the guest deletes or replaces something), and
 * the help line.
 */
export interface AmountEntry {
  value: string;
  ended: boolean;
  hint: AmountHint | null;
}

/** A key pressed in the field (keydown), with the length of the text it would replace. */
export interface AmountKey {
  key: string;
  /** Ctrl, Meta or Alt held: a shortcut (copy, paste, select all), never a character. */
  shortcut: boolean;
  /** Characters selected (a typed character replaces them). */
  selected: number;
}

/**
 * Whether a key may reach the field, and what the field then says. Keys that are not characters
 * (Backspace, arrows, Tab, an IME's "Process") and shortcuts pass; so does a digit, unless the
 * amount has ended or already holds six digits; a decimal separator ends the amount; any other
 * character is refused, saying why.
 */
export function judgeAmountKey(
  entry: AmountEntry,
  { key, shortcut, selected }: AmountKey,
): { accept: boolean; ended: boolean; hint: AmountHint | null } {
  const { ended, hint } = entry;
  if (shortcut || [...key].length !== 1) {
    // Deleting something starts the amount again.
    const deletes = key === 'Backspace' || key === 'Delete';
    return { accept: true, ended: deletes ? false : ended, hint: deletes ? null : hint };
  }
  const char = normalizeDigits(key);
  if (DIGITS.test(char)) {
    // A digit replacing a selection is a new amount; one after a separator would be cents.
    if (ended && selected === 0) return { accept: false, ended, hint: AMOUNT_HINTS.wholeDollars };
    if (entry.value.length - selected >= MAX_AMOUNT_DIGITS) {
      return { accept: false, ended: false, hint: AMOUNT_HINTS.tooLong };
    }
    return { accept: true, ended: false, hint: null };
  }
  if (DECIMAL_SEPARATOR.test(char))
    return { accept: false, ended: true, hint: AMOUNT_HINTS.wholeDollars };
  return { accept: false, ended, hint: AMOUNT_HINTS.digitsOnly };
}

/**
 * The field after its text changed to `raw` (what reached the input, typed, pasted, dropped or
 * put there by an on-screen keyboard whose keydown names no key). A decimal separator keeps the
 * dollars before it and ends the amount; while ended, text that grows is refused (cents); other
 * characters are dropped, saying so; full-width digits become digits.
 */
export function nextAmountEntry(entry: AmountEntry, raw: string): AmountEntry {
  const text = normalizeDigits(raw);
  const separator = text.search(DECIMAL_SEPARATOR);
  if (separator >= 0) {
    return {
      value: filterAmountInput(text.slice(0, separator)),
      ended: true,
      hint: AMOUNT_HINTS.wholeDollars,
    };
  }
  if (entry.ended && text.length > entry.value.length) {
    return { ...entry, hint: AMOUNT_HINTS.wholeDollars };
  }
  const value = filterAmountInput(text);
  let hint: AmountHint | null = null;
  if (/[^0-9]/.test(text)) hint = AMOUNT_HINTS.digitsOnly;
  else if (text.length > MAX_AMOUNT_DIGITS) hint = AMOUNT_HINTS.tooLong;
  return { value, ended: false, hint };
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
