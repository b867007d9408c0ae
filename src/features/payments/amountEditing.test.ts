import fc from 'fast-check';
import { AMOUNT_HINTS, MAX_AMOUNT_DIGITS, type AmountHint } from './amountInput';
import {
  EMPTY_AMOUNT_ENTRY,
  caretMoved,
  judgeAmountKey,
  judgeAmountPaste,
  nextAmountEntry,
  type AmountEntry,
  type FieldSelection,
} from './amountEditing';

// The field in a browser, as AmountField wires it: a refused keydown changes nothing; an accepted
// one edits the text at the selection for nextAmountEntry; React puts the kept digits back.
interface Field {
  entry: AmountEntry;
  selection: FieldSelection;
}

type Action =
  | { type: 'key'; key: string }
  /** A click or a tap that puts the caret at `at`. */
  | { type: 'click'; at: number }
  | { type: 'blur' }
  | { type: 'paste'; text: string }
  /** An on-screen keyboard: its keydown names no key, its text just arrives at the caret. */
  | { type: 'screen'; text: string };

const EMPTY_FIELD: Field = { entry: EMPTY_AMOUNT_ENTRY, selection: { start: 0, end: 0 } };

const caret = (at: number): FieldSelection => ({ start: at, end: at });
const entry = (
  value: string,
  centsAt: number | null = null,
  hint: AmountHint | null = null,
): AmountEntry => ({ value, centsAt, hint });
const CENTS_AT_2: AmountEntry = entry('10', 2, AMOUNT_HINTS.wholeDollars);

/** The text reaching the input at the selection, then React's controlled value. */
function change(field: Field, text: string, at: number): Field {
  const entry = nextAmountEntry(field.entry, text, at);
  if (entry.value === text) return { entry, selection: caret(at) };
  return { entry, selection: caret(entry.centsAt ?? entry.value.length) };
}

function insert(field: Field, inserted: string): Field {
  const { value } = field.entry;
  const { start, end } = field.selection;
  return change(
    field,
    value.slice(0, start) + inserted + value.slice(end),
    start + inserted.length,
  );
}

function pressKey(field: Field, key: string): Field {
  const verdict = judgeAmountKey(field.entry, { key, shortcut: false, selection: field.selection });
  const judged = { ...field, entry: verdict.entry };
  if (!verdict.accept) return judged;
  const { value } = judged.entry;
  const { start, end } = judged.selection;
  switch (key) {
    case 'Backspace': {
      const from = start === end ? Math.max(0, start - 1) : start;
      return change(judged, value.slice(0, from) + value.slice(end), from);
    }
    case 'Delete': {
      const to = start === end ? Math.min(value.length, end + 1) : end;
      return change(judged, value.slice(0, start) + value.slice(to), start);
    }
    case 'ArrowLeft':
      return { ...judged, selection: caret(Math.max(0, start - 1)) };
    case 'ArrowRight':
      return { ...judged, selection: caret(Math.min(value.length, end + 1)) };
    case 'Home':
      return { ...judged, selection: caret(0) };
    case 'End':
      return { ...judged, selection: caret(value.length) };
    default:
      return [...key].length === 1 ? insert(judged, key) : judged;
  }
}

function act(field: Field, action: Action): Field {
  switch (action.type) {
    case 'key':
      return pressKey(field, action.key);
    case 'click':
      return {
        entry: caretMoved(field.entry),
        selection: caret(Math.min(action.at, field.entry.value.length)),
      };
    case 'blur':
      return { ...field, entry: caretMoved(field.entry) };
    case 'paste': {
      const verdict = judgeAmountPaste(field.entry, action.text);
      const judged = { ...field, entry: verdict.entry };
      return verdict.accept ? insert(judged, action.text) : judged;
    }
    case 'screen':
      // Its keydown ("Unidentified") passes and changes nothing.
      return insert(field, action.text);
  }
}

const run = (actions: readonly Action[], from: Field = EMPTY_FIELD) => actions.reduce(act, from);
const keys = (typed: string | string[]): Action[] =>
  [...typed].map((key) => ({ type: 'key' as const, key }));
const typeKeys = (typed: string | string[]) => run(keys(typed)).entry;
const onScreen = (typed: string | string[]): Action[] =>
  [...typed].map((text) => ({ type: 'screen' as const, text }));

const digit = fc.constantFrom(...'0123456789');
const digits = (maxLength: number) => fc.string({ unit: digit, maxLength });
const anyKey = fc.oneof(
  digit,
  fc.constantFrom('.', ',', 'e', '-', '+', ' ', 'a', '５'),
  fc.constantFrom('Backspace', 'Delete', 'ArrowLeft', 'ArrowRight', 'Home', 'End'),
  fc.constantFrom('Shift', 'Tab', 'Enter', 'Process', 'Unidentified'),
);
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: anyKey.map((key) => ({ type: 'key' as const, key })) },
  { weight: 1, arbitrary: fc.nat(8).map((at) => ({ type: 'click' as const, at })) },
  { weight: 1, arbitrary: fc.constant({ type: 'blur' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(digits(7), fc.constantFrom('12.50', '1,000', 'abc', '１２'))
      .map((text) => ({ type: 'paste' as const, text })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(digits(3), fc.constantFrom('.', ',', '5.25', '1,000', 'x'))
      .map((text) => ({ type: 'screen' as const, text })),
  },
);
/** Any field a guest can reach, with its caret anywhere. */
const reachedField = fc
  .tuple(fc.array(action, { maxLength: 25 }), fc.nat(8))
  .map(([actions, at]) => act(run(actions), { type: 'click', at }));

describe('typing into the field', () => {
  it('takes a comma as a thousands separator (1,000 is 1000) and drops the cents after a dot', () => {
    expect(typeKeys('1,000')).toEqual(entry('1000'));
    expect(typeKeys('10.50')).toEqual(CENTS_AT_2);
  });

  it('takes digits again after a click in the field, even where the caret was', () => {
    const cents = run(keys('10.5'));
    expect(run([{ type: 'click', at: 0 }, ...keys('2')], cents).entry.value).toBe('210');
    expect(run([{ type: 'click', at: 2 }, ...keys('5')], cents).entry).toEqual(entry('105'));
  });

  it('starts again after a deletion, which deletes a digit and clears the help line', () => {
    expect(typeKeys([...'10.5', 'Backspace', '5'])).toEqual(entry('15'));
  });

  it('12, Home, ".", End, 3 is 123', () => {
    expect(typeKeys(['1', '2', 'Home', '.'])).toEqual(entry('12', 0, AMOUNT_HINTS.wholeDollars));
    expect(typeKeys(['1', '2', 'Home', '.', 'End', '3']).value).toBe('123');
    expect(typeKeys(['1', '2', 'Home', '.', '3']).value).toBe('12');
  });

  it.each([
    ['-5', '5'],
    ['1e6', '16'],
  ])('refuses the non-digits of %j, keeping %j and saying digits only', (typed, value) => {
    const lastRefused = [...typed].reduce((at, key, index) => (/[0-9]/.test(key) ? at : index), -1);
    expect(typeKeys(typed.slice(0, lastRefused + 1)).hint).toBe(AMOUNT_HINTS.digitsOnly);
    expect(typeKeys(typed).value).toBe(value);
  });

  it.each([
    ['refuses a seventh digit, saying so', '1234567', entry('123456', null, AMOUNT_HINTS.tooLong)],
    ['takes full-width digits as digits', '１２', entry('12')],
  ])('%s', (_, typed, expected) => {
    expect(typeKeys(typed)).toEqual(expected);
  });

  it('lets keys that are not characters, and shortcuts, through without ending the cents', () => {
    for (const key of ['Shift', 'Tab', 'Enter', 'Process', 'Unidentified']) {
      expect(judgeAmountKey(CENTS_AT_2, { key, shortcut: false, selection: caret(2) })).toEqual({
        accept: true,
        entry: CENTS_AT_2,
      });
    }
    const shortcut = { key: 'v', shortcut: true, selection: caret(2) };
    expect(judgeAmountKey(CENTS_AT_2, shortcut).accept).toBe(true);
  });

  it('takes a digit replacing a selection as a new amount, even in the cents', () => {
    const replacing = { key: '5', shortcut: false, selection: { start: 0, end: 2 } };
    expect(judgeAmountKey(CENTS_AT_2, replacing)).toEqual({ accept: true, entry: entry('10') });
  });
});

describe('pasting', () => {
  it('takes digits and 1,000 (as 1000), even in the cents, and refuses anything else, saying why', () => {
    const cents = run(keys('10.'));
    const paste = (text: string, from?: Field) => run([{ type: 'paste', text }], from).entry;
    expect(paste('5', cents)).toEqual(entry('105'));
    expect(paste('1,000')).toEqual(entry('1000'));
    expect(paste('1,000', cents).value).toBe('101000');
    expect(paste('12.50', cents)).toMatchObject({ value: '10', hint: AMOUNT_HINTS.wholeDollars });
    expect(paste('abc')).toMatchObject({ value: '', hint: AMOUNT_HINTS.digitsOnly });
  });
});

describe('nextAmountEntry (text that reached the field with no key named)', () => {
  it('keeps the dollars before a dot and drops the cents after it', () => {
    expect(nextAmountEntry(EMPTY_AMOUNT_ENTRY, '10.50', 5)).toEqual(CENTS_AT_2);
  });

  it('drops digits arriving where the cents go on, and takes them anywhere else', () => {
    const cents = entry('10', 1, AMOUNT_HINTS.wholeDollars);
    // A 0 after the 1 (the caret then at 2) is cents, though 100 could be 10 and a 0 at its end.
    expect(nextAmountEntry(cents, '100', 2)).toEqual(cents);
    expect(nextAmountEntry(cents, '510', 1)).toEqual(entry('510'));
    expect(nextAmountEntry(cents, '0', 0)).toEqual(entry('0'));
  });

  it('takes an on-screen keyboard’s 1,000 at once as 1000 and its 12.5 as 12', () => {
    expect(run([{ type: 'screen', text: '1,000' }]).entry.value).toBe('1000');
    expect(run(onScreen('12.5')).entry).toMatchObject({
      value: '12',
      hint: AMOUNT_HINTS.wholeDollars,
    });
  });

  it('turns full-width digits into digits and drops other characters, saying digits only', () => {
    expect(nextAmountEntry(EMPTY_AMOUNT_ENTRY, '１２', 2)).toEqual(entry('12'));
    expect(nextAmountEntry(EMPTY_AMOUNT_ENTRY, '12abc', 5)).toEqual(
      entry('12', null, AMOUNT_HINTS.digitsOnly),
    );
  });
});

describe('the field, whatever the guest does (properties)', () => {
  it('only ever holds zero to six digits, with the cents inside it', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let field = EMPTY_FIELD;
        for (const next of actions) {
          field = act(field, next);
          const { value, centsAt } = field.entry;
          expect(value).toMatch(new RegExp(`^[0-9]{0,${MAX_AMOUNT_DIGITS}}$`));
          if (centsAt !== null) expect(centsAt).toBeLessThanOrEqual(value.length);
        }
      }),
    );
  });

  it('never lets cents join the dollars: a dot, then digits, leaves the amount as it was', () => {
    fc.assert(
      fc.property(reachedField, digits(8), fc.boolean(), (field, cents, screen) => {
        const typed = screen ? onScreen(`.${cents}`) : keys(`.${cents}`);
        expect(run(typed, field).entry.value).toBe(field.entry.value);
      }),
    );
  });

  it('never locks: after a click, a blur or a caret key, a digit is taken while there is room', () => {
    const release: fc.Arbitrary<Action[]> = fc.oneof(
      fc.nat(8).map((at): Action[] => [{ type: 'click', at }]),
      fc.constant<Action[]>([{ type: 'blur' }]),
      fc.constantFrom('End', 'Home', 'ArrowLeft', 'ArrowRight').map(keys),
    );
    fc.assert(
      fc.property(reachedField, release, digit, (field, moves, next) => {
        const moved = run(moves, field);
        fc.pre(moved.entry.value.length < MAX_AMOUNT_DIGITS);
        expect(act(moved, { type: 'key', key: next }).entry.value).toHaveLength(
          moved.entry.value.length + 1,
        );
      }),
    );
  });

  it('takes commas as nothing: digits with commas anywhere are those digits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(digit, fc.constant(',')), { maxLength: 12 }),
        fc.boolean(),
        (typed, screen) => {
          const actions = screen ? onScreen(typed) : keys(typed);
          const expected = typed.filter((key) => key !== ',').join('');
          expect(run(actions).entry.value).toBe(expected.slice(0, MAX_AMOUNT_DIGITS));
        },
      ),
    );
  });
});
