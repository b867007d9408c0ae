// Errors, input checks and the answer envelope shared by every mock API route.
import { STATUS_CODES } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiErrorBody, Envelope } from '../src/api/contract/types';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  toBody(): ApiErrorBody {
    return {
      error: this.code,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
    };
  }
}

export const badRequest = (field: string, message: string) =>
  new HttpError(400, 'invalid_input', message, field);

export const notFound = (message: string, field?: string) =>
  new HttpError(404, 'not_found', message, field);

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

interface StringRule {
  min?: number;
  max: number;
  trim?: boolean;
  pattern?: RegExp;
  patternMessage?: string;
}

/** The field as sent, which must be a string: a 400 naming `label` when it is missing or not. */
export function presentString(fields: Fields, name: string, label = name): string {
  const raw = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (raw === undefined || raw === null) throw badRequest(label, `${label} is required.`);
  if (typeof raw !== 'string') throw badRequest(label, `${label} must be a string.`);
  return raw;
}

export function requireString(fields: Fields, name: string, rule: StringRule): string {
  const raw = presentString(fields, name);
  const value = rule.trim === false ? raw : raw.trim();
  const min = rule.min ?? 1;
  if (value.length < min) {
    throw badRequest(
      name,
      min === 1 ? `${name} is required.` : `${name} must be at least ${min} characters.`,
    );
  }
  if (value.length > rule.max)
    throw badRequest(name, `${name} must be at most ${rule.max} characters.`);
  if (rule.pattern && !rule.pattern.test(value)) {
    throw badRequest(name, rule.patternMessage ?? `${name} is not valid.`);
  }
  return value;
}

export function optionalBoolean(fields: Fields, name: string): boolean | undefined {
  const raw = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'boolean') throw badRequest(name, `${name} must be true or false.`);
  return raw;
}

/** A whole number from a query string: digits only, within [min, max]. */
export function queryInt(
  req: Request,
  name: string,
  rule: { min: number; max: number; default?: number },
): number {
  const raw = req.query[name];
  if (raw === undefined && rule.default !== undefined) return rule.default;
  if (raw === undefined) throw badRequest(name, `${name} is required.`);
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
    throw badRequest(name, `${name} must be a whole number from ${rule.min} to ${rule.max}.`);
  }
  const value = Number(raw);
  if (value < rule.min || value > rule.max) {
    throw badRequest(name, `${name} must be a whole number from ${rule.min} to ${rule.max}.`);
  }
  return value;
}

export function queryString(req: Request, name: string, max = 200): string {
  const raw = req.query[name];
  if (raw === undefined || raw === '') throw badRequest(name, `${name} is required.`);
  if (typeof raw !== 'string') throw badRequest(name, `${name} must be given once, as text.`);
  if (raw.length > max) throw badRequest(name, `${name} must be at most ${max} characters.`);
  return raw;
}

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
