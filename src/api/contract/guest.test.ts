import fc from 'fast-check';
import { EMAIL_PATTERN } from './guest';

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
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each(INVALID)('rejects %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });

  it('accepts every address with one @, a dot in the domain and a TLD of 2+ characters', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const tld = email.slice(email.lastIndexOf('.') + 1);
        fc.pre(!email.includes(' ') && tld.length >= 2 && email.split('@').length === 2);
        expect(EMAIL_PATTERN.test(email)).toBe(email.slice(email.indexOf('@')).includes('.'));
      }),
    );
  });
});
