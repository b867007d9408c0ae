import fc from 'fast-check';
import {
  AMOUNT_HINTS,
  AMOUNT_MESSAGES,
  MAX_AMOUNT_DIGITS,
  PRESET_AMOUNTS,
  acceptPaste,
  filterAmountInput,
  judgeAmountKey,
  nextAmountEntry,
  normalizeDigits,
  parseAmountDollars,
  pasteHint,
  validateAmount,
  validateAmountForPayment,
} from './amountInput';

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
    });
  });
});

describe('judgeAmountKey', () => {
  const entry = { value: '1', ended: false, hint: null };
  it.each(['.', ',', 'e', 'E', '+', '-', 'a', ' '])('refuses %j, saying why', (key) => {
    const verdict = judgeAmountKey(entry, { key, shortcut: false, selected: 0 });
    expect(verdict.accept).toBe(false);
    expect(verdict.hint).toBe(
      key === '.' || key === ',' ? AMOUNT_HINTS.wholeDollars : AMOUNT_HINTS.digitsOnly,
    );
  });

  it.each(['0', '5', '9', '５', 'Backspace', 'Delete', 'ArrowLeft', 'Tab', 'Enter'])(
    'lets %j through',
    (key) => {
      expect(judgeAmountKey(entry, { key, shortcut: false, selected: 0 }).accept).toBe(true);
    },
  );
});

describe('acceptPaste', () => {
  it.each([
    ['25', true],
    ['999999', true],
    ['0', true],
    ['1234567', false],
    ['12.5', false],
    ['1,000', false],
    ['1e3', false],
    [' 12', false],
    ['-5', false],
    ['１２', true],
    ['１２３４５６７', false],
    ['', false],
  ])('%j -> %s', (text, accepted) => {
    expect(acceptPaste(text)).toBe(accepted);
  });

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
    ['', ''],
    ['12', '12'],
    ['12.50', '1250'],
    ['1e5', '15'],
    ['$1,000', '1000'],
    ['1234567', '123456'],
    ['abc', ''],
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
    ['', false, AMOUNT_MESSAGES.invalid],
    ['abc', false, AMOUNT_MESSAGES.invalid],
    ['1.5', false, AMOUNT_MESSAGES.invalid],
    ['-1', false, AMOUNT_MESSAGES.invalid],
    [' 5', false, AMOUNT_MESSAGES.invalid],
    ['1234567', false, AMOUNT_MESSAGES.invalid],
    ['0', false, null],
    ['10', false, null],
    ['999999', false, null],
    ['', true, AMOUNT_MESSAGES.invalid],
    ['0', true, AMOUNT_MESSAGES.notPositive],
    ['000', true, AMOUNT_MESSAGES.notPositive],
    ['1', true, null],
    ['999999', true, null],
  ])('%j (combined: %s) -> %j', (value, combined, message) => {
    expect(validateAmount(value, { combined })).toBe(message);
  });

  it('accepts every filtered, non-empty value in the gift-only flow', () => {
    fc.assert(
      fc.property(mixedText, (raw) => {
        const kept = filterAmountInput(raw);
        fc.pre(kept !== '');
        expect(validateAmount(kept, { combined: false })).toBeNull();
      }),
    );
  });
});

describe('validateAmountForPayment', () => {
  it.each([
    ['', 'card', false, AMOUNT_MESSAGES.missing],
    ['', 'card', true, AMOUNT_MESSAGES.missing],
    ['', 'wallet', false, AMOUNT_MESSAGES.notPositive],
    ['0', 'wallet', false, AMOUNT_MESSAGES.notPositive],
    ['00', 'wallet', false, AMOUNT_MESSAGES.notPositive],
    ['0', 'card', true, AMOUNT_MESSAGES.notPositive],
    // The field takes 0 in the gift-only form, but nothing can charge $0.
    ['0', 'card', false, AMOUNT_MESSAGES.notPositive],
    ['abc', 'wallet', false, AMOUNT_MESSAGES.invalid],
    ['abc', 'card', false, AMOUNT_MESSAGES.invalid],
    ['20', 'card', false, null],
    ['20', 'wallet', true, null],
  ] as const)('%j by %s (combined: %s) -> %j', (value, option, combined, message) => {
    expect(validateAmountForPayment(value, { option, combined })).toBe(message);
  });
});

describe('parseAmountDollars', () => {
  it.each([
    ['', null],
    ['12', 12],
    ['007', 7],
    ['999999', 999999],
    ['1234567', null],
    ['1.5', null],
  ])('%j -> %j', (value, dollars) => {
    expect(parseAmountDollars(value)).toBe(dollars);
  });
});

describe('normalizeDigits', () => {
  it('turns full-width digits into ASCII ones and leaves the rest', () => {
    expect(normalizeDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(normalizeDigits('１２abc٣')).toBe('12abc٣');
  });
});

describe('pasteHint', () => {
  it.each([
    ['25', null],
    ['１２', null],
    ['10.50', AMOUNT_HINTS.wholeDollars],
    ['1,000', AMOUNT_HINTS.wholeDollars],
    ['-5', AMOUNT_HINTS.digitsOnly],
    ['1e6', AMOUNT_HINTS.digitsOnly],
    ['', AMOUNT_HINTS.digitsOnly],
    ['1234567', AMOUNT_HINTS.tooLong],
  ])('%j -> %j', (text, hint) => {
    expect(pasteHint(text)).toBe(hint);
  });
});

/** Types `keys` into an empty field as a browser would: each accepted key is inserted at the end. */
function typeKeys(keys: string[]) {
  let entry = { value: '', ended: false, hint: null as string | null };
  for (const key of keys) {
    const verdict = judgeAmountKey(entry as Parameters<typeof judgeAmountKey>[0], {
      key,
      shortcut: false,
      selected: 0,
    });
    entry = { ...entry, ended: verdict.ended, hint: verdict.hint };
    if (!verdict.accept) continue;
    const raw =
      key === 'Backspace'
        ? entry.value.slice(0, -1)
        : key.length === 1
          ? entry.value + key
          : entry.value;
    entry = nextAmountEntry(entry as Parameters<typeof nextAmountEntry>[0], raw);
  }
  return entry;
}

describe('judgeAmountKey with nextAmountEntry (typing)', () => {
  it('ends the amount at a decimal separator: 10.50 leaves 10, saying whole dollars only', () => {
    expect(typeKeys([...'10.50'])).toEqual({
      value: '10',
      ended: true,
      hint: AMOUNT_HINTS.wholeDollars,
    });
    expect(typeKeys([...'7,25'])).toMatchObject({ value: '7', hint: AMOUNT_HINTS.wholeDollars });
  });

  it('starts again after a deletion', () => {
    expect(typeKeys([...'10.5', 'Backspace', '5'])).toEqual({
      value: '15',
      ended: false,
      hint: null,
    });
  });

  it.each([
    ['-5', '5'],
    ['1e6', '16'],
    ['12abc', '12'],
    ['+3', '3'],
    ['4 2', '42'],
  ])('refuses the non-digits of %j, keeping %j and saying digits only', (typed, value) => {
    const keys = [...typed];
    const lastRefused = keys.reduce((at, key, index) => (/[0-9]/.test(key) ? at : index), -1);
    const upToRefused = typeKeys(keys.slice(0, lastRefused + 1));
    expect(upToRefused.hint).toBe(AMOUNT_HINTS.digitsOnly);
    expect(typeKeys(keys).value).toBe(value);
  });

  it('refuses a seventh digit, saying so', () => {
    expect(typeKeys([...'1234567'])).toEqual({
      value: '123456',
      ended: false,
      hint: AMOUNT_HINTS.tooLong,
    });
  });

  it('takes full-width digits as digits', () => {
    expect(typeKeys([...'１２'])).toEqual({ value: '12', ended: false, hint: null });
  });

  it('lets keys that are not characters, and shortcuts, through', () => {
    const entry = { value: '10', ended: true, hint: AMOUNT_HINTS.wholeDollars };
    for (const key of ['ArrowLeft', 'Tab', 'Enter', 'Process', 'Unidentified']) {
      expect(judgeAmountKey(entry, { key, shortcut: false, selected: 0 })).toEqual({
        accept: true,
        ended: true,
        hint: AMOUNT_HINTS.wholeDollars,
      });
    }
    expect(judgeAmountKey(entry, { key: 'v', shortcut: true, selected: 0 }).accept).toBe(true);
  });

  it('takes a digit replacing a selection as a new amount, even after a separator', () => {
    const entry = { value: '10', ended: true, hint: AMOUNT_HINTS.wholeDollars };
    expect(judgeAmountKey(entry, { key: '5', shortcut: false, selected: 2 })).toEqual({
      accept: true,
      ended: false,
      hint: null,
    });
  });
});

describe('nextAmountEntry (text reaching the field)', () => {
  const fresh = { value: '', ended: false, hint: null };

  it('keeps the dollars before a separator of any text', () => {
    expect(nextAmountEntry(fresh, '10.50')).toEqual({
      value: '10',
      ended: true,
      hint: AMOUNT_HINTS.wholeDollars,
    });
  });

  it('refuses more digits once ended (an on-screen keyboard that names no key)', () => {
    const ended = nextAmountEntry(fresh, '10.');
    expect(nextAmountEntry(ended, '105')).toEqual(ended);
    expect(nextAmountEntry(ended, '1')).toEqual({ value: '1', ended: false, hint: null });
  });

  it('turns full-width digits into digits', () => {
    expect(nextAmountEntry(fresh, '１２')).toEqual({ value: '12', ended: false, hint: null });
  });

  it('drops other characters, saying digits only', () => {
    expect(nextAmountEntry(fresh, '12abc')).toEqual({
      value: '12',
      ended: false,
      hint: AMOUNT_HINTS.digitsOnly,
    });
  });

  it('never keeps more than six digits, and never a separator', () => {
    fc.assert(
      fc.property(mixedText, fc.boolean(), (raw, ended) => {
        const next = nextAmountEntry({ value: '', ended, hint: null }, raw);
        return /^\d{0,6}$/.test(next.value);
      }),
    );
  });
});
