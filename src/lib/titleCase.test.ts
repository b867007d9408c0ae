import fc from 'fast-check';
import { titleCase } from './titleCase';

describe('titleCase', () => {
  it.each([
    ['ava martinez', 'Ava Martinez'],
    ['AVA MARTINEZ', 'AVA MARTINEZ'],
    ['aVA mARTINEZ', 'AVA MARTINEZ'],
    ['a', 'A'],
    ['', ''],
  ])('title-cases %j as %j', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });

  it('keeps recognized, celebrated and thanked lower-case, whatever their input case', () => {
    expect(titleCase('john doe recognized ava.martinez')).toBe('John Doe recognized Ava.martinez');
    expect(titleCase('JOHN CELEBRATED AVA')).toBe('JOHN celebrated AVA');
    expect(titleCase('John Thanked Ava')).toBe('John thanked Ava');
    expect(titleCase('Recognized')).toBe('recognized');
  });

  it('does not keep appreciated lower-case (the spec lists only three verbs)', () => {
    expect(titleCase('john appreciated ava')).toBe('John Appreciated Ava');
  });

  it("keeps the phrase 'tip to' lower-case", () => {
    expect(titleCase('Tip to ava')).toBe('tip to Ava');
    expect(titleCase('TIP TO AVA')).toBe('tip to AVA');
    expect(titleCase('a tip  to\tava')).toBe('A tip  to\tAva');
  });

  it("title-cases 'tip' and 'to' when they are not the phrase", () => {
    expect(titleCase('tip')).toBe('Tip');
    expect(titleCase('to ava')).toBe('To Ava');
    expect(titleCase('to tip')).toBe('To Tip');
    expect(titleCase('tip the team to')).toBe('Tip The Team To');
    expect(titleCase('tip tip to')).toBe('Tip tip to');
    expect(titleCase('tip to tip to')).toBe('tip to tip to');
  });

  it('matches the kept words as whole words only', () => {
    expect(titleCase('unthanked')).toBe('Unthanked');
    expect(titleCase('thanked, ava')).toBe('Thanked, Ava');
    expect(titleCase('recognizedly')).toBe('Recognizedly');
    expect(titleCase('tipto')).toBe('Tipto');
  });

  it('preserves whitespace exactly, including leading, trailing and repeated runs', () => {
    expect(titleCase('  ava   martinez  ')).toBe('  Ava   Martinez  ');
    expect(titleCase('ava\tmartinez\nsmith')).toBe('Ava\tMartinez\nSmith');
    expect(titleCase('   ')).toBe('   ');
    expect(titleCase('ava\u00a0martinez')).toBe('Ava\u00a0Martinez');
  });

  it('treats hyphenated, dotted and apostrophe words as one word', () => {
    expect(titleCase('jean-luc picard')).toBe('Jean-luc Picard');
    expect(titleCase('ava.martinez')).toBe('Ava.martinez');
    expect(titleCase("o'connell")).toBe("O'connell");
  });

  it.each([
    ["Marcus O'Connell", "Marcus O'Connell"],
    ['Anne-Marie McDonald', 'Anne-Marie McDonald'],
    ["anne-Marie mcDonald o'Connell", "Anne-Marie McDonald O'Connell"],
    ["O'CONNELL", "O'CONNELL"],
    ['DeShawn da Silva', 'DeShawn Da Silva'],
    ['iPhone ÉLODIE', 'IPhone ÉLODIE'],
  ])('keeps the capitals the person wrote: %j as %j', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });

  it('keeps the capitals around the kept words', () => {
    expect(titleCase("Anne-Marie McDonald O'Connell recognized marcus.oconnell")).toBe(
      "Anne-Marie McDonald O'Connell recognized Marcus.oconnell",
    );
    expect(titleCase('Tip to McDonald')).toBe('tip to McDonald');
  });

  it('capitalises the first letter or digit, leaving leading punctuation alone', () => {
    expect(titleCase('(ava) @martinez')).toBe('(Ava) @Martinez');
    expect(titleCase('3RD place')).toBe('3RD Place');
    expect(titleCase('--- ...')).toBe('--- ...');
  });

  it('handles non-ASCII letters', () => {
    expect(titleCase('élodie çELIK')).toBe('Élodie ÇELIK');
    expect(titleCase('ßtraße')).toBe('ßtraße'); // 'ß' would upper-case to 'SS': left alone
    expect(titleCase('😀ava')).toBe('😀Ava');
  });

  describe('properties', () => {
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      // Characters with awkward case mappings, word punctuation and whitespace.
      fc.string({ unit: fc.constantFrom('a', 'B', 'ß', 'İ', 'ǅ', "'", '-', '.', ' ', '\t') }),
    );

    it('is idempotent', () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const once = titleCase(text);
          expect(titleCase(once)).toBe(once);
        }),
      );
    });

    it('preserves length and whitespace positions', () => {
      fc.assert(
        fc.property(anyText, (text) => {
          const result = titleCase(text);
          expect(result).toHaveLength(text.length);
          expect(result.split(/\S+/u)).toEqual(text.split(/\S+/u));
        }),
      );
    });

    it('never lowers a letter outside the kept words, and raises only a first letter', () => {
      fc.assert(
        fc.property(anyText, (text) => {
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
        }),
      );
    });

    // Sentences built from ordinary words and the kept words in random case.
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
            // Each word as the person wrote it: all lower-case or all capitals.
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

    it('writes every kept word lower-case in any mix of case', () => {
      fc.assert(
        fc.property(keptWord.chain(randomCase), ordinaryWord, (kept, other) => {
          expect(titleCase(`${other} ${kept} ${other}`).split(' ')[1]).toBe(kept.toLowerCase());
        }),
      );
    });
  });
});
