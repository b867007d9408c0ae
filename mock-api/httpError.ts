// The error every route throws for a refused request, and the two it throws most.
import type { ApiErrorBody } from '../src/api/contract/types';

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
