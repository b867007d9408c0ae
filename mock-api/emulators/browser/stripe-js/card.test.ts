import fc from 'fast-check';
import { brandOf, cvcLength, formatExpiry, formatNumber, luhn, numberLength } from './card';

/** The digit that makes `digits` + it pass Luhn. */
function checkDigit(digits: string): string {
  return String([...'0123456789'].findIndex((d) => luhn(digits + d)));
}

describe('luhn', () => {
  it.each(['4242424242424242', '378282246310005', '5555555555554444', '4000002500003155'])(
    'passes the test card %s',
    (number) => expect(luhn(number)).toBe(true),
  );

  it.each(['4242424242424241', '4242424242424243', '1234567812345678'])('fails %s', (number) =>
    expect(luhn(number)).toBe(false),
  );

  it('has exactly one check digit for any number, and a changed digit breaks it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,18}$/),
        fc.integer({ min: 1, max: 9 }),
        (body, delta) => {
          const digit = checkDigit(body);
          expect([...'0123456789'].filter((d) => luhn(body + d))).toEqual([digit]);
          const changed = String((Number(digit) + delta) % 10);
          expect(luhn(body + changed)).toBe(false);
        },
      ),
    );
  });
});

// The brands of the test cards stripe/testCards.ts takes; the emulator refuses any other card.
it.each([
  ['4242', 'visa'],
  ['5555', 'mastercard'],
  ['3782', 'amex'],
  ['6011', 'discover'],
  ['1234', 'unknown'],
  ['', 'unknown'],
])('brandOf: %s… is %s', (digits, brand) => expect(brandOf(digits)).toBe(brand));

it('knows each brand’s number and security code lengths', () => {
  expect(numberLength('visa')).toBe(16);
  expect(numberLength('amex')).toBe(15);
  expect(numberLength('unknown')).toBe(16);
  expect(cvcLength('amex')).toBe(4);
  expect(cvcLength('visa')).toBe(3);
});

describe('formatNumber', () => {
  it('groups as printed on the card, as far as typed', () => {
    expect(formatNumber('4242424242424242', 'visa')).toBe('4242 4242 4242 4242');
    expect(formatNumber('378282246310005', 'amex')).toBe('3782 822463 10005');
    expect(formatNumber('42424', 'visa')).toBe('4242 4');
    expect(formatNumber('', 'unknown')).toBe('');
  });

  it('keeps every digit, in order', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,16}$/), (digits) => {
        const brand = brandOf(digits);
        expect(formatNumber(digits, brand).replace(/ /g, '')).toBe(digits);
      }),
    );
  });
});

it.each([
  ['', ''],
  ['1', '1'],
  ['4', '04'],
  ['12', '12'],
  ['123', '12 / 3'],
  ['1234', '12 / 34'],
  ['12345', '12 / 34'],
])('formatExpiry: %s shows as “%s”', (digits, shown) => expect(formatExpiry(digits)).toBe(shown));
