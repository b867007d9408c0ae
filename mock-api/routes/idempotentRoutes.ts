// The Grati routes' Idempotency-Key scope (gratitudes, payments), on the one mechanism of
// ../idempotency.ts: the key is required (1 to 200 visible ASCII characters), first answers are
// kept in the data file's `idempotency` list with what their request stored, and a key reused
// for another endpoint or body is a 422.
import type { Request, RequestHandler, Response } from 'express';
import { CAPTCHA_FIELD } from '../../src/api/contract/messages';
import type { Store } from '../db/store';
import type { Db, IdempotencyRecord } from '../db/types';
import { HttpError, asyncRoute, badRequest } from '../http';
import {
  type AnswerStore,
  type IdempotentOutcome,
  IDEMPOTENCY_HEADER,
  REPLAYED_HEADER,
  type Serializer,
  runOnce,
} from '../idempotency';
import { type ParsedForm, hashForm, withParsedForm } from '../multipart';

const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/**
 * The fields a request's fingerprint leaves out: credentials, not part of what is asked. A
 * captcha token is single use, so a guest who retries after a lost answer (a reload) sends a new
 * one, and must still get the first answer; a replay never verifies it.
 */
export const CREDENTIAL_FIELDS: readonly string[] = [CAPTCHA_FIELD];

/** The request's Idempotency-Key, or a 400 naming the header. */
export function idempotencyKey(req: Request): string {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (!key) {
    throw badRequest(
      IDEMPOTENCY_HEADER,
      `The ${IDEMPOTENCY_HEADER} header is required: one random value per submission.`,
    );
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw badRequest(
      IDEMPOTENCY_HEADER,
      `The ${IDEMPOTENCY_HEADER} header must be 1 to 200 visible ASCII characters.`,
    );
  }
  return key;
}

/** The data file's first answers, read when asked (after the requests before under the key). */
function dataFileAnswers(db: () => Db): AnswerStore<unknown> {
  return {
    find(key) {
      const known = (db().idempotency ?? []).find((r) => r.key === key);
      return (
        known && { scope: known.endpoint, fingerprint: known.bodyHash, answer: known.response }
      );
    },
    reused: () =>
      new HttpError(
        422,
        'idempotency_key_reused',
        `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
        IDEMPOTENCY_HEADER,
      ),
  };
}

/** Records the answer given to a key (call inside the store.mutate that stores the result). */
export function rememberAnswer(db: Db, record: IdempotencyRecord): void {
  db.idempotency ??= [];
  db.idempotency.push(record);
}

/** What identifies one request: its key, where it went and its body. */
export interface IdempotentRequest {
  key: string;
  endpoint: string;
  bodyHash: string;
}

/**
 * Runs `work` once per key: one request at a time per key, and a repeat of the same request gets
 * the stored answer instead (`work` stores its answer with `rememberAnswer`).
 */
export function runIdempotent(
  serialized: Serializer,
  db: () => Db,
  { key, endpoint, bodyHash }: IdempotentRequest,
  work: () => Promise<unknown>,
): Promise<IdempotentOutcome<unknown>> {
  const request = { storeKey: key, scope: endpoint, fingerprint: bodyHash };
  return runOnce(serialized, dataFileAnswers(db), request, work);
}

export function sendIdempotent(res: Response, outcome: IdempotentOutcome<unknown>): void {
  if (outcome.replayed) res.setHeader(REPLAYED_HEADER, 'true');
  res.json(outcome.answer);
}

/**
 * A multipart endpoint that does its `work` at most once per Idempotency-Key: the form is parsed
 * (its temporary files removed afterwards), a repeat of the same form answers the stored answer,
 * the same key with another form is refused. `work` stores its answer with `rememberAnswer`.
 */
export function idempotentFormRoute(
  store: Store,
  serialized: Serializer,
  endpoint: string,
  work: (form: ParsedForm, request: IdempotentRequest, req: Request) => Promise<unknown>,
): RequestHandler {
  return asyncRoute(async (req: Request, res: Response) => {
    const key = idempotencyKey(req);
    const outcome = await withParsedForm(req, res, store.uploadsDir, (form) => {
      const request = { key, endpoint, bodyHash: hashForm(endpoint, form, CREDENTIAL_FIELDS) };
      return runIdempotent(
        serialized,
        () => store.db,
        request,
        () => work(form, request, req),
      );
    });
    sendIdempotent(res, outcome);
  });
}
