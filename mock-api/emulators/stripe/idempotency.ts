// Idempotency-Key, as Stripe honours it per API key: a retry with the same endpoint and
// parameters gets the first answer again; anything else with that key is an idempotency_error.
// The emulator's key scope on the mock API's one mechanism (../../idempotency.ts): answers kept
// in its state under the API key's digest (storeKeys.ts), forgotten after 24 hours.
import type { Request } from 'express';
import { stableStringify } from '../../../src/api/contract/canonicalJson';
import {
  type AnswerStore,
  IDEMPOTENCY_HEADER,
  type KeyedRequest,
  firstAnswer,
} from '../../idempotency';
import type { Auth } from './auth';
import { StripeError } from './errors';
import type { Fields } from './fields';
import { nowSeconds } from './ids';
import { own, type IdempotentResult, type StripeState } from './state';
import { idempotencyStoreKey, parametersDigest } from './storeKeys';

export interface IdempotentRequest extends KeyedRequest {
  /** Where the first answer is kept in the state: per API key, named by its digest. */
  storeKey: string;
  /** The key as the caller sent it (Stripe's messages name it). */
  idempotencyKey: string;
}

/** The POST's key and what a retry must match, if it sends an Idempotency-Key. */
export function idempotentRequest(
  req: Request,
  fields: Fields,
  auth: Auth,
): IdempotentRequest | undefined {
  const idempotencyKey = req.get(IDEMPOTENCY_HEADER);
  if (!idempotencyKey) return undefined;
  return {
    storeKey: idempotencyStoreKey(auth.key, idempotencyKey),
    idempotencyKey,
    scope: `${req.method} ${req.baseUrl}${req.path}`,
    fingerprint: parametersDigest(stableStringify(withoutKey(fields))),
  };
}

/** The first answer to replay, or nothing if the key is new; throws if the retry differs. */
export function previousAnswer(
  state: StripeState,
  request: IdempotentRequest,
): IdempotentResult | undefined {
  return firstAnswer(stripeAnswers(state), request)?.answer;
}

/** The emulator's key scope on the mock API's one mechanism: its state, and Stripe's errors. */
export function stripeAnswers(
  state: StripeState,
): AnswerStore<IdempotentResult, IdempotentRequest> {
  return {
    find(storeKey) {
      const previous = own(state.idempotency, storeKey);
      return (
        previous && { scope: previous.scope, fingerprint: previous.fingerprint, answer: previous }
      );
    },
    reused(previous, request, differs) {
      const { idempotencyKey, scope } = request;
      return new StripeError(400, {
        type: 'idempotency_error',
        message:
          differs === 'scope'
            ? `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.scope.split(' ')[1]}' vs '${scope.split(' ')[1]}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`
            : `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
      });
    },
  };
}

/** Stripe removes keys once they are at least 24 hours old; so does the emulator. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/**
 * Remembers the first answer, and forgets those older than the keys' 24 hours: the state is
 * saved with the mock API's data, so what it keeps must not grow with every request forever.
 */
export function saveAnswer(
  state: StripeState,
  request: IdempotentRequest,
  status: number,
  body: unknown,
): void {
  const now = nowSeconds();
  for (const [key, answer] of Object.entries(state.idempotency)) {
    if (answer.created !== undefined && answer.created <= now - IDEMPOTENCY_KEY_TTL_SECONDS) {
      delete state.idempotency[key];
    }
  }
  const { scope, fingerprint } = request;
  state.idempotency[request.storeKey] = { scope, fingerprint, status, body, created: now };
}

function withoutKey(fields: Fields): Fields {
  const { key: _key, ...rest } = fields;
  return rest;
}
