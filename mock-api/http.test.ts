// Property tests of the mock API's input checks: for any input each one returns a value that
// keeps its rule, or throws an HttpError 400 naming the field; never another exception.
import express, { type Request } from 'express';
import fc from 'fast-check';
import { HttpError, jsonBody, optionalBoolean, queryInt, queryString, requireString } from './http';
import { EMAIL_PATTERN } from '../src/api/contract/guest';

const RUNS = { numRuns: 300 };

type Outcome<T> = { ok: true; value: T } | { ok: false; error: HttpError };

/** Runs a check; any exception other than an HttpError fails the property. */
function attempt<T>(check: () => T): Outcome<T> {
  try {
    return { ok: true, value: check() };
  } catch (error) {
    if (!(error instanceof HttpError)) {
      throw new Error(`threw ${String(error)} instead of an HttpError`);
    }
    return { ok: false, error };
  }
}

function expectBadRequest(error: HttpError, field: string): void {
  expect(error.status).toBe(400);
  expect(error.code).toBe('invalid_input');
  expect(error.field).toBe(field);
  expect(error.toBody()).toEqual({ error: 'invalid_input', message: error.message, field });
}

/** Field names, including the ones every object inherits and the prototype-pollution keys. */
const fieldName = fc.oneof(
  fc.constantFrom(
    '_id',
    'email',
    'fullName',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** Any value a JSON body or a multipart form can hold, and then some. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\t\n', '\u00a0x\u2028', 'a@b.co', 'true', 'false', 0, 1),
  fc.string({ maxLength: 10 }).map((text) => ` ${text}\t`),
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2 }),
);

/** A fields object that may or may not hold `name` (as an own property), any prototype. */
function fieldsWith(name: string, value: unknown, present: boolean, nullProto: boolean) {
  const fields: Record<string, unknown> = nullProto
    ? (Object.create(null) as Record<string, unknown>)
    : {};
  if (present) Object.defineProperty(fields, name, { value, enumerable: true, writable: true });
  return fields;
}

describe('requireString', () => {
  const rule = fc.record(
    {
      min: fc.integer({ min: 0, max: 5 }),
      max: fc.integer({ min: 0, max: 30 }),
      trim: fc.boolean(),
      pattern: fc.constantFrom(EMAIL_PATTERN, /^-?\d{1,3}(\.\d{1,12})?$/, /^[a-z]+$/),
      patternMessage: fc.constant('email is not a valid address.'),
    },
    { requiredKeys: ['max'] },
  );

  it('returns a string within the rule or throws a 400 naming the field', () => {
    fc.assert(
      fc.property(
        fieldName,
        anyValue,
        fc.boolean(),
        fc.boolean(),
        rule,
        (name, raw, present, nullProto, r) => {
          const fields = fieldsWith(name, raw, present, nullProto);
          const outcome = attempt(() => requireString(fields, name, r));
          if (!outcome.ok) {
            expectBadRequest(outcome.error, name);
            if (r.pattern && outcome.error.message === r.patternMessage) return;
            expect(outcome.error.message).toContain(name);
            return;
          }
          const value = outcome.value;
          expect(present).toBe(true);
          expect(typeof raw).toBe('string');
          expect(value).toBe(r.trim === false ? raw : (raw as string).trim());
          expect(value.length).toBeGreaterThanOrEqual(r.min ?? 1);
          expect(value.length).toBeLessThanOrEqual(r.max);
          if (r.pattern) expect(r.pattern.test(value)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('accepts every string that keeps the rule', () => {
    fc.assert(
      fc.property(fieldName, fc.string({ minLength: 1, maxLength: 30 }), (name, raw) => {
        fc.pre(raw.trim().length > 0);
        const fields = fieldsWith(name, raw, true, false);
        expect(requireString(fields, name, { max: 30 })).toBe(raw.trim());
      }),
      RUNS,
    );
  });

  it('never reads an inherited property as the field', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const outcome = attempt(() => requireString({}, name, { max: 100 }));
      expect(outcome).toMatchObject({ ok: false, error: { message: `${name} is required.` } });
      if (!outcome.ok) expectBadRequest(outcome.error, name);
    }
  });
});

describe('optionalBoolean', () => {
  it('returns the boolean given, undefined when absent, or throws a 400 naming the field', () => {
    fc.assert(
      fc.property(
        fieldName,
        fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, null, 'yes'), anyValue),
        fc.boolean(),
        fc.boolean(),
        (name, raw, present, nullProto) => {
          const fields = fieldsWith(name, raw, present, nullProto);
          const outcome = attempt(() => optionalBoolean(fields, name));
          if (!outcome.ok) {
            expectBadRequest(outcome.error, name);
            expect(outcome.error.message).toBe(`${name} must be true or false.`);
            expect(present && raw !== undefined && typeof raw !== 'boolean').toBe(true);
            return;
          }
          if (!present || raw === undefined) {
            expect(outcome.value).toBeUndefined();
          } else {
            expect(typeof outcome.value).toBe('boolean');
            expect(outcome.value).toBe(raw);
          }
        },
      ),
      RUNS,
    );
  });
});

/** What Express's query parser (qs) can give for one name, and values it cannot. */
const queryValue = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^\d{1,12}$/),
  fc.constantFrom(
    '1e309',
    '-1',
    '0',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '1.5',
    ' 1',
    '0x10',
    '１',
    '',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
  fc.anything({ maxDepth: 1 }),
);

const requestWithQuery = (query: Record<string, unknown>) => ({ query }) as unknown as Request;

describe('queryInt', () => {
  const bounds = fc
    .tuple(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 2_000_000 }))
    .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));

  it('returns a whole number in range from digits only, the default, or a 400 naming it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('pageNo', 'limit'),
        queryValue,
        bounds,
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        (name, raw, { min, max }, fallback) => {
          const rule = fallback === undefined ? { min, max } : { min, max, default: fallback };
          const outcome = attempt(() => queryInt(requestWithQuery({ [name]: raw }), name, rule));
          if (!outcome.ok) {
            expectBadRequest(outcome.error, name);
            expect(outcome.error.message).toContain(name);
            return;
          }
          const value = outcome.value;
          if (raw === undefined) {
            expect(value).toBe(fallback);
            return;
          }
          expect(typeof raw).toBe('string');
          expect(raw).toMatch(/^\d{1,9}$/);
          expect(value).toBe(Number(raw));
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(min);
          expect(value).toBeLessThanOrEqual(max);
        },
      ),
      RUNS,
    );
  });

  // Other values (absurd, arrays, objects): the property above generates them.
  it('refuses a page number just out of range, naming the range', () => {
    for (const raw of ['0', '1000001']) {
      const outcome = attempt(() =>
        queryInt(requestWithQuery({ pageNo: raw }), 'pageNo', { min: 1, max: 1_000_000 }),
      );
      const message = 'pageNo must be a whole number from 1 to 1000000.';
      expect(outcome).toMatchObject({ ok: false, error: { message } });
      if (!outcome.ok) expectBadRequest(outcome.error, 'pageNo');
    }
  });
});

describe('queryString', () => {
  it('returns the text given once, within max, or throws a 400 naming it', () => {
    fc.assert(
      fc.property(queryValue, fc.integer({ min: 1, max: 20 }), (raw, max) => {
        const outcome = attempt(() =>
          queryString(requestWithQuery({ userId: raw }), 'userId', max),
        );
        if (!outcome.ok) {
          expectBadRequest(outcome.error, 'userId');
          expect(outcome.error.message).toContain('userId');
          return;
        }
        expect(outcome.value).toBe(raw);
        expect(typeof outcome.value).toBe('string');
        expect(outcome.value.length).toBeGreaterThanOrEqual(1);
        expect(outcome.value.length).toBeLessThanOrEqual(max);
      }),
      RUNS,
    );
  });
});

describe('EMAIL_PATTERN', () => {
  // JavaScript's \s, spelled out, so the reference below does not reuse the pattern's classes.
  const WHITESPACE = new Set([
    ...'\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff',
    ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
  ]);
  /** Control, format, half-surrogate and other invisible characters: never in an address. */
  const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]$/u;
  // The rule in words: one @, no spaces or invisible characters, something before it, a dot
  // after it, a TLD of 2+ characters (code points).
  function isEmail(text: string): boolean {
    if ([...text].some((c) => WHITESPACE.has(c) || INVISIBLE.test(c))) return false;
    const parts = text.split('@');
    if (parts.length !== 2) return false;
    const [local = '', domain = ''] = parts;
    const dot = domain.lastIndexOf('.');
    return local.length > 0 && dot > 0 && [...domain.slice(dot + 1)].length >= 2;
  }

  const emailish = fc
    .tuple(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('@', '@@', '', ' @', '@ '),
      fc.string({ maxLength: 6 }),
      fc.constantFrom('.', '..', '', '. '),
      fc.string({ maxLength: 4 }),
    )
    .map((parts) => parts.join(''));

  it('matches exactly the addresses the rule describes', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), emailish), (text) => {
        expect(EMAIL_PATTERN.test(text)).toBe(isEmail(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts well-formed addresses with any top-level domain', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(EMAIL_PATTERN.test(address)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('jsonBody', () => {
  /** A real Express request object (its `is()` reads the headers) with a parsed body. */
  function jsonRequest(contentType: string | undefined, body: unknown): Request {
    const req = Object.create(express.request) as Request;
    Object.assign(req, {
      headers:
        contentType === undefined ? {} : { 'content-type': contentType, 'content-length': '2' },
      body,
    });
    return req;
  }

  const contentType = fc.oneof(
    fc.constantFrom(
      undefined,
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/vnd.api+json',
      '',
      'json',
      ';;;',
    ),
    fc.string({ maxLength: 20 }),
  );

  it('returns the object parsed from a JSON body, or throws a 400', () => {
    fc.assert(
      fc.property(contentType, fc.oneof(anyValue, fc.constant(undefined)), (type, body) => {
        const outcome = attempt(() => jsonBody(jsonRequest(type, body)));
        if (!outcome.ok) {
          expect(outcome.error.status).toBe(400);
          expect(outcome.error.code).toBe('invalid_body');
          expect(outcome.error.message).toMatch(/^The body must be /);
          return;
        }
        expect(outcome.value).toBe(body);
        expect(typeof body === 'object' && body !== null && !Array.isArray(body)).toBe(true);
        expect(type?.toLowerCase()).toMatch(/^application\/json\b/);
      }),
      RUNS,
    );
  });

  it('refuses JSON that is not an object, and objects sent as another type', () => {
    for (const body of [null, [], [{}], 'text', 42, true]) {
      expect(() => jsonBody(jsonRequest('application/json', body))).toThrow(
        'The body must be a JSON object.',
      );
    }
    for (const type of ['text/plain', undefined]) {
      expect(() => jsonBody(jsonRequest(type, {}))).toThrow(
        'The body must be JSON (Content-Type: application/json).',
      );
    }
    expect(jsonBody(jsonRequest('application/json; charset=utf-8', { _id: 'x' }))).toEqual({
      _id: 'x',
    });
  });
});
