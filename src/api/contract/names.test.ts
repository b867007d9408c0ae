import fc from 'fast-check';
import { CLUSTER_UNITS, countCharacters } from './characters';
import { MAX_FULL_NAME_LENGTH } from './guest';
import {
  FORBIDDEN_NAME_RANGES,
  hasForbiddenCharacter,
  nameBrokenMessage,
  nameCharactersMessage,
  nameProblem,
  normalizeName,
  textCharactersProblem,
} from './names';

const check = (raw: string) => nameProblem(normalizeName(raw));

/** The forbidden set read straight from the ranges, one code point at a time. */
const isForbidden = (codePoint: number) =>
  FORBIDDEN_NAME_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0)!);

const forbiddenChar = fc
  .constantFrom(...FORBIDDEN_NAME_RANGES)
  .chain(([from, to]) => fc.integer({ min: from, max: to }))
  .map((codePoint) => String.fromCodePoint(codePoint));

/** Any string, lone surrogates and every plane included, with forbidden characters mixed in. */
const anyText = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), forbiddenChar, fc.constant(' ')), {
    maxLength: 8,
  })
  .map((parts) => parts.join(''));

/** fast-check's default 100 runs of `predicate`; several arbitraries go in as one fc.tuple. */
const forAll = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void) =>
  fc.assert(fc.property(arbitrary, predicate));

describe('normalizeName', () => {
  it('trims and composes (NFC)', () => {
    expect(normalizeName('  Jo Doe \t')).toBe('Jo Doe');
    expect(normalizeName('\u00a0Jo\u2003')).toBe('Jo');
    const nfd = 'Jose\u0301';
    expect(nfd).toHaveLength(5);
    expect(normalizeName(nfd)).toBe('Jos\u00e9');
  });

  it('is idempotent', () =>
    forAll(anyText, (raw) => {
      const once = normalizeName(raw);
      expect(normalizeName(once)).toBe(once);
    }));

  it('gives one name for canonically equivalent spellings (NFD, NFC)', () =>
    forAll(fc.string({ unit: 'grapheme', maxLength: 20 }), (raw) => {
      expect(normalizeName(raw.normalize('NFD'))).toBe(normalizeName(raw.normalize('NFC')));
    }));
});

describe('nameProblem', () => {
  it.each([
    ['an apostrophe and a hyphen', "Marcus O'Connell-Smith"],
    ['precomposed accents', 'José Ñúñez'],
    ['combining accents', 'Jose\u0301'],
    ['Arabic', 'محمد عبد الله'],
    ['Arabic and Latin together', 'Layla ليلى'],
    ['Devanagari with a zero-width joiner', 'क्\u200dष'],
    ['Persian with a zero-width non-joiner', 'می\u200cخواهم'],
    ['an emoji ZWJ family', 'Sam \u{1F469}\u200d\u{1F469}\u200d\u{1F467}'],
    ['a skin tone and a variation selector', 'Jo \u{1F44B}\u{1F3FD} \u2764\ufe0f'],
    ['a tag-sequence flag', 'Jo \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['30 characters', 'x'.repeat(MAX_FULL_NAME_LENGTH)],
  ])('accepts %s', (_what, name) => {
    expect(check(name)).toBeNull();
  });

  it.each([
    ['a NUL', '\u0000'],
    ['the issue’s name', '\u202eevil\u0000nul'],
    ['a left-to-right isolate inside', 'a\u2066b'],
    ['a tab inside', 'Jo\tDoe'],
    ['DEL', 'Jo\u007f'],
    ['an Arabic letter mark', 'Jo\u061cDoe'],
    ['a left-to-right mark', '\u200eJo'],
    ['a line separator inside', 'Jo\u2028Doe'],
    ['an interlinear annotation', 'Jo\ufff9Doe\ufffb'],
  ])('refuses %s as characters', (_what, name) => {
    expect(check(name)).toBe('characters');
  });

  it.each([
    ['nothing', ''],
    ['spaces', ' \t \u3000 '],
    ['a zero-width space', '\u200b'],
    ['a Hangul filler', '\u3164'],
    ['variation selectors', '\ufe0f\ufe0e'],
  ])('counts %s as empty', (_what, name) => {
    expect(check(name)).toBe('empty');
  });

  it('refuses half a surrogate pair as broken', () => {
    expect(check('Jo\ud800')).toBe('broken');
    expect(check('\udc00Jo')).toBe('broken');
  });

  it('measures after normalising: 30 NFC characters typed as 60 NFD ones pass', () => {
    const nfd = 'e\u0301'.repeat(MAX_FULL_NAME_LENGTH);
    expect(nfd).toHaveLength(60);
    expect(check(` ${nfd} `)).toBeNull();
    expect(check('x'.repeat(MAX_FULL_NAME_LENGTH + 1))).toBe('tooLong');
    expect(nameProblem('x'.repeat(11), 10)).toBe('tooLong');
  });

  it('counts characters as a person does: 30 emoji, or 29 letters and a family, pass', () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}';
    expect(check('\u{1F600}'.repeat(30))).toBeNull();
    expect(check(`${'x'.repeat(29)}${family}`)).toBeNull();
    expect(check('\u{1F600}'.repeat(31))).toBe('tooLong');
    expect(check(`${'x'.repeat(30)}${family}`)).toBe('tooLong');
  });

  it('accepts no name that holds a forbidden character, a lone surrogate or too many characters', () => {
    let accepted = 0;
    const names = fc.oneof(anyText, fc.string({ unit: 'grapheme', maxLength: 34 }));
    fc.assert(
      fc.property(names, (raw) => {
        const name = normalizeName(raw);
        if (nameProblem(name) !== null) return;
        expect(codePoints(name).filter(isForbidden)).toEqual([]);
        expect(countCharacters(name)).toBeLessThanOrEqual(MAX_FULL_NAME_LENGTH);
        expect(name.length).toBeLessThanOrEqual(MAX_FULL_NAME_LENGTH * CLUSTER_UNITS);
        expect(name).toBe(name.normalize('NFC'));
        expect(name).toBe(name.trim());
        expect(name).not.toBe('');
        expect(codePoints(name).some((c) => c >= 0xd800 && c <= 0xdfff)).toBe(false);
        accepted += 1;
      }),
      { numRuns: 500 },
    );
    // The property said something: a good share of the generated names were accepted.
    expect(accepted).toBeGreaterThan(50);
  });

  it('refuses any forbidden character between two letters, whatever is around it', () => {
    const letters = fc.string({ unit: fc.constantFrom(...'abcéñ李ש'.split('')), maxLength: 8 });
    forAll(fc.tuple(letters, forbiddenChar, letters), ([before, bad, after]) => {
      expect(check(`${before}a${bad}b${after}`)).toBe('characters');
    });
  });

  it('agrees with the ranges, code point by code point', () => {
    forAll(fc.integer({ min: 0, max: 0x10ffff }), (codePoint) => {
      fc.pre(codePoint < 0xd800 || codePoint > 0xdfff);
      const char = String.fromCodePoint(codePoint);
      expect(hasForbiddenCharacter(`a${char}b`)).toBe(isForbidden(codePoint));
    });
    for (const [from, to] of FORBIDDEN_NAME_RANGES) {
      expect(hasForbiddenCharacter(String.fromCodePoint(from))).toBe(true);
      expect(hasForbiddenCharacter(String.fromCodePoint(to))).toBe(true);
    }
    expect(hasForbiddenCharacter('\u200c\u200d')).toBe(false);
  });
});

describe('textCharactersProblem and the messages', () => {
  it('checks the characters only, at any length', () => {
    expect(textCharactersProblem(`${'x'.repeat(200)} recognized ava`)).toBeNull();
    expect(textCharactersProblem('\u202eevil recognized ava')).toBe('characters');
    expect(textCharactersProblem('Tip to \ud83d')).toBe('broken');
    expect(textCharactersProblem('')).toBeNull();
  });

  it('name the field', () => {
    expect(nameCharactersMessage('Full Name')).toBe(
      "Full Name can't contain control or text-direction characters",
    );
    expect(nameBrokenMessage('fullName')).toBe('fullName must be valid Unicode text');
  });
});
