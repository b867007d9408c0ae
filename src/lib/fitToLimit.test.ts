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
  const [x249, x250] = ['x'.repeat(249), 'x'.repeat(250)];
  const x249F = `${x249}${FAMILY}`;
  it.each<[string, string, string, number, string, number]>([
    ['keeps text just at the limit as it is', '', 'abcde', 5, 'abcde', 0],
    ['keeps the first 250 of 300 pasted characters', '', 'x'.repeat(300), 250, x250, 50],
    ['cuts only the pasted text', 'Hello world', 'Hello 123456789world', 15, 'Hello 1234world', 5],
    ['refuses a typed character at the limit', 'abcde', 'abcdef', 5, 'abcde', 1],
    ['counts an emoji as one character, cutting one', 'abc', 'abc😀😀😀', 5, 'abc😀😀', 1],
    ['takes one emoji typed at 249 characters', x249, `${x249}😀`, 250, `${x249}😀`, 0],
    ['keeps a family emoji at the limit whole', x249, x249F, 250, x249F, 0],
    ['leaves a family emoji past the limit out whole', x250, `${x250}${FAMILY}`, 250, x250, 1],
    ['keeps one family of two at the limit', x249, `${x249F}${FAMILY}`, 250, x249F, 1],
    ['cuts between flags', 'ab', `ab${FLAG}${FLAG}`, 3, `ab${FLAG}`, 1],
    ['keeps accents with their letter', 'ab', 'abe\u0301\u0308i', 3, 'abe\u0301\u0308', 1],
    ['joins an accent typed at the limit to its letter', 'abe', 'abe\u0301', 3, 'abe\u0301', 0],
    ['lets leading white space use up nothing', '', `   ${'x'.repeat(260)}`, 250, `   ${x250}`, 10],
    ['lets white space around use up nothing', `  ${x250}`, `  ${x250} `, 250, `  ${x250} `, 0],
    // 😀 -> 😁 share their first unit; 😀 and 😁 end on different ones.
    ['never splits a surrogate pair where the edit starts or ends', 'a😀b', 'a😁😁b', 3, 'a😁b', 1],
    ['cuts an older value already over the limit', 'abcdefg', 'abcdefgh', 5, 'abcde', 3],
  ])('%s', (_why, previous, next, max, value, cut) => {
    expect(fitToLimit(previous, next, max)).toEqual({ value, cut });
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
