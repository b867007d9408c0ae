import fc from 'fast-check';
import { titleCase } from './titleCase';

const expectTitle = (input: string, expected: string) => expect(titleCase(input)).toBe(expected);

/** fast-check's default 100 runs of `predicate`; several arbitraries go in as one fc.tuple. */
const forAll = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void) =>
  fc.assert(fc.property(arbitrary, predicate));

describe('titleCase', () => {
  it.each([
    ['ava martinez', 'Ava Martinez'],
    ['AVA MARTINEZ', 'AVA MARTINEZ'],
    ['aVA mARTINEZ', 'AVA MARTINEZ'],
    ['a', 'A'],
    ['', ''],
  ])('title-cases %j as %j', expectTitle);

  it.each([
    ['john doe recognized ava.martinez', 'John Doe recognized Ava.martinez'],
    ['Recognized', 'recognized'],
    ['john appreciated ava', 'John Appreciated Ava'],
  ])('keeps the verb lower-case, and no other word: %j as %j', expectTitle);

  it.each([
    ['Tip to ava', 'tip to Ava'],
    ['a tip  to\tava', 'A tip  to\tAva'],
    ['to ava', 'To Ava'],
    ['tip the team to', 'Tip The Team To'],
    ['tip tip to', 'Tip tip to'],
    ['tip to tip to', 'tip to tip to'],
  ])("keeps 'tip to' lower-case as a phrase only: %j as %j", expectTitle);

  it.each([
    ['unthanked', 'Unthanked'],
    ['thanked, ava', 'Thanked, Ava'],
    ['recognizedly', 'Recognizedly'],
    ['tipto', 'Tipto'],
  ])('matches the kept words as whole words only: %j as %j', expectTitle);

  it.each([
    ['  ava   martinez  ', '  Ava   Martinez  '],
    ['ava\u00a0martinez', 'Ava\u00a0Martinez'],
  ])('preserves whitespace exactly, leading, trailing and repeated: %j as %j', expectTitle);

  it.each([
    ['jean-luc picard', 'Jean-luc Picard'],
    ["o'connell", "O'connell"],
  ])('treats hyphenated and apostrophe words as one word: %j as %j', expectTitle);

  it.each([
    ['Anne-Marie McDonald', 'Anne-Marie McDonald'],
    ["anne-Marie mcDonald o'Connell", "Anne-Marie McDonald O'Connell"],
    ['DeShawn da Silva', 'DeShawn Da Silva'],
    ['iPhone ÉLODIE', 'IPhone ÉLODIE'],
  ])('keeps the capitals the person wrote: %j as %j', expectTitle);

  it('keeps the capitals around the kept words', () => {
    expect(titleCase("Anne-Marie McDonald O'Connell recognized marcus.oconnell")).toBe(
      "Anne-Marie McDonald O'Connell recognized Marcus.oconnell",
    );
    expect(titleCase('Tip to McDonald')).toBe('tip to McDonald');
  });

  it.each([
    ['(ava) @martinez', '(Ava) @Martinez'],
    ['3RD place', '3RD Place'],
    ['--- ...', '--- ...'],
  ])('capitalises the first letter or digit, after any punctuation: %j as %j', expectTitle);

  it.each([
    ['élodie çELIK', 'Élodie ÇELIK'],
    ['ßtraße', 'ßtraße'], // 'ß' would upper-case to 'SS': left alone
    ['😀ava', '😀Ava'],
  ])('handles non-ASCII letters: %j as %j', expectTitle);

  describe('properties', () => {
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      // Characters with awkward case mappings, word punctuation and whitespace.
      fc.string({ unit: fc.constantFrom('a', 'B', 'ß', 'İ', 'ǅ', "'", '-', '.', ' ', '\t') }),
    );

    it('is idempotent', () =>
      forAll(anyText, (text) => {
        const once = titleCase(text);
        expect(titleCase(once)).toBe(once);
      }));

    it('preserves length and whitespace positions', () =>
      forAll(anyText, (text) => {
        const result = titleCase(text);
        expect(result).toHaveLength(text.length);
        expect(result.split(/\S+/u)).toEqual(text.split(/\S+/u));
      }));

    it('never lowers a letter outside the kept words, and raises only a first letter', () =>
      forAll(anyText, (text) => {
        const result = titleCase(text);
        const words = text.split(/(\s+)/u);
        const resultWords = result.split(/(\s+)/u);
        words.forEach((word, index) => {
          const out = resultWords[index] ?? '';
          const keptWords = ['recognized', 'celebrated', 'thanked', 'tip', 'to'];
          if (keptWords.includes(word.toLowerCase()) && out === word.toLowerCase()) return;
          const first = word.search(/[\p{L}\p{N}]/u);
          if (first === -1) return expect(out).toBe(word);
          const char = String.fromCodePoint(word.codePointAt(first)!);
          expect(out.slice(0, first)).toBe(word.slice(0, first));
          expect(out.slice(first + char.length)).toBe(word.slice(first + char.length));
          expect([char, char.toUpperCase()]).toContain(out.slice(first, first + char.length));
        });
      }));

    const keptWord = fc.constantFrom('recognized', 'celebrated', 'thanked');
    const ordinaryWord = fc
      .stringMatching(/^[a-z]{1,8}$/)
      .filter((word) => !['recognized', 'celebrated', 'thanked', 'tip', 'to'].includes(word));
    const randomCase = (word: string) =>
      fc
        .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
        .map((flags) =>
          [...word].map((char, i) => (flags[i] ? char.toUpperCase() : char)).join(''),
        );
    const separator = fc.constantFrom(' ', '  ', '\t', '\n ');

    it('writes the kept words and the tip-to phrase lower-case and raises the others', () => {
      const part = fc.oneof(
        keptWord.map((word) => ({ words: [word], kept: true })),
        fc.constant({ words: ['tip', 'to'], kept: true }),
        ordinaryWord.map((word) => ({ words: [word], kept: false })),
      );
      fc.assert(
        fc.property(
          fc.array(part, { minLength: 1, maxLength: 8 }),
          fc.infiniteStream(separator),
          fc.infiniteStream(fc.boolean()),
          (parts, seps, flip) => {
            const written = parts.map(({ words, kept }) => ({
              kept,
              words: words.map((word) => (flip.next().value ? word.toUpperCase() : word)),
            }));
            const expected = written.flatMap(({ words, kept }) =>
              words.map((word) =>
                kept ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1),
              ),
            );
            const input = written
              .flatMap(({ words }) => words)
              .reduce((text, word) => (text === '' ? word : text + seps.next().value + word), '');
            expect(titleCase(input).split(/\s+/u)).toEqual(expected);
          },
        ),
      );
    });

    it('writes every kept word lower-case in any mix of case', () =>
      forAll(fc.tuple(keptWord.chain(randomCase), ordinaryWord), ([kept, other]) => {
        expect(titleCase(`${other} ${kept} ${other}`).split(' ')[1]).toBe(kept.toLowerCase());
      }));
  });
});
