// Card numbers, expiry dates and security codes as the Payment Element reads and shows them.

export type Brand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** The Luhn checksum every card number passes. */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits.charAt(digits.length - 1 - i));
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's brand, from the first digits. */
export function brandOf(digits: string): Brand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|30[0-5]|38)/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

/** How many digits a number of this brand has. */
export function numberLength(brand: Brand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

/** How many digits a security code of this brand has. */
export function cvcLength(brand: Brand): number {
  return brand === 'amex' ? 4 : 3;
}

/** The number in groups, as printed on the card: '4242 4242 4242 4242', '3782 822463 10005'. */
export function formatNumber(digits: string, brand: Brand): string {
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/** The expiry's digits as 'MM / YY'; a first digit above 1 can only be a month: '4' is '04'. */
export function formatExpiry(digits: string): string {
  const padded = digits.length === 1 && Number(digits) > 1 ? `0${digits}` : digits;
  return padded.length > 2 ? `${padded.slice(0, 2)} / ${padded.slice(2, 4)}` : padded;
}
