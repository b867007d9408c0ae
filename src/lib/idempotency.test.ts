import fc from 'fast-check';
import { stableStringify } from '../api/contract/canonicalJson';
import { newIdempotencyKey, submissionKey } from './idempotency';

/** fast-check's default 100 runs of `predicate`. */
const forAll = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void) =>
  fc.assert(fc.property(arbitrary, predicate));

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is a fresh UUID v4 each time', () => {
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('falls back to getRandomValues where randomUUID is missing (an insecure context)', () => {
    const realCrypto = globalThis.crypto;
    const getRandomValues = jest.fn((array: Uint8Array) => realCrypto.getRandomValues(array));
    jest
      .spyOn(globalThis, 'crypto', 'get')
      .mockReturnValue({ getRandomValues } as unknown as Crypto);
    const keys = Array.from({ length: 50 }, newIdempotencyKey);
    expect(getRandomValues).toHaveBeenCalledTimes(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('stableStringify', () => {
  it('keeps the order of arrays and the difference between values', () => {
    expect(stableStringify([1, 2])).not.toBe(stableStringify([2, 1]));
    expect(stableStringify({ a: '1' })).not.toBe(stableStringify({ a: 1 }));
    expect(stableStringify({ a: null })).not.toBe(stableStringify({}));
  });

  it('leaves out undefined entries as JSON does', () => {
    expect(stableStringify({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(stableStringify([undefined])).toBe('[null]');
  });

  it('represents a File by name, size, type and lastModified', () => {
    const file = (name: string, text: string, lastModified = 1) =>
      new File([text], name, { type: 'image/png', lastModified });
    expect(stableStringify(file('a.png', 'abc'))).toBe(stableStringify(file('a.png', 'xyz')));
    expect(stableStringify(file('a.png', 'abc'))).not.toBe(stableStringify(file('b.png', 'abc')));
    expect(stableStringify(file('a.png', 'abc'))).not.toBe(stableStringify(file('a.png', 'abcd')));
    expect(stableStringify(file('a.png', 'abc', 1))).not.toBe(
      stableStringify(file('a.png', 'abc', 2)),
    );
  });

  it('gives the same text whatever order the keys were written in', () => {
    const reversed = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(reversed);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value)
          .reverse()
          .map(([key, item]) => [key, reversed(item)]),
      );
    };
    forAll(fc.jsonValue(), (value) => {
      expect(stableStringify(reversed(value))).toBe(stableStringify(value));
    });
  });

  it('gives equal text for a value and its deep copy, and parses back to an equal value', () =>
    forAll(fc.jsonValue(), (value) => {
      const text = stableStringify(value);
      expect(stableStringify(JSON.parse(JSON.stringify(value)))).toBe(text);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
    }));
});

describe('submissionKey', () => {
  const photo = new File(['bytes'], 'photo.png', { type: 'image/png', lastModified: 7 });
  const values = {
    icon: 'RECOGNITION',
    sayThanks: 'Thank you',
    media: [{ kind: 'image', file: photo }],
  };

  it('makes a key on the first Submit, and keeps it for a retry of the same values, even rebuilt', () => {
    const first = submissionKey(values, null);
    expect(first.key).toMatch(UUID_V4);
    const rebuilt = {
      media: [{ file: photo, kind: 'image' }],
      sayThanks: 'Thank you',
      icon: 'RECOGNITION',
    };
    expect(submissionKey(rebuilt, first).key).toBe(first.key);
  });

  it.each([
    ['the text', { ...values, sayThanks: 'Thanks a lot' }],
    ['the kind', { ...values, icon: 'GRATITUDE' }],
    ['a file', { ...values, media: [] }],
    [
      'a file for another of the same name',
      {
        ...values,
        media: [
          { kind: 'image', file: new File(['other bytes'], 'photo.png', { type: 'image/png' }) },
        ],
      },
    ],
  ])('makes a new key when %s changes', (_what, changed) => {
    const first = submissionKey(values, null);
    const next = submissionKey(changed, first);
    expect(next.key).toMatch(UUID_V4);
    expect(next.key).not.toBe(first.key);
  });
});
