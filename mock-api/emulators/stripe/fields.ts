// Form parameters as express parses them (`a[b]=c` nests), the readers the endpoints share, and
// their checks as Yup schemas answered in Stripe's words (../../validation.ts's checkFields).
import * as yup from 'yup';
import { type Checked, type Shape, checkFields } from '../../validation';
import { cardError, invalidRequest } from './errors';

/** A parsed form body or query string. */
export type Fields = Record<string, unknown>;

export function asFields(value: unknown): Fields | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Fields)
    : undefined;
}

export function integerField(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value);
  return undefined;
}

/** What a failing rule's Stripe error says beside its message. */
interface StripeParams {
  code?: string;
  /** The param the error names, when not the field's own name (null: none). */
  param?: string | null;
  /** A 402 card_error rather than a 400 invalid_request_error. */
  card?: boolean;
}

function asStripeError(error: yup.ValidationError): Error {
  const { code, param = error.path, card } = error.params as StripeParams;
  if (card) return cardError(code ?? '', error.message, param ?? undefined);
  return invalidRequest(error.message, param ?? undefined, code);
}

/** checkFields, answering the first parameter Stripe would refuse with Stripe's error. */
export const checkParams = <S extends Shape>(fields: object, shape: S): Checked<S> =>
  checkFields(fields, shape, asStripeError);

/** A parameter as sent (text, or a hash or list when nested), refused by its rules in turn. */
export const param = <T extends NonNullable<unknown> = NonNullable<unknown>>() =>
  yup.mixed<T>().nullable() as unknown as yup.Schema<T>;

type Message = string | ((raw: unknown, path: string) => string);

/** A rule: Stripe's `code` and `message` (given the value as sent) unless `test` passes. */
export const rule = <T = unknown>(
  code: string | undefined,
  message: Message,
  test: (value: T, context: yup.TestContext) => boolean,
  extra: Omit<StripeParams, 'code'> = {},
) => ({
  name: code ?? 'rule',
  params: { code, ...extra },
  // A function, so Yup reads nothing in the text (a metadata key may hold `${...}`).
  message: ({ originalValue, path }: { originalValue: unknown; path: string }) =>
    typeof message === 'string' ? message : message(originalValue, path),
  test: (value: unknown, context: yup.TestContext) => test(value as T, context),
});

export const isGiven = (value: unknown) => value !== undefined && value !== '';
export const isText = (value: unknown): value is string =>
  typeof value === 'string' && value !== '';

/** Stripe's "Missing required param" for the field (or `name`) unless `test` finds it given. */
export const required = (name?: string, test: (value: unknown) => boolean = isGiven) =>
  rule(
    'parameter_missing',
    (_raw, path) => `Missing required param: ${name ?? path}.`,
    (_value, context) => test(context.originalValue),
    name ? { param: name } : {},
  );
