import { MAX_PROFILE_ID_LENGTH, isPlausibleProfileId } from './profileId';

describe('isPlausibleProfileId', () => {
  it.each(['ava-martinez', '64b7f0c2a1e4d3f5b6a7c8d9', 'jo.smith_1', 'café', 'a'.repeat(100)])(
    'takes %s',
    (id) => expect(isPlausibleProfileId(id)).toBe(true),
  );

  it.each([
    '',
    'a'.repeat(MAX_PROFILE_ID_LENGTH + 1),
    ' ava',
    'a\u0000b',
    '\u202eevil',
    'a/b',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
  ])('refuses %j', (id) => expect(isPlausibleProfileId(id)).toBe(false));
});
