// Stripe's own client-side checks of the Payment Element's card, with its validation errors.
import { brandOf, cvcLength, luhn, numberLength } from './card';
import type { CardField, CardState } from './cardState';
import { countryOf } from './countries';

export interface ValidationError {
  type: 'validation_error';
  code: string;
  message: string;
}

/** The input each error belongs to, so the element can show it there. */
export const FIELD_OF_CODE: Readonly<Record<string, CardField>> = {
  invalid_number: 'number',
  incomplete_number: 'number',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year_past: 'expiry',
  invalid_expiry_month_past: 'expiry',
  incomplete_expiry: 'expiry',
  incomplete_cvc: 'cvc',
  incomplete_zip: 'zip',
};

function fieldError(code: string, message: string): ValidationError {
  return { type: 'validation_error', code, message };
}

/**
 * The card's first error, or undefined. As the guest types, only what is wrong already (a bad
 * number, a past date); `strict` (on submit) also what is missing.
 */
export function validate(
  state: CardState,
  strict: boolean,
  now: Date = new Date(),
): ValidationError | undefined {
  const brand = brandOf(state.number);
  const wanted = numberLength(brand);
  if (state.number.length === wanted && !luhn(state.number))
    return fieldError('invalid_number', 'Your card number is invalid.');
  const wrong = expiryError(state.expiry, now);
  if (wrong || !strict) return wrong;
  if (state.number.length < wanted)
    return fieldError('incomplete_number', 'Your card number is incomplete.');
  if (state.expiry.length < 4)
    return fieldError('incomplete_expiry', "Your card's expiration date is incomplete.");
  if (state.cvc.length < cvcLength(brand))
    return fieldError('incomplete_cvc', "Your card's security code is incomplete.");
  const country = countryOf(state.country);
  if (country.postal && state.zip.replace(/\s/g, '').length < (country.minLength ?? 0))
    return fieldError('incomplete_zip', 'Your postal code is incomplete.');
  return undefined;
}

/** A month that does not exist, or a date in the past (MMYY, as far as typed). */
function expiryError(expiry: string, now: Date): ValidationError | undefined {
  const month = Number(expiry.slice(0, 2));
  if (expiry.length >= 2 && (month < 1 || month > 12))
    return fieldError('invalid_expiry_month', "Your card's expiration date is invalid.");
  if (expiry.length !== 4) return undefined;
  const year = 2000 + Number(expiry.slice(2));
  if (year < now.getFullYear())
    return fieldError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  if (year === now.getFullYear() && month < now.getMonth() + 1)
    return fieldError('invalid_expiry_month_past', "Your card's expiration date is in the past.");
  return undefined;
}
