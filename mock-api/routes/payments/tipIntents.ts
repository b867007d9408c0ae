// POST payment/create-payment-intent and payment/create-donation-intent (JSON): a tip or a
// donation with no review, once per Idempotency-Key; and the wallet preparation call on page load,
// which always answers the one placeholder intent.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { stableStringify } from '../../../src/api/contract/canonicalJson';
import { asyncRoute, jsonBody } from '../../http';
import type { Serializer } from '../../idempotency';
import {
  CREDENTIAL_FIELDS,
  idempotencyKey,
  rememberAnswer,
  runIdempotent,
  sendIdempotent,
} from '../idempotentRoutes';
import {
  type PaymentServices,
  checkCaptcha,
  createIntent,
  intentAnswer,
  now,
  paymentRecord,
} from './intents';
import { type Endpoint, type PaymentRequest, parsePayment } from './parse';

type WalletPreparation = (req: Request, request: PaymentRequest, key: string) => Promise<unknown>;

/** The handler of one JSON payment call (`endpoint`). */
export function tipIntentRoute(
  services: PaymentServices,
  serialized: Serializer,
  prepareWallet: WalletPreparation,
  endpoint: Endpoint,
): RequestHandler {
  const { store } = services;
  return asyncRoute(async (req: Request, res: Response) => {
    const key = idempotencyKey(req);
    const body = jsonBody(req);
    const request = parsePayment(body, store.db, endpoint);
    if (request.walletPrepare) {
      res.json(await prepareWallet(req, request, key));
      return;
    }
    const bodyHash = jsonBodyHash(endpoint, body);
    const outcome = await runIdempotent(
      serialized,
      () => store.db,
      { key, endpoint, bodyHash },
      async () => {
        await checkCaptcha(services, req, request);
        const intent = await createIntent(services, req, request, key);
        const answer = intentAnswer(intent);
        await store.mutate((db) => {
          db.payments ??= [];
          db.payments.push(paymentRecord(services, req, endpoint, request, intent, key));
          rememberAnswer(db, { key, endpoint, bodyHash, response: answer, createdAt: now() });
        });
        return answer;
      },
    );
    sendIdempotent(res, outcome);
  });
}

/**
 * The wallet preparation call makes one placeholder intent for the server's lifetime: every
 * page's call answers that one (no intent per page view, however often it is called).
 */
export function walletPreparation(services: PaymentServices): WalletPreparation {
  const { store } = services;
  let prepared: Promise<unknown> | null = null;
  return (req, request, key) => {
    prepared ??= (async () => {
      const existing = store.db.payments?.find((p) => p.walletPrepare);
      if (existing) {
        return intentAnswer(await services.stripe(req).paymentIntents.retrieve(existing.intentId));
      }
      const intent = await createIntent(services, req, request, key);
      await store.mutate((db) => {
        db.payments ??= [];
        db.payments.push(
          paymentRecord(services, req, 'payment/create-payment-intent', request, intent, key),
        );
      });
      return intentAnswer(intent);
    })();
    const current = prepared;
    current.catch(() => {
      if (prepared === current) prepared = null;
    });
    return current;
  };
}

/**
 * What identifies a JSON payment call's body: the text `{"endpoint":...,"body":<canonical body>}`
 * hashed, the same text (so the same hash) as the data files' records were made with, but for
 * the credentials (the captcha token), which it leaves out.
 */
function jsonBodyHash(endpoint: Endpoint, body: Record<string, unknown>): string {
  const asked = Object.fromEntries(
    Object.entries(body).filter(([name]) => !CREDENTIAL_FIELDS.includes(name)),
  );
  const text = `{"endpoint":${JSON.stringify(endpoint)},"body":${stableStringify(asked)}}`;
  return createHash('sha256').update(text).digest('hex');
}
