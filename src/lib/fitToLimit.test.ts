import fc from 'fast-check';
import { splitCharacters, measureText } from '../api/contract/characters';
import { cutMessage, fitToLimit } from './fitToLimit';

const FAMILY = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}\u200d\u{1F466}';
const FLAG = '\u{1F1EB}\u{1F1F7}';
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether `shorter` is `longer` with one contiguous piece left out. */
function isWithOnePieceOut(longer: string, shorter: string): boolean {
  let same = 0;
  while (same < shorter.length && longer[same] === shorter[same]) same += 1;
  return longer.endsWith(shorter.slice(same)) && longer.length >= shorter.length;
}

describe('fitToLimit', () => {
  it('keeps text within the limit as it is', () => {
    expect(fitToLimit('abc', 'abcd', 5)).toEqual({ value: 'abcd', cut: 0 });
    expect(fitToLimit('', 'abcde', 5)).toEqual({ value: 'abcde', cut: 0 });
  });

  it('keeps the first 250 of 300 pasted characters into an empty field', () => {
    const pasted = 'x'.repeat(300);
    expect(fitToLimit('', pasted, 250)).toEqual({ value: 'x'.repeat(250), cut: 50 });
  });

  it('cuts only the pasted text, keeping what was before and after the caret', () => {
    const result = fitToLimit('Hello world', 'Hello 123456789world', 15);
    expect(result).toEqual({ value: 'Hello 1234world', cut: 5 });
  });

  it('refuses a typed character at the limit', () => {
    expect(fitToLimit('abcde', 'abcdef', 5)).toEqual({ value: 'abcde', cut: 1 });
  });

  it('counts an emoji as one character, as a person does', () => {
    expect(fitToLimit('abc', 'abc😀😀', 5)).toEqual({ value: 'abc😀😀', cut: 0 });
    expect(fitToLimit('abc', 'abc😀😀😀', 5)).toEqual({ value: 'abc😀😀', cut: 1 });
    const emoji = '😀'.repeat(125);
    expect(fitToLimit('', emoji, 250)).toEqual({ value: emoji, cut: 0 });
  });

  it('takes one emoji typed at 249 characters', () => {
    const text = 'x'.repeat(249);
    expect(fitToLimit(text, `${text}😀`, 250)).toEqual({ value: `${text}😀`, cut: 0 });
  });

  it('keeps a family emoji at the limit whole, or leaves it out whole', () => {
    expect(fitToLimit('x'.repeat(249), `${'x'.repeat(249)}${FAMILY}`, 250)).toEqual({
      value: `${'x'.repeat(249)}${FAMILY}`,
      cut: 0,
    });
    expect(fitToLimit('x'.repeat(250), `${'x'.repeat(250)}${FAMILY}`, 250)).toEqual({
      value: 'x'.repeat(250),
      cut: 1,
    });
    expect(fitToLimit('x'.repeat(249), `${'x'.repeat(249)}${FAMILY}${FAMILY}`, 250)).toEqual({
      value: `${'x'.repeat(249)}${FAMILY}`,
      cut: 1,
    });
  });

  it('cuts between flags and keeps accents with their letter', () => {
    expect(fitToLimit('ab', `ab${FLAG}${FLAG}`, 3)).toEqual({ value: `ab${FLAG}`, cut: 1 });
    expect(fitToLimit('ab', 'abe\u0301\u0308i', 3)).toEqual({ value: 'abe\u0301\u0308', cut: 1 });
    // An accent typed onto the last letter at the limit joins it: nothing is left out.
    expect(fitToLimit('abe', 'abe\u0301', 3)).toEqual({ value: 'abe\u0301', cut: 0 });
  });

  it('keeps a 30-character name that ends in an emoji', () => {
    const name = 'A'.repeat(29);
    expect(fitToLimit(name, `${name}😀`, 30)).toEqual({ value: `${name}😀`, cut: 0 });
    expect(fitToLimit(name, `${name}${FAMILY}`, 30)).toEqual({ value: `${name}${FAMILY}`, cut: 0 });
  });

  it('lets white space before the text use up nothing', () => {
    expect(fitToLimit('', `   ${'x'.repeat(260)}`, 250)).toEqual({
      value: `   ${'x'.repeat(250)}`,
      cut: 10,
    });
    expect(fitToLimit(`  ${'x'.repeat(250)}`, `  ${'x'.repeat(250)} `, 250)).toEqual({
      value: `  ${'x'.repeat(250)} `,
      cut: 0,
    });
  });

  it('never splits a surrogate pair where the edit starts or ends', () => {
    // 😀 -> 😁 share their first unit; 😀 and 😁 end on different ones.
    expect(fitToLimit('a😀b', 'a😁😁b', 3)).toEqual({ value: 'a😁b', cut: 1 });
  });

  it('cuts an older value that was already over the limit to its start', () => {
    expect(fitToLimit('abcdefg', 'abcdefgh', 5)).toEqual({ value: 'abcde', cut: 3 });
  });

  it('always keeps within the limit, keeps the text around the edit, and counts the cut', () => {
    const awkward = fc.constantFrom(FAMILY, FLAG, '😀', 'e\u0301', '\u0301', ' ', '\u200d');
    const text = (maxLength: number) =>
      fc
        .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 3 }), awkward), { maxLength })
        .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        text(12),
        fc.nat(40),
        text(12),
        fc.integer({ min: 1, max: 20 }),
        (base, at, insert, max) => {
          const chars = splitCharacters(base);
          const previous = chars.slice(0, max).join('');
          const caret = splitCharacters(previous).slice(0, at).join('').length;
          const next = previous.slice(0, caret) + insert + previous.slice(caret);
          const { value, cut } = fitToLimit(previous, next, max);
          if (measureText(previous) > max) return; // an older value, already over
          expect(measureText(value)).toBeLessThanOrEqual(max);
          if (measureText(next) <= max) {
            expect(value).toBe(next);
            expect(cut).toBe(0);
            return;
          }
          // The value is the new text with one piece left out, and holds what was there with
          // one piece of the new text added (however the edit is read), and no half a pair.
          expect(isWithOnePieceOut(next, value)).toBe(true);
          expect(isWithOnePieceOut(value, previous)).toBe(true);
          expect(value).not.toMatch(LONE_SURROGATE);
          expect(cut).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('says how much was left out', () => {
    expect(cutMessage(50, 'Say thanks', 250)).toBe(
      '50 characters were left out: Say thanks takes up to 250 characters.',
    );
    expect(cutMessage(1, 'Full Name', 30)).toBe(
      '1 character was left out: Full Name takes up to 30 characters.',
    );
  });
});
