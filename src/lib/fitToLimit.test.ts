import fc from 'fast-check';
import { cutMessage, fitToLimit } from './fitToLimit';

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

  it('never splits a character made of two units', () => {
    const result = fitToLimit('abc', 'abc😀😀', 6);
    expect(result).toEqual({ value: 'abc😀', cut: 2 });
  });

  it('cuts an older value that was already over the limit to its start', () => {
    expect(fitToLimit('abcdefg', 'abcdefgh', 5)).toEqual({ value: 'abcde', cut: 3 });
  });

  it('always keeps within the limit, keeps the text before the edit, and counts the cut', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.nat(40),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 1, max: 40 }),
        (base, at, insert, max) => {
          const previous = base.slice(0, max);
          const caret = Math.min(at, previous.length);
          const next = previous.slice(0, caret) + insert + previous.slice(caret);
          const { value, cut } = fitToLimit(previous, next, max);
          expect(value.length).toBeLessThanOrEqual(max);
          expect(value.length + cut).toBe(next.length);
          if (next.length <= max) expect(value).toBe(next);
          else expect(value.length).toBeGreaterThanOrEqual(previous.length);
        },
      ),
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
