// Errors in Stripe's words: each carries the HTTP status and the body Stripe answers with.
import type { StripeErrorBody } from './types';

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /**
     * Whether a 402 is kept as its Idempotency-Key's answer, as Stripe keeps the result of a
     * request that reached its endpoint. false: a refusal that leaves nothing in the state, not
     * even the digest of what was sent (a real card's number).
     */
    readonly kept = true,
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
