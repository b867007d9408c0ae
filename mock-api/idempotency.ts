// Idempotency-Key handling shared by the routes that store something (gratitudes, payments): the
// header's rules, one-at-a-time processing per key, and replaying a stored answer.
import type { Request, RequestHandler, Response } from 'express';
import type { Store } from './db/store';
import type { Db, IdempotencyRecord } from './db/types';
import { HttpError, asyncRoute, badRequest } from './http';
import { type ParsedForm, hashForm, withParsedForm } from './multipart';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

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

/** Returns `serialized(key, work)`: runs `work` after every earlier request with the same key. */
export function createSerializer(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<unknown>>();
  return async function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = inFlight.get(key) ?? Promise.resolve();
    const run = previous.then(work);
    const tail = run.catch(() => undefined);
    inFlight.set(key, tail);
    try {
      return await run;
    } finally {
      if (inFlight.get(key) === tail) inFlight.delete(key);
    }
  };
}

/**
 * The stored answer for this key when the same request was made before; undefined when the key
 * is new; a 422 when the key was used for another endpoint or other fields.
 */
export function storedAnswer(
  db: Db,
  key: string,
  endpoint: string,
  bodyHash: string,
): { answer: unknown } | undefined {
  const known = (db.idempotency ?? []).find((r) => r.key === key);
  if (!known) return undefined;
  if (known.endpoint !== endpoint || known.bodyHash !== bodyHash) {
    throw new HttpError(
      422,
      'idempotency_key_reused',
      `This ${IDEMPOTENCY_HEADER} was already used for a different request.`,
      IDEMPOTENCY_HEADER,
    );
  }
  return { answer: known.response };
}

/** Records the answer given to a key (call inside the store.mutate that stores the result). */
export function rememberAnswer(db: Db, record: IdempotencyRecord): void {
  db.idempotency ??= [];
  db.idempotency.push(record);
}

export interface IdempotentOutcome {
  answer: unknown;
  replayed: boolean;
}

/**
 * Runs `work` once per key: one request at a time per key, and a repeat of the same request gets
 * the stored answer instead (`work` stores its answer with `rememberAnswer`).
 */
export function runIdempotent(
  serialized: ReturnType<typeof createSerializer>,
  db: () => Db,
  request: { key: string; endpoint: string; bodyHash: string },
  work: () => Promise<unknown>,
): Promise<IdempotentOutcome> {
  return serialized(request.key, async () => {
    const known = storedAnswer(db(), request.key, request.endpoint, request.bodyHash);
    if (known) return { answer: known.answer, replayed: true };
    return { answer: await work(), replayed: false };
  });
}

export function sendIdempotent(res: Response, outcome: IdempotentOutcome): void {
  if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.json(outcome.answer);
}

/** What identifies one request: its key, where it went and its body. */
export interface IdempotentRequest {
  key: string;
  endpoint: string;
  bodyHash: string;
}

/**
 * A multipart endpoint that does its `work` at most once per Idempotency-Key: the form is parsed
 * (its temporary files removed afterwards), a repeat of the same form answers the stored answer,
 * the same key with another form is refused. `work` stores its answer with `rememberAnswer`.
 */
export function idempotentFormRoute(
  store: Store,
  serialized: ReturnType<typeof createSerializer>,
  endpoint: string,
  work: (form: ParsedForm, request: IdempotentRequest, req: Request) => Promise<unknown>,
): RequestHandler {
  return asyncRoute(async (req: Request, res: Response) => {
    const key = idempotencyKey(req);
    const outcome = await withParsedForm(req, res, store.uploadsDir, (form) => {
      const request = { key, endpoint, bodyHash: hashForm(endpoint, form) };
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
