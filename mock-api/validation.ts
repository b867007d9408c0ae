// Request checks as Yup schemas: the API's rules for a field, and checkFields, which validates a
// request's fields in its schema's order and answers the first failure as the HttpError the route
// throws (400 invalid_input naming the field, unless the failing test says otherwise).
//
// Why field by field and not one yup.object: Yup 1.x validates an object's fields last to first,
// and a request with several problems is answered with the first in the API's check order. The
// messages use Yup's `${path}`: the field as the error names it (`metadata.guestName`).
import * as yup from 'yup';
import { MAX_FULL_NAME_LENGTH } from '../src/api/contract/guest';
import { nameBrokenMessage, nameCharactersMessage } from '../src/api/contract/names';
import { type NameRule, personName } from '../src/api/contract/schemas';
import { HttpError } from './httpError';

/** A request's schema: one Yup schema per field, in the order they are checked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, whatever its flags
export type Shape = Record<string, yup.Schema<any, any, any, any> | yup.Lazy<any, any, any>>;
export type Checked<S extends Shape> = { [K in keyof S]: yup.InferType<S[K]> };

/**
 * The HttpError for Yup's first failure: 400 invalid_input naming the field, unless the failing
 * test's params say another `status` and `code`.
 */
function asHttpError(error: yup.ValidationError): Error {
  const { status = 400, code = 'invalid_input' } = (error.params ?? {}) as Record<string, never>;
  return new HttpError(status, code, error.message, error.path);
}

/**
 * Each field of `shape` in turn, read as an own property of `fields` (an inherited name is not a
 * field); tests see the fields as sent as `this.parent`, and those checked before theirs (as
 * their schemas gave them) as `this.options.context`. `asError` makes the error thrown for Yup's
 * (the Stripe emulator answers in Stripe's words); any other error is thrown as it is.
 */
export function checkFields<S extends Shape>(
  fields: object,
  shape: S,
  asError: (error: yup.ValidationError) => Error = asHttpError,
): Checked<S> {
  const checked = Object.create(null) as Record<string, unknown>;
  for (const [path, schema] of Object.entries(shape)) {
    const raw = Object.hasOwn(fields, path) ? (fields as Record<string, unknown>)[path] : undefined;
    try {
      // `path` names the field in the error (Yup's own option, missing from its types).
      const options = { path, context: checked, parent: fields } as yup.ValidateOptions;
      checked[path] = schema.validateSync(raw, options);
    } catch (error) {
      throw error instanceof yup.ValidationError ? asError(error) : error;
    }
  }
  return checked as Checked<S>;
}

/** One field alone. */
export const checkField = <T>(
  fields: object,
  name: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any flags
  schema: yup.Schema<T, any, any, any> | yup.Lazy<T, any, any>,
): T => checkFields(fields, { [name]: schema })[name] as T;

const REQUIRED = '${path} is required.';
const atMost = (max: number) => `\${path} must be at most ${max} characters.`;

/** Refuses whatever it is given, with `message` (what asSent answers for a value of another type). */
const refuse = (message: string) =>
  yup
    .mixed()
    .nullable()
    .test('type', message, () => false);

const isText = (raw: unknown): boolean => raw == null || typeof raw === 'string';

/**
 * `schema` for a value sent as its type (`isType`: a string, null or nothing by default), anything
 * else refused with `message`. Yup's string(), boolean() and number() would read 5 as "5" and
 * "true" as true (and their coercion throws on some objects).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, whatever its flags
export const asSent = <S extends yup.Schema<any, any, any, any>>(
  schema: S,
  isType = isText,
  message = '${path} must be a string.',
) =>
  yup.lazy((raw) => (isType(raw) ? schema : refuse(message))) as unknown as yup.Lazy<
    yup.InferType<S>
  >;

/** Anything (null too) that passes `test`. */
export const satisfying = (message: string, test: (value: unknown) => boolean) =>
  yup.mixed().nullable().test('satisfies', message, test);

const CENTS = '${path} must be a whole number of cents.';

/** A whole number of cents (see cents()). */
export const centsNumber = () =>
  yup
    .number()
    .nonNullable(REQUIRED)
    .defined(REQUIRED)
    .test('cents', CENTS, (value) => Number.isSafeInteger(value) && value >= 0);

/** A whole number of cents sent as a number: `schema` is centsNumber() and its own tests. */
export const cents = (schema = centsNumber()) =>
  asSent(schema, (raw) => raw == null || typeof raw === 'number', CENTS);

/** A string that must be there (null or absent: "is required."). */
const requiredString = () => yup.string().nonNullable(REQUIRED).defined(REQUIRED);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export interface TextRule {
  /** In characters, after trimming (1, the default, says "is required."). */
  min?: number;
  max: number;
  /** Trimmed before it is measured, unless false. */
  trim?: boolean;
}

/** Text, trimmed and from `min` to `max` characters, as a string schema (see text()). */
export function textString({ min = 1, max, trim = true }: TextRule) {
  const base = trim ? requiredString().transform(trimmed) : requiredString();
  return base
    .min(min, min === 1 ? REQUIRED : `\${path} must be at least ${min} characters.`)
    .max(max, atMost(max));
}

/** Text as sent, trimmed, from `min` to `max` characters. */
export const text = (rule: TextRule) => asSent(textString(rule));

/** Text measured as sent and then trimmed (the payment calls' fields): may be empty. */
export const sentTextString = (max: number) =>
  requiredString()
    .test('max', atMost(max), function check() {
      const raw: unknown = this.originalValue;
      return typeof raw !== 'string' || raw.length <= max;
    })
    .transform(trimmed);

/** One of a few words (trimmed, at most 40 characters). */
export const choice = <T extends string>(allowed: readonly T[]) =>
  asSent(
    textString({ max: 40 }).test('choice', `\${path} must be ${allowed.join(' or ')}.`, (value) =>
      (allowed as readonly string[]).includes(value),
    ) as yup.StringSchema<T>,
  );

/** The API's message for each way a name breaks the rule (its sentences end with a period). */
const nameMessages = (max: number) => ({
  empty: REQUIRED,
  characters: `${nameCharactersMessage('${path}')}.`,
  broken: `${nameBrokenMessage('${path}')}.`,
  tooLong: atMost(max),
});

/**
 * A person's name (a guest's fullName or guestName), or text that carries one (a review's title,
 * `{guestName} recognized {userName}`, with a larger `max`): the contract's names rule.
 */
export const nameField = (rule: NameRule = {}) => {
  const base = rule.allowEmpty ? requiredString() : yup.string().required(REQUIRED);
  return asSent(personName(base, nameMessages(rule.max ?? MAX_FULL_NAME_LENGTH), rule));
};

/** A boolean as sent, or nothing. */
export const optionalBool = () =>
  asSent(
    yup.boolean(),
    (raw) => raw === undefined || typeof raw === 'boolean',
    '${path} must be true or false.',
  );

/** A whole number written in 1 to 9 digits, from `min` to `max` (a query parameter). */
export function digits(min: number, max: number, fallback?: number) {
  const message = `\${path} must be a whole number from ${min} to ${max}.`;
  const number = yup.number().min(min, message).max(max, message);
  const rule = fallback === undefined ? number.required(REQUIRED) : number.default(fallback);
  const isDigits = (raw: unknown) => typeof raw === 'string' && /^\d{1,9}$/.test(raw);
  return asSent(rule, (raw) => raw === undefined || isDigits(raw), message);
}

/** A query parameter given once, as text of 1 to `max` characters. */
export const queryText = (max: number) =>
  asSent(
    yup.string().required(REQUIRED).max(max, atMost(max)),
    (raw) => raw === undefined || typeof raw === 'string',
    '${path} must be given once, as text.',
  );
