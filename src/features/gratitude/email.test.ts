import fc from 'fast-check';
import { EMAIL_PATTERN as SERVER_EMAIL_PATTERN } from '../../../mock-api/http';
import { EMAIL_PATTERN, isValidEmail } from './email';

const VALID = [
  'ava@example.com',
  'guest.name+tag@mail.example.co.uk',
  'someone@agency.travel',
  'studio@pictures.photography',
  'x@y.io',
  'UPPER@EXAMPLE.ORG',
];

const INVALID = [
  '',
  'plain',
  'no-at-sign.com',
  '@example.com',
  'ava@',
  'ava@example',
  'ava@example.c',
  'ava@example.com.',
  'ava@@example.com',
  'ava@exa@mple.com',
  'ava martinez@example.com',
  'ava@example .com',
  ' ava@example.com',
  'ava@example.com ',
];

describe('EMAIL_PATTERN', () => {
  it.each(VALID)('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(INVALID)('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('is the same rule as the mock API on every sample', () => {
    for (const email of [...VALID, ...INVALID]) {
      expect([email, EMAIL_PATTERN.test(email)]).toEqual([email, SERVER_EMAIL_PATTERN.test(email)]);
    }
  });

  it('agrees with the mock API on generated addresses and arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (email) => {
        expect(EMAIL_PATTERN.test(email)).toBe(SERVER_EMAIL_PATTERN.test(email));
      }),
    );
  });

  it('is written the same way as the mock API pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(SERVER_EMAIL_PATTERN.source);
    expect(EMAIL_PATTERN.flags).toBe(SERVER_EMAIL_PATTERN.flags);
  });
});
