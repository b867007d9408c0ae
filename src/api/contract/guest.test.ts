import fc from 'fast-check';
import { EMAIL_PATTERN } from './guest';
import { FORBIDDEN_NAME_RANGES } from './names';

const VALID = [
  'ava@example.com',
  'guest.name+tag@mail.example.co.uk',
  'someone@agency.travel',
  'x@y.io',
  'UPPER@EXAMPLE.ORG',
  'jörg@bücher.de',
];

const INVALID = [
  '',
  'no-at-sign.com',
  '@example.com',
  'ava@',
  'ava@example',
  'ava@example.c',
  'ava@example.com.',
  'ava@@example.com',
  'ava martinez@example.com',
  ' ava@example.com',
  'ava@example.com ',
  // Each range of the names rule's ban is swept below; these show nothing or are half a pair.
  'ava\u200b@example.com',
  'ava\ufe0f@example.com',
  'ava@example.\u{e0063}om',
  'ava\ud800@example.com',
  'ava@example.com\udc00',
];

describe('EMAIL_PATTERN', () => {
  it.each(VALID)('accepts %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each(INVALID)('rejects %j', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });

  const CONTROL_OR_FORMAT = /^[\p{Cc}\p{Cf}]$/u;
  const controlOrFormat = fc
    .integer({ min: 0, max: 0x10ffff })
    .map((codePoint) => String.fromCodePoint(codePoint))
    .filter((char) => CONTROL_OR_FORMAT.test(char));
  const validAddress = fc.constantFrom(...VALID);

  it('rejects a control or format character (Unicode Cc, Cf) anywhere in an address', () => {
    fc.assert(
      fc.property(validAddress, controlOrFormat, fc.nat(), (email, char, at) => {
        const cut = at % (email.length + 1);
        expect(EMAIL_PATTERN.test(email.slice(0, cut) + char + email.slice(cut))).toBe(false);
      }),
    );
  });

  it('rejects every character a name may not hold, wherever it is', () => {
    for (const [from, to] of FORBIDDEN_NAME_RANGES) {
      for (let codePoint = from; codePoint <= to; codePoint++) {
        const char = String.fromCodePoint(codePoint);
        for (const email of ['ava@example.com', 'x@y.io']) {
          for (let cut = 0; cut <= email.length; cut++) {
            const text = email.slice(0, cut) + char + email.slice(cut);
            expect({ text, valid: EMAIL_PATTERN.test(text) }).toEqual({ text, valid: false });
          }
        }
      }
    }
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
