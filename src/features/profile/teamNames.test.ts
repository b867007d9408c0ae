import fc from 'fast-check';
import { truncateMemberName } from './teamNames';

describe('truncateMemberName', () => {
  it.each([
    ['Marcus', 'Marcu...'],
    ['Ava M', 'Ava M'],
    ['  Priya  ', 'Priya'],
    ['Zoë Ødegård', 'Zoë Ø...'],
    ['😀😀😀😀😀😀', '😀😀😀😀😀...'],
  ])('shows %j as %j', (name, shown) => {
    expect(truncateMemberName(name)).toBe(shown);
  });

  it('keeps at most 5 characters of the name, and adds ... only when it cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (name) => {
        const shown = truncateMemberName(name);
        const trimmed = name.trim();
        if (trimmed.length <= 5) expect(shown).toBe(trimmed);
        else expect(shown).toBe(`${trimmed.slice(0, 5)}...`);
      }),
    );
  });
});
