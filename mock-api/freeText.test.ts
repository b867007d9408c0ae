// Which characters free text (a review's Say thanks) may hold, and how a refused one is named.
import { refusedCharacter } from './freeText';

describe('refusedCharacter', () => {
  it.each([
    ['plain text', 'Thanks for the latte, Ava!'],
    ['line breaks and tabs', 'Thanks!\n\tFor everything.'],
    ['line breaks as a form sends them (CR LF)', 'Thanks!\r\nFor everything.\r\n'],
    ['right-to-left text with its marks', 'شكرا لك\u200f Ava \u200eThanks'],
    ['emoji with joiners', 'Thanks 👩‍🍳☕'],
  ])('takes %s', (_name, text) => {
    expect(refusedCharacter(text)).toBeNull();
  });

  it.each([
    ['\u0000', 'U+0000 (NULL)'],
    ['\u0007', 'U+0007 (a control character)'],
    ['\u001b', 'U+001B (ESCAPE)'],
    ['\r', 'U+000D (CARRIAGE RETURN, not before a line feed)'],
    ['\u000b', 'U+000B (a control character)'],
    ['\u007f', 'U+007F (DELETE)'],
    ['\u0085', 'U+0085 (a control character)'],
    ['\u202a', 'U+202A (LEFT-TO-RIGHT EMBEDDING)'],
    ['\u202b', 'U+202B (RIGHT-TO-LEFT EMBEDDING)'],
    ['\u202c', 'U+202C (POP DIRECTIONAL FORMATTING)'],
    ['\u202d', 'U+202D (LEFT-TO-RIGHT OVERRIDE)'],
    ['\u202e', 'U+202E (RIGHT-TO-LEFT OVERRIDE)'],
    ['\u2066', 'U+2066 (LEFT-TO-RIGHT ISOLATE)'],
    ['\u2067', 'U+2067 (RIGHT-TO-LEFT ISOLATE)'],
    ['\u2068', 'U+2068 (FIRST STRONG ISOLATE)'],
    ['\u2069', 'U+2069 (POP DIRECTIONAL ISOLATE)'],
  ])('refuses %j as %s, wherever it is', (character, named) => {
    for (const text of [character, `Thanks${character}`, `Tha${character}nks!\r\n`]) {
      expect(refusedCharacter(text)).toBe(named);
    }
  });

  it('names the first one found', () => {
    expect(refusedCharacter('a\u202eb\u0000')).toBe('U+202E (RIGHT-TO-LEFT OVERRIDE)');
  });
});
