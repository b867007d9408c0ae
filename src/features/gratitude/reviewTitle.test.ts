import fc from 'fast-check';
import { GRATITUDE_ICONS } from '../../api/types';
import { REVIEW_VERBS, reviewTitle } from './reviewTitle';

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

  it('has a verb for every kind', () => {
    expect(Object.keys(REVIEW_VERBS).sort()).toEqual([...GRATITUDE_ICONS].sort());
  });

  it('always reads guest, verb, userName', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom(...GRATITUDE_ICONS),
        fc.string(),
        (guest, icon, user) => {
          expect(reviewTitle(guest, icon, user)).toBe(
            `${guest.trim()} ${REVIEW_VERBS[icon]} ${user}`,
          );
        },
      ),
    );
  });
});
