import fc from 'fast-check';
import { MAX_GIFT_DOLLARS } from '../../api/contract/fees';
import {
  AMOUNT_HINTS,
  AMOUNT_LIMIT_HINT,
  AMOUNT_MESSAGES,
  MAX_AMOUNT_DIGITS,
  PRESET_AMOUNTS,
  acceptPaste,
  amountLimitMessage,
  filterAmountInput,
  normalizeDigits,
  pasteHint,
  validateAmount,
  validateAmountForPayment,
} from './amountInput';

/** Table rows `[value, expected]` for values that share one expected outcome. */
const each = <T>(expected: T, values: readonly string[]) =>
  values.map((value) => [value, expected] as const);

const digitString = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength });
/** Any text, astral and non-ASCII digits (such as '٣' or '１') included. */
const anyText = fc.string({ unit: 'binary' });
/** Text in which digits and anything else are interleaved. */
const mixedText = fc
  .array(fc.oneof(digitString(4), anyText, fc.string()), { maxLength: 6 })
  .map((parts) => parts.join(''));
/** A string holding at least one character that is not a digit (ASCII or full-width), anywhere. */
const withNonDigit = fc
  .tuple(
    mixedText,
    fc.string({ unit: 'binary', minLength: 1 }).filter((s) => /[^0-9\uFF10-\uFF19]/.test(s)),
    mixedText,
  )
  .map(([before, bad, after]) => before + bad + after);

describe('amount constants and messages', () => {
  it('match the spec', () => {
    expect(MAX_AMOUNT_DIGITS).toBe(6);
    expect(PRESET_AMOUNTS).toEqual([10, 15, 20]);
    expect(AMOUNT_MESSAGES).toEqual({
      invalid: 'Please enter a valid amount.',
      missing: 'Please enter an amount before proceeding',
      notPositive: 'Please enter a valid amount greater than 0.',
      tooLarge: 'Please enter an amount up to $970,873.',
    });
    expect(AMOUNT_LIMIT_HINT).toBe('You can give up to $970,873.');
  });
});

describe('the most a guest can give (api/contract/fees.ts)', () => {
  it.each([
    ...each(null, ['970873', '000001', '', '12a']),
    ...each(AMOUNT_MESSAGES.tooLarge, ['970874', '999999']),
  ])('%j -> %j as it is typed', (value, message) => {
    expect(amountLimitMessage(value)).toBe(message);
  });
});

describe('acceptPaste', () => {
  it('rejects any text with a non-digit in it', () => {
    fc.assert(fc.property(withNonDigit, (text) => !acceptPaste(text)));
  });

  it('accepts every run of one to six digits', () => {
    fc.assert(
      fc.property(
        digitString(6).filter((s) => s.length > 0),
        (text) => acceptPaste(text),
      ),
    );
  });
});

describe('filterAmountInput', () => {
  it.each([
    ['12.50', '1250'],
    ['$1,000', '1000'],
    ['1234567', '123456'],
    ['٣٤ or １２', '12'],
  ])('keeps %j as %j', (raw, kept) => {
    expect(filterAmountInput(raw)).toBe(kept);
  });

  it('always leaves zero to six digits', () => {
    fc.assert(fc.property(mixedText, (raw) => /^\d{0,6}$/.test(filterAmountInput(raw))));
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(mixedText, (raw) => {
        const once = filterAmountInput(raw);
        expect(filterAmountInput(once)).toBe(once);
      }),
    );
  });

  it('leaves a short run of digits as it is', () => {
    fc.assert(fc.property(digitString(6), (digits) => filterAmountInput(digits) === digits));
  });
});

describe('validateAmount', () => {
  it.each([
    ...each(AMOUNT_MESSAGES.invalid, ['', 'abc', '1.5', '-1', ' 5', '1234567']),
    ...each(null, ['0', '10', '970873']),
    ...each(AMOUNT_MESSAGES.tooLarge, ['970874']),
  ])('gift-only: %j -> %j', (value, message) => {
    expect(validateAmount(value, { combined: false })).toBe(message);
  });

  it.each([
    ...each(AMOUNT_MESSAGES.invalid, ['']),
    ...each(AMOUNT_MESSAGES.notPositive, ['0', '000']),
    ...each(null, ['1', '970873']),
    ...each(AMOUNT_MESSAGES.tooLarge, ['970874']),
  ])('with a review: %j -> %j', (value, message) => {
    expect(validateAmount(value, { combined: true })).toBe(message);
  });

  it('accepts every filtered, non-empty value up to the most a guest can give in the gift-only flow', () => {
    fc.assert(
      fc.property(mixedText, (raw) => {
        const kept = filterAmountInput(raw);
        fc.pre(kept !== '');
        expect(validateAmount(kept, { combined: false })).toBe(
          Number(kept) <= MAX_GIFT_DOLLARS ? null : AMOUNT_MESSAGES.tooLarge,
        );
      }),
    );
  });
});

describe('validateAmountForPayment', () => {
  it.each([
    ['', 'card', true, AMOUNT_MESSAGES.missing],
    ['', 'wallet', false, AMOUNT_MESSAGES.notPositive],
    // The field takes 0 in the gift-only form, but nothing can charge $0.
    ['0', 'card', false, AMOUNT_MESSAGES.notPositive],
    ['abc', 'wallet', false, AMOUNT_MESSAGES.invalid],
    ['20', 'wallet', true, null],
    ['970874', 'card', false, AMOUNT_MESSAGES.tooLarge],
    ['970874', 'wallet', true, AMOUNT_MESSAGES.tooLarge],
  ] as const)('%j by %s (combined: %s) -> %j', (value, option, combined, message) => {
    expect(validateAmountForPayment(value, { option, combined })).toBe(message);
  });
});

describe('normalizeDigits', () => {
  it('turns full-width digits into ASCII ones and leaves the rest', () => {
    expect(normalizeDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(normalizeDigits('１２abc٣')).toBe('12abc٣');
  });
});

describe('pasteHint, and acceptPaste (no hint)', () => {
  it.each([
    // A comma groups thousands: dropped, the digits kept (issue 32).
    ...each(null, ['0', '999999', '１２', '1,000', '12,345']),
    ...each(AMOUNT_HINTS.wholeDollars, ['10.50', '1,000.50']),
    ...each(AMOUNT_HINTS.digitsOnly, ['$1,000', '-5', '1e6', ',', ' 12', '']),
    ...each(AMOUNT_HINTS.tooLong, ['1,000,000', '1234567', '１２３４５６７']),
  ])('%j -> %j', (text, hint) => {
    expect(pasteHint(text)).toBe(hint);
    expect(acceptPaste(text)).toBe(hint === null);
  });
});
