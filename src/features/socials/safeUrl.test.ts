import fc from 'fast-check';
import { linkText, safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it.each([
    ['https://www.facebook.com/ava.martinez.latte', 'https://www.facebook.com/ava.martinez.latte'],
    ['http://example.com', 'http://example.com/'],
    ['  https://www.instagram.com/ava.pours/  ', 'https://www.instagram.com/ava.pours/'],
    ['HTTPS://LinkedIn.com/in/ava', 'https://linkedin.com/in/ava'],
  ])('keeps the web address %j as %j', (raw, expected) => {
    expect(safeUrl(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    '   ',
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:ava@example.com',
    '//evil.example/path',
    'www.facebook.com/ava',
    'https://',
    'http://[::1',
    'https://facebook.com@evil.example/',
    'https://user:pass@example.com/',
  ])('refuses %j', (raw) => {
    expect(safeUrl(raw)).toBeNull();
  });

  it('returns only http(s) addresses, for any text at all', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (raw) => {
        const result = safeUrl(raw);
        if (result !== null) expect(result).toMatch(/^https?:\/\/[^/]/);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses any text behind a dangerous or non-web scheme', () => {
    const scheme = fc.constantFrom('javascript', 'data', 'vbscript', 'file', 'blob', 'ftp');
    const casing = fc.array(fc.boolean(), { minLength: 10, maxLength: 10 });
    fc.assert(
      fc.property(scheme, casing, fc.string(), (name, upper, rest) => {
        const mixed = [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
        expect(safeUrl(`${mixed}:${rest}`)).toBeNull();
      }),
    );
  });

  it('refuses relative addresses', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        expect(safeUrl(path)).toBeNull();
      }),
    );
  });

  it('keeps every http(s) web address, pointing at the same host', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }),
        (raw) => {
          const result = safeUrl(raw);
          expect(result).not.toBeNull();
          expect(new URL(result!).host).toBe(new URL(raw).host);
        },
      ),
    );
  });

  it('is stable: a kept address is kept as it is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), fc.string()), (raw) => {
        const once = safeUrl(raw);
        if (once !== null) expect(safeUrl(once)).toBe(once);
      }),
    );
  });
});

describe('linkText', () => {
  it('shows the host without www and the path without a trailing slash', () => {
    expect(linkText('https://www.instagram.com/ava.pours/')).toBe('instagram.com/ava.pours');
    expect(linkText('https://www.linkedin.com/in/ava-martinez-barista')).toBe(
      'linkedin.com/in/ava-martinez-barista',
    );
    expect(linkText('http://example.com/')).toBe('example.com');
  });
});
