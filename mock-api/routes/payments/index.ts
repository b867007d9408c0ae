// The payment calls under /api/payment/ (handlers here; parsing in ./parse, publishing in
// ./publish): create-payment-intent and create-donation-intent (JSON)
// and payment-intent-for-both (multipart: a review with its media plus the payment fields).
//
// WIRE CONTRACT (all amounts are integer CENTS, not the original app's dollars):
// - `amount`: the tip or donation in cents, whole dollars only (a multiple of 100), $1 to
//   $999,999 (the amount field takes at most 6 digits).
// - `platformFeeForWallet`: `platformFeeCents(amount, method)` from src/api/contract/fees.ts.
// - `metadata.amountAfterFee`: amount + platformFeeForWallet, the total the intent charges.
// - `payment_method_types` (array) or `paymentMethodType` (string), exactly one of them, each in
//   card, bank, apple_pay, google_pay; several methods must share one fee rule. Stripe gets
//   `card` for card and wallets (wallets are cards at Stripe) and `us_bank_account` for bank.
// - `metadata`: { getThanksUserID, title, guestName, userName, email, amountAfterFee }; title
//   starts with `Tip to` for a tip and contains `donated to` for a non-profit; userName (here and
//   at the top level) is the receiving profile's userName. guestName and title follow the names
//   rule (src/api/contract/names.ts): trimmed NFC, no control or text-direction characters.
// - Non-profits (businessType NON-PROFIT) also: `userId` (the guest's id), `ngoId` (the
//   profile's id), `isRecurring: false`. create-donation-intent is for non-profits only.
// - `captchaToken`: the reCAPTCHA token the checkbox gave; verified (single use) before any
//   intent is created: missing, failed or reused -> 400 `invalid Captcha`.
// - Header `Idempotency-Key` (required), passed on to Stripe: the same key and body answer the
//   first answer again (one intent); the same key with another body -> 422.
// The server recomputes the fee and the total and answers 400 naming the field that disagrees.
// Answer: { status: 200, data: { paymentIntent: <client secret> } }.
//
// The wallet preparation call on page load is a create-payment-intent with
// metadata.getThanksUserID = WALLET_PREPARE_ACCOUNT_ID, amount 1000, platformFeeForWallet 80 and
// payment_method_types ['card', 'apple_pay']; its other metadata may be empty and it needs no
// captcha (the page has none yet). Nothing else is accepted for that account.
// The /gpay test page pays GPAY_TEST_ACCOUNT_ID: create-payment-intent, amount 2000, Google Pay
// (fee by its rule), with a captcha token; nothing else is accepted for that account either.
// Both fixed accounts and their figures are in src/api/contract/intentBody.ts.
//
// PUBLISHING: a review sent with payment-intent-for-both is kept in db.pendingGratitudes, out of
// the feed. Before `gratitude/findUser` answers for a profile with pending reviews, and on
// `GET /api/__payments`, the intents' statuses are read back from Stripe (the SDK's retrieve);
// an intent that has `succeeded` moves its review into the feed (icon count +1). Nothing the
// browser sends (such as `redirect_status` in a URL) can publish a review.
import { createHash } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type Stripe from 'stripe';
import { PI_DESCRIPTION } from '../../../src/api/contract/intentBody';
import { CAPTCHA_FIELD, INVALID_CAPTCHA_MESSAGE } from '../../../src/api/contract/messages';
import type { PaymentMethodKind } from '../../../src/api/contract/fees';
import type { CaptchaVerifier } from '../../captchaVerifier';
import type { Store } from '../../db/store';
import type { PaymentRecord } from '../../db/types';
import { HttpError, asyncRoute, badRequest, envelope, jsonBody } from '../../http';
import {
  createSerializer,
  idempotencyKey,
  idempotentFormRoute,
  rememberAnswer,
  runIdempotent,
  sendIdempotent,
} from '../../idempotency';
import type { Scenarios } from '../../scenarios';
import { removeStoredMedia, reviewRecord, storeMedia, validateReview } from '../gratitude';
import {
  FORM_PAYMENT_FIELDS,
  canonical,
  parsePayment,
  paymentFieldsOfForm,
  type Endpoint,
  type PaymentRequest,
} from './parse';
import { paymentRefresher, withholdPending } from './publish';

export interface PaymentRoutesOptions {
  captcha: CaptchaVerifier;
  scenarios: Scenarios;
  /** The Stripe client (mock-api/server.ts: the emulator on this server's port). */
  stripe: (req: Request) => Stripe;
  /** Reads payments back from Stripe (the same one the webhook endpoint uses). */
  refreshPayments: ReturnType<typeof paymentRefresher>;
  /**
   * Reconciliation: a profile lookup asks Stripe about the reviews whose payment has been
   * pending longer than this (a lost webhook). Default one minute.
   */
  reconcileAfterMs?: number;
}

export const DEFAULT_RECONCILE_AFTER_MS = 60_000;

export function paymentRoutes(store: Store, options: PaymentRoutesOptions): Router {
  const router = Router();
  const serialized = createSerializer();
  const { scenarios } = options;
  const { stripe: stripeFor, refreshPayments } = options;

  async function checkCaptcha(req: Request, request: PaymentRequest): Promise<void> {
    if (request.walletPrepare) return;
    if (request.captchaToken === undefined) {
      throw new HttpError(400, 'captcha_missing', INVALID_CAPTCHA_MESSAGE, CAPTCHA_FIELD);
    }
    const verdict = scenarios.captchaFails(req)
      ? { ok: false }
      : await options.captcha.verify(request.captchaToken);
    if (!verdict.ok) {
      throw new HttpError(400, 'captcha_invalid', INVALID_CAPTCHA_MESSAGE, CAPTCHA_FIELD);
    }
  }

  async function createIntent(
    req: Request,
    request: PaymentRequest,
    key: string,
  ): Promise<Stripe.PaymentIntent> {
    const types = [...new Set(request.methods.map(stripeMethodType))];
    try {
      return await stripeFor(req).paymentIntents.create(
        {
          amount: request.totalCents,
          currency: 'usd',
          allowed_payment_method_types: types,
          description: PI_DESCRIPTION,
          metadata: { ...request.metadata },
        },
        { idempotencyKey: key },
      );
    } catch (error) {
      const message = (error as { message?: string }).message ?? 'unknown error';
      throw new HttpError(502, 'stripe_error', `Stripe refused the payment intent: ${message}`);
    }
  }

  function paymentRecord(
    req: Request,
    endpoint: Endpoint,
    request: PaymentRequest,
    intent: Stripe.PaymentIntent,
    key: string,
    gratitudeId?: string,
  ): PaymentRecord {
    return {
      id: intent.id,
      intentId: intent.id,
      endpoint,
      amountCents: request.amountCents,
      feeCents: request.feeCents,
      totalCents: request.totalCents,
      paymentMethodTypes: request.methods,
      metadata: { ...request.metadata },
      idempotencyKey: key,
      status: intent.status,
      walletPrepare: request.walletPrepare,
      tester: scenarios.testerOf(req),
      createdAt: new Date().toISOString(),
      ...(gratitudeId ? { gratitudeId } : {}),
    };
  }

  // The wallet preparation call makes one placeholder intent for the server's lifetime: every
  // page's call answers that one (no intent per page view, however often it is called).
  let prepared: Promise<unknown> | null = null;
  function walletPrepareAnswer(req: Request, request: PaymentRequest, key: string) {
    prepared ??= (async () => {
      const existing = store.db.payments?.find((p) => p.walletPrepare);
      if (existing) {
        return intentAnswer(await stripeFor(req).paymentIntents.retrieve(existing.intentId));
      }
      const intent = await createIntent(req, request, key);
      await store.mutate((db) => {
        db.payments ??= [];
        db.payments.push(paymentRecord(req, 'payment/create-payment-intent', request, intent, key));
      });
      return intentAnswer(intent);
    })();
    const current = prepared;
    current.catch(() => {
      if (prepared === current) prepared = null;
    });
    return current;
  }

  const jsonHandler = (endpoint: Endpoint) =>
    asyncRoute(async (req: Request, res: Response) => {
      const key = idempotencyKey(req);
      const body = jsonBody(req);
      const request = parsePayment(body, store.db, endpoint);
      if (request.walletPrepare) {
        res.json(await walletPrepareAnswer(req, request, key));
        return;
      }
      const bodyHash = createHash('sha256')
        .update(JSON.stringify({ endpoint, body: canonical(body) }))
        .digest('hex');
      const outcome = await runIdempotent(
        serialized,
        () => store.db,
        { key, endpoint, bodyHash },
        async () => {
          await checkCaptcha(req, request);
          const intent = await createIntent(req, request, key);
          const answer = intentAnswer(intent);
          await store.mutate((db) => {
            db.payments ??= [];
            db.payments.push(paymentRecord(req, endpoint, request, intent, key));
            rememberAnswer(db, { key, endpoint, bodyHash, response: answer, createdAt: now() });
          });
          return answer;
        },
      );
      sendIdempotent(res, outcome);
    });

  const bothEndpoint: Endpoint = 'payment/payment-intent-for-both';
  const bothHandler = idempotentFormRoute(
    store,
    serialized,
    bothEndpoint,
    async (form, { key, bodyHash }, req) => {
      const endpoint = bothEndpoint;
      const review = await validateReview(form, store.db, {
        gratitudeType: 'BOTH',
        media: 'optional',
        otherFields: FORM_PAYMENT_FIELDS,
      });
      const request = parsePayment(paymentFieldsOfForm(form), store.db, endpoint);
      if (request.metadata.getThanksUserID !== review.getThanksUserId) {
        throw badRequest('metadata', 'metadata.getThanksUserID must be getThanksUserId.');
      }
      if (review.isDonate !== request.nonProfit) {
        throw badRequest(
          'isDonate',
          `isDonate must be ${String(request.nonProfit)} for this profile.`,
        );
      }
      if (request.nonProfit && review.ngoId !== review.getThanksUserId) {
        throw badRequest('ngoId', 'ngoId must be the non-profit profile id.');
      }
      await checkCaptcha(req, request);
      const media = await storeMedia(store.uploadsDir, review.media);
      try {
        const intent = await createIntent(req, request, key);
        const record = reviewRecord(review, media, request.amountCents);
        const answer = intentAnswer(intent);
        await store.mutate((db) => {
          db.pendingGratitudes ??= [];
          db.pendingGratitudes.push({ record, intentId: intent.id });
          db.payments ??= [];
          db.payments.push(paymentRecord(req, endpoint, request, intent, key, record.id));
          rememberAnswer(db, { key, endpoint, bodyHash, response: answer, createdAt: now() });
        });
        return answer;
      } catch (error) {
        await removeStoredMedia(store.uploadsDir, media);
        throw error;
      }
    },
  );

  const faults: RequestHandler = scenarios.paymentFault;
  router.use(scenarios.router);
  router.post(
    '/payment/create-payment-intent',
    faults,
    jsonHandler('payment/create-payment-intent'),
  );
  router.post(
    '/payment/create-donation-intent',
    faults,
    jsonHandler('payment/create-donation-intent'),
  );
  router.post('/payment/payment-intent-for-both', faults, bothHandler);

  // Before findUser answers, the reconciliation: Stripe's webhooks publish a paid review; this
  // covers the ones whose event was lost, asking Stripe about the profile's reviews pending for
  // longer than reconcileAfterMs.
  const reconcileAfterMs = options.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_MS;
  router.post('/gratitude/findUser', (req, _res, next) => {
    const body: unknown = req.body;
    const id = (body as { _id?: unknown } | null)?._id;
    if (typeof id !== 'string') {
      next();
      return;
    }
    const pendingIntents = new Set(
      (store.db.pendingGratitudes ?? [])
        .filter((p) => p.record.userId === id && !p.withheld)
        .map((p) => p.intentId),
    );
    const due = Date.now() - reconcileAfterMs;
    const stale = (p: PaymentRecord) =>
      pendingIntents.has(p.intentId) && Date.parse(p.createdAt) <= due;
    if (!(store.db.payments ?? []).some(stale)) {
      next();
      return;
    }
    refreshPayments(req, stale, { includeFinished: true }).then(() => next(), next);
  });

  // Mock only: every intent with its amount, fee, metadata, key and (refreshed) status.
  router.get(
    '/__payments',
    asyncRoute(async (req, res) => {
      // Statuses only: publishing is the webhooks' (and the reconciliation's) job.
      await refreshPayments(req, () => true, { publish: false });
      // A tester's own intents (those made with no tester, for a caller with none); all of them
      // with ?all=true.
      const all = req.query.all === 'true';
      const tester = scenarios.testerOf(req);
      const payments = (store.db.payments ?? []).filter(
        (p) => all || (p.tester ?? null) === tester,
      );
      res.json(
        envelope(
          payments.map((p) => ({
            ...p,
            published: p.gratitudeId
              ? store.db.feed.some((item) => item.id === p.gratitudeId)
              : undefined,
          })),
        ),
      );
    }),
  );

  // Mock only: refunds a payment in full, as a tester would from Stripe's dashboard. A review whose
  // payment is refunded before it was published is never published; one already published stays.
  router.post(
    '/__payments/:id/refund',
    asyncRoute(async (req, res) => {
      const id = String(req.params.id);
      const payment = (store.db.payments ?? []).find((p) => p.intentId === id);
      if (!payment) throw new HttpError(404, 'not_found', `No payment ${id}.`);
      let refund: Stripe.Refund;
      try {
        refund = await stripeFor(req).refunds.create({ payment_intent: id });
      } catch (error) {
        const stripeError = error as { message?: string; code?: string };
        throw new HttpError(
          400,
          stripeError.code ?? 'refund_refused',
          `Stripe refused the refund: ${stripeError.message ?? 'unknown error'}`,
        );
      }
      const refunded = await store.mutate((db) => {
        const record = db.payments?.find((p) => p.intentId === id);
        if (!record) return null;
        record.status = 'succeeded';
        record.refunded = true;
        withholdPending(db, id, 'refunded');
        return { ...record };
      });
      res.json(envelope({ refund: { id: refund.id, amount: refund.amount }, payment: refunded }));
    }),
  );

  return router;
}

function intentAnswer(intent: Stripe.PaymentIntent): unknown {
  if (!intent.client_secret) {
    throw new HttpError(502, 'stripe_error', 'Stripe answered without a client secret.');
  }
  return { status: 200, data: { paymentIntent: intent.client_secret } };
}

const now = () => new Date().toISOString();

function stripeMethodType(kind: PaymentMethodKind): 'card' | 'us_bank_account' {
  return kind === 'bank' ? 'us_bank_account' : 'card';
}
