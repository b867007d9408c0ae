import fc from 'fast-check';
import {
  CLUSTER_UNITS,
  countCharacters,
  cutToCharacters,
  measureText,
  splitCharacters,
} from './characters';

const FAMILY = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}'; // 👨‍👩‍👧‍👦, 11 units
const FLAG = '\u{1F1EB}\u{1F1F7}'; // 🇫🇷
const ENGLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'; // 14 units
const KISS = '\u{1F469}\u{1F3FB}\u200d\u2764\ufe0f\u200d\u{1F48B}\u200d\u{1F468}\u{1F3FC}'; // 15

/** fast-check's default 100 runs of `predicate`. */
const forAll = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void) =>
  fc.assert(fc.property(arbitrary, predicate));

describe('countCharacters', () => {
  it('counts 125 emoji as 125', () => {
    const text = '\u{1F600}'.repeat(125);
    expect(text).toHaveLength(250);
    expect(countCharacters(text)).toBe(125);
    expect(measureText(text)).toBe(125);
  });

  it.each([
    ['a family', FAMILY],
    ['a flag', FLAG],
    ['a tag-sequence flag', ENGLAND],
    ['a letter and a combining accent', 'e\u0301'],
    ['a Devanagari conjunct', '\u0915\u094d\u0937'],
    ['CR LF', '\r\n'],
  ])('counts %s as one character', (_what, text) => {
    expect(countCharacters(text)).toBe(1);
    expect(splitCharacters(text)).toEqual([text]);
  });

  it('counts a letter in plain ASCII and in other scripts alike', () => {
    expect(countCharacters('Thank you!')).toBe(10);
    expect(countCharacters('José Ñúñez')).toBe(10);
    expect(countCharacters('Jose\u0301 N\u0303u\u0301n\u0303ez')).toBe(10);
    expect(countCharacters('')).toBe(0);
  });

  it('counts a cluster longer than CLUSTER_UNITS as one character per CLUSTER_UNITS started', () => {
    const tower = `e${'\u0301'.repeat(40)}`; // 41 units, one cluster
    expect(splitCharacters(tower)).toHaveLength(1);
    expect(countCharacters(tower)).toBe(Math.ceil(41 / CLUSTER_UNITS));
    expect(countCharacters(`e${'\u0301'.repeat(CLUSTER_UNITS - 1)}`)).toBe(1);
  });

  it('holds a text of n characters to CLUSTER_UNITS * n units', () =>
    forAll(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
      expect(text.length).toBeLessThanOrEqual(CLUSTER_UNITS * countCharacters(text));
    }));

  it('splits into parts that join back into the text', () =>
    forAll(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
      expect(splitCharacters(text).join('')).toBe(text);
    }));
});

describe('measureText', () => {
  it('trims first: white space around the text counts for nothing', () => {
    expect(measureText(`   ${'x'.repeat(250)}\n `)).toBe(250);
    expect(measureText(' \t ')).toBe(0);
    expect(measureText(` ${FAMILY} `)).toBe(1);
  });
});

describe('cutToCharacters', () => {
  const [x249, x250] = ['x'.repeat(249), 'x'.repeat(250)];
  it.each<[string, string, number, string]>([
    ['keeps text that fits as it is', 'abc', 3, 'abc'],
    ['keeps text that fits, white space around it, as it is', '  xxxxx  ', 5, '  xxxxx  '],
    ['keeps a family whole', `${x249}${FAMILY}y`, 250, `${x249}${FAMILY}`],
    ['leaves a family out whole, never split', `${x250}${FAMILY}`, 250, x250],
    ['cuts between flags, not inside one', `${FLAG}${FLAG}${FLAG}`, 2, `${FLAG}${FLAG}`],
    ['keeps a letter with its accents', 'ae\u0301\u0308i', 2, 'ae\u0301\u0308'],
    ['lets leading white space use up nothing', `   ${'x'.repeat(260)}`, 250, `   ${x250}`],
  ])('%s', (_why, text, max, cut) => {
    expect(cutToCharacters(text, max)).toBe(cut);
  });

  it('gives a start of whole characters that measures at most the limit', () => {
    const awkward = fc.constantFrom(FAMILY, FLAG, ENGLAND, KISS, 'e\u0301', '\u0301', ' ', '\r\n');
    const text = fc
      .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 4 }), awkward), { maxLength: 20 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.nat(30), (raw, max) => {
        const cut = cutToCharacters(raw, max);
        const whole = splitCharacters(raw);
        const kept = splitCharacters(cut);
        expect(kept).toEqual(whole.slice(0, kept.length));
        expect(measureText(cut)).toBeLessThanOrEqual(max);
        if (measureText(raw) <= max) expect(cut).toBe(raw);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the segmenter', () => {
  const realSegmenter = Intl.Segmenter;
  /** Puts another Intl.Segmenter in place (undefined: an engine without one). */
  const setSegmenter = (value: unknown) =>
    Object.defineProperty(Intl, 'Segmenter', { value, configurable: true, writable: true });
  afterEach(() => setSegmenter(realSegmenter));

  it('is made on the first count that needs it, not on load nor for ASCII', () => {
    const made = jest.fn();
    setSegmenter(
      class extends realSegmenter {
        constructor(...args: ConstructorParameters<typeof Intl.Segmenter>) {
          super(...args);
          made();
        }
      },
    );
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./characters')>('./characters');
      expect(made).not.toHaveBeenCalled();
      expect(fresh.measureText('  Thank you!\n')).toBe(10);
      expect(made).not.toHaveBeenCalled();
      expect(fresh.countCharacters(FAMILY)).toBe(1);
      expect(fresh.countCharacters(FLAG)).toBe(1);
      expect(made).toHaveBeenCalledTimes(1);
    });
  });

  it('counts code points where the engine has none, never half a pair', () => {
    setSegmenter(undefined);
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./characters')>('./characters');
      expect(fresh.countCharacters('\u{1F600}'.repeat(3))).toBe(3);
      expect(fresh.cutToCharacters('\u{1F600}\u{1F600}', 1)).toBe('\u{1F600}');
    });
  });
});
