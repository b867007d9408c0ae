// What the guest reads about a payment (spec section 8), and which message a failure gets.
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { CAPTCHA_FIELD, INVALID_CAPTCHA_MESSAGE } from '../../api/contract/messages';
import { SENDING_MESSAGE, TRY_AGAIN_MESSAGE } from '../../config/messages';
import type { PaymentResult } from './stripe/stripe';

export const PAYMENT_MESSAGES = {
  notProcessed: 'Payment could not be processed. Please try again.',
  exception: TRY_AGAIN_MESSAGE,
  incomplete: 'Payment failed or incomplete.',
  notInitialized: 'Stripe is not initialized.',
  walletError: 'An error occurred. Please try again.',
  succeeded: 'succeeded',
  /**
   * Ours (the spec has no words for it): an option pressed after another option's intent took the
   * captcha's single-use token. The captcha is asked for again, with this in the section's alert.
   */
  captchaAgain: 'Please pass the captcha again to pay this way.',
  /** Ours: while Stripe confirms (Pay Now, a wallet's sheet, a 3-D Secure check). */
  confirming: 'Confirming your payment… Please stay on this page.',
  sending: SENDING_MESSAGE,
  /** Ours: a page asks Stripe about a payment started earlier (a reload, another tab). */
  checking: 'Checking your payment…',
  /** Ours: Stripe says the payment is still being processed; the page asks again. */
  processing: 'Your payment is being confirmed. This page will update when it is done.',
  /** Ours: a 3-D Secure check left open resumes. */
  authenticating: 'Your bank asks you to confirm this payment.',
  /** Ours: Stripe could not be asked; nothing is offered until it answers. */
  uncheckable: 'We could not check your earlier payment.',
} as const;

/** What the guest is told for a confirmation that did not succeed. */
export function failureMessage(result: Exclude<PaymentResult, { outcome: 'succeeded' }>): string {
  return result.outcome === 'failed' ? result.message : PAYMENT_MESSAGES.incomplete;
}

/** The guest's message for a failed intent call (spec 8, and the server's captcha refusal). */
export function intentErrorMessage(error: unknown): string {
  const failure = error as Partial<FetchBaseQueryError> | null;
  if (failure?.status === 'FETCH_ERROR') return PAYMENT_MESSAGES.exception;
  const field = (failure?.data as { field?: unknown } | undefined)?.field;
  if (failure?.status === 400 && field === CAPTCHA_FIELD) return INVALID_CAPTCHA_MESSAGE;
  return PAYMENT_MESSAGES.notProcessed;
}
