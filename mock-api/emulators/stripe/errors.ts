// Errors in Stripe's words: each carries the HTTP status and the body Stripe answers with.
import type { StripeErrorBody } from './types';

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalidRequest = (
  message: string,
  param?: string,
  code?: string,
  status = 400,
): StripeError =>
  new StripeError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

export const cardError = (code: string, message: string, param?: string) =>
  new StripeError(402, { type: 'card_error', code, message, ...(param ? { param } : {}) });
