import fc from 'fast-check';
import { GRATITUDE_ICONS } from './types';
import { GRATITUDE_KINDS } from './kinds';
import { reviewTitle } from './reviewForm';

describe('reviewTitle', () => {
  it.each([
    ['RECOGNITION', 'Jo Doe recognized ava.martinez'],
    ['APPRECIATION', 'Jo Doe appreciated ava.martinez'],
    ['CELEBRATION', 'Jo Doe celebrated ava.martinez'],
    ['GRATITUDE', 'Jo Doe thanked ava.martinez'],
  ] as const)('titles a %s as %j', (icon, expected) => {
    expect(reviewTitle('Jo Doe', icon, 'ava.martinez')).toBe(expected);
  });

  it('trims the guest name', () => {
    expect(reviewTitle('  Jo Doe \t', 'RECOGNITION', 'ava.martinez')).toBe(
      'Jo Doe recognized ava.martinez',
    );
  });

  it('has a kind in the table for every icon, and no other', () => {
    expect(Object.keys(GRATITUDE_KINDS).sort()).toEqual([...GRATITUDE_ICONS].sort());
  });

  it('always reads guest, verb, userName', () => {
    const icons = fc.constantFrom(...GRATITUDE_ICONS);
    fc.assert(
      fc.property(fc.string(), icons, fc.string(), (guest, icon, user) => {
        const { verb } = GRATITUDE_KINDS[icon];
        expect(reviewTitle(guest, icon, user)).toBe(`${guest.trim()} ${verb} ${user}`);
      }),
    );
  });
});
