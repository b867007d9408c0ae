import type { CardState } from './cardState';
import { FIELD_OF_CODE, validate } from './validation';

const NOW = new Date(2026, 4, 15); // May 2026
const COMPLETE: CardState = {
  number: '4242424242424242',
  expiry: '1234',
  cvc: '123',
  country: 'US',
  zip: '94107',
};

const error = (code: string, message: string) => ({ type: 'validation_error', code, message });

describe('as the guest types', () => {
  it('says nothing of what is still missing', () => {
    expect(
      validate({ ...COMPLETE, number: '4242', expiry: '', cvc: '', zip: '' }, false, NOW),
    ).toBe(undefined);
  });

  it('reports a whole number that fails the checksum', () => {
    expect(validate({ ...COMPLETE, number: '4242424242424241' }, false, NOW)).toEqual(
      error('invalid_number', 'Your card number is invalid.'),
    );
  });

  it('reports a month that does not exist, as soon as it is typed', () => {
    for (const expiry of ['00', '13', '1399'])
      expect(validate({ ...COMPLETE, expiry }, false, NOW)).toEqual(
        error('invalid_expiry_month', "Your card's expiration date is invalid."),
      );
  });

  it('reports a date in the past; this month is still good', () => {
    expect(validate({ ...COMPLETE, expiry: '1225' }, false, NOW)).toEqual(
      error('invalid_expiry_year_past', "Your card's expiration year is in the past."),
    );
    expect(validate({ ...COMPLETE, expiry: '0426' }, false, NOW)).toEqual(
      error('invalid_expiry_month_past', "Your card's expiration date is in the past."),
    );
    expect(validate({ ...COMPLETE, expiry: '0526' }, false, NOW)).toBe(undefined);
  });
});

describe('on submit (strict)', () => {
  it('passes a complete card', () => {
    expect(validate(COMPLETE, true, NOW)).toBe(undefined);
  });

  it.each([
    [{ number: '424242424242' }, 'incomplete_number', 'Your card number is incomplete.'],
    [{ expiry: '12' }, 'incomplete_expiry', "Your card's expiration date is incomplete."],
    [{ cvc: '12' }, 'incomplete_cvc', "Your card's security code is incomplete."],
    [
      { number: '378282246310005', cvc: '123' },
      'incomplete_cvc',
      "Your card's security code is incomplete.",
    ],
    [{ zip: '9410' }, 'incomplete_zip', 'Your postal code is incomplete.'],
    [{ country: 'CA', zip: 'K1A 0B' }, 'incomplete_zip', 'Your postal code is incomplete.'],
  ])('reports %j as %s', (change, code, message) => {
    expect(validate({ ...COMPLETE, ...change }, true, NOW)).toEqual(error(code, message));
  });

  it('asks no postal code where the country has none', () => {
    expect(validate({ ...COMPLETE, country: 'FR', zip: '' }, true, NOW)).toBe(undefined);
  });

  it('reports the first error, in the inputs’ order', () => {
    const empty = { ...COMPLETE, number: '', expiry: '', cvc: '', zip: '' };
    expect(validate(empty, true, NOW)?.code).toBe('incomplete_number');
    expect(validate({ ...empty, number: COMPLETE.number }, true, NOW)?.code).toBe(
      'incomplete_expiry',
    );
  });
});

it('names the input of every error it can report', () => {
  expect(FIELD_OF_CODE).toEqual({
    invalid_number: 'number',
    incomplete_number: 'number',
    invalid_expiry_month: 'expiry',
    invalid_expiry_year_past: 'expiry',
    invalid_expiry_month_past: 'expiry',
    incomplete_expiry: 'expiry',
    incomplete_cvc: 'cvc',
    incomplete_zip: 'zip',
  });
});
