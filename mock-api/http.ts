// Errors, input checks and the answer envelope shared by every mock API route.
import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Envelope } from '../src/api/contract/types';
import { HttpError } from './httpError';
import {
  type TextRule,
  checkField,
  digits,
  optionalBool,
  queryText,
  asSent,
  textString,
} from './validation';

export { HttpError, badRequest, notFound } from './httpError';

export function envelope<T>(data: T, totalPostCount?: number): Envelope<T> {
  return { status: 200, data: totalPostCount === undefined ? { data } : { data, totalPostCount } };
}

/** Express 4 does not catch rejected promises: route them to the error handler. */
export function asyncRoute(
  handler: (req: Request, res: Response) => Promise<unknown> | unknown,
): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => handler(req, res))
      .catch(next);
  };
}

type Fields = Record<string, unknown>;

/** The JSON body as a plain object, or a 400 saying what it is instead. */
export function jsonBody(req: Request): Fields {
  const body: unknown = req.body;
  if (!req.is('application/json')) {
    throw new HttpError(
      400,
      'invalid_body',
      'The body must be JSON (Content-Type: application/json).',
    );
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_body', 'The body must be a JSON object.');
  }
  return body as Fields;
}

// One field alone, by the schemas of ./validation.ts (a route with several fields checks them
// together, in order, with checkFields).

/** Text, trimmed unless `trim` is false, from `min` (1) to `max` characters, maybe a pattern. */
export function requireString(
  fields: Fields,
  name: string,
  rule: TextRule & { pattern?: RegExp; patternMessage?: string },
): string {
  const { pattern, patternMessage = '${path} is not valid.' } = rule;
  const schema = textString(rule);
  return checkField(
    fields,
    name,
    asSent(pattern ? schema.matches(pattern, patternMessage) : schema),
  );
}

export const optionalBoolean = (fields: Fields, name: string): boolean | undefined =>
  checkField(fields, name, optionalBool());

/** A whole number from a query string: digits only, within [min, max]. */
export const queryInt = (
  req: Request,
  name: string,
  rule: { min: number; max: number; default?: number },
): number => checkField(req.query, name, digits(rule.min, rule.max, rule.default)) as number;

export const queryString = (req: Request, name: string, max = 200): string =>
  checkField(req.query, name, queryText(max));

/** The last error handler: every failure becomes a JSON error without a `status` field. */
export function errorHandler(
  error: unknown,
  _req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const httpError = toHttpError(error);
  if (httpError.status >= 500) console.error('[mock-api]', error);
  res.status(httpError.status).json(httpError.toBody());
}

function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') {
    return new HttpError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (type === 'entity.too.large') {
    return new HttpError(413, 'too_large', 'The body is too large.');
  }
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return new HttpError(415, 'unsupported_encoding', 'The body encoding is not supported.');
  }
  // A malformed percent escape in the path or a parameter (`/feed/%E0`): express and the
  // libraries under it throw decodeURIComponent's URIError, with or without a 400 status.
  if (error instanceof URIError) {
    return new HttpError(
      400,
      'bad_request',
      'The address holds a malformed percent escape (a % not followed by UTF-8 in hex).',
    );
  }
  const status = (error as { status?: number } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new HttpError(status, 'bad_request', clientMessage(error as Error, status));
  }
  return new HttpError(500, 'internal', 'The mock API failed to handle this request.');
}

/** Where a message names a file or folder of this machine (`/home/...`, `C:\\...`). */
const ABSOLUTE_PATH = /(^|[\s'"`(=:])(\/[^\s/]|[A-Za-z]:\\|\\\\)/;

/**
 * A library's 4xx message, when it is fit for a client: one line that names no path of this
 * machine; else the status's own words. (A stack trace is never sent: only `message` is read.)
 */
function clientMessage(error: Error, status: number): string {
  const message = typeof error.message === 'string' ? error.message : '';
  if (message && !/[\r\n]/.test(message) && !ABSOLUTE_PATH.test(message)) return message;
  return `${STATUS_CODES[status] ?? 'Bad Request'}.`;
}
