// The payment calls under /api/payment/: create-payment-intent and create-donation-intent (JSON)
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
//   at the top level) is the receiving profile's userName.
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
import {
  type PaymentMethodKind,
  WALLET_PREPARE_FEE_CENTS,
  platformFeeCents,
} from '../../src/api/contract/fees';
import {
  GPAY_TEST_ACCOUNT_ID,
  GPAY_TEST_AMOUNT_CENTS,
  WALLET_PREPARE_ACCOUNT_ID,
  WALLET_PREPARE_AMOUNT_CENTS,
  WALLET_PREPARE_METHODS,
  PI_DESCRIPTION,
} from '../../src/api/contract/intentBody';
import type { CaptchaVerifier } from '../captchaVerifier';
import type { Store } from '../db/store';
import type { Db, PaymentRecord, UserRecord } from '../db/types';
import { EMAIL_PATTERN, MAX_FULL_NAME_LENGTH } from '../../src/api/contract/guest';
import { HttpError, asyncRoute, badRequest, envelope, jsonBody, notFound } from '../http';
import {
  createSerializer,
  idempotencyKey,
  idempotentFormRoute,
  rememberAnswer,
  runIdempotent,
  sendIdempotent,
} from '../idempotency';
import type { ParsedForm } from '../multipart';
import type { Scenarios } from '../scenarios';
import { createStripeClient } from '../stripeClient';
import {
  publishReview,
  removeStoredMedia,
  reviewRecord,
  storeMedia,
  validateReview,
} from './gratitude';
import { INVALID_CAPTCHA_MESSAGE, CAPTCHA_FIELD } from '../../src/api/contract/messages';
import { isNonProfit } from '../../src/api/contract/kinds';

const MIN_AMOUNT_CENTS = 100;
const MAX_AMOUNT_CENTS = 99_999_900;
const METHOD_KINDS: readonly PaymentMethodKind[] = ['card', 'bank', 'apple_pay', 'google_pay'];
const METADATA_KEYS = [
  'getThanksUserID',
  'title',
  'guestName',
  'userName',
  'email',
  'amountAfterFee',
] as const;
const JSON_FIELDS = new Set([
  'piDescription',
  'metadata',
  'platformFeeForWallet',
  'amount',
  'payment_method_types',
  'paymentMethodType',
  'userName',
  'userId',
  'ngoId',
  'isRecurring',
  CAPTCHA_FIELD,
]);
/** The payment fields of a payment-intent-for-both form (the others are the review's). */
const FORM_PAYMENT_FIELDS = new Set([
  'piDescription',
  'metadata',
  'platformFeeForWallet',
  'amount',
  'payment_method_types[]',
  'paymentMethodType',
  'userName',
  CAPTCHA_FIELD,
]);

type Endpoint =
  | 'payment/create-payment-intent'
  | 'payment/create-donation-intent'
  | 'payment/payment-intent-for-both';

const TERMINAL_STATUSES = new Set(['succeeded', 'canceled']);

export interface PaymentRequest {
  amountCents: number;
  feeCents: number;
  totalCents: number;
  methods: PaymentMethodKind[];
  metadata: Record<(typeof METADATA_KEYS)[number], string>;
  captchaToken: string | undefined;
  walletPrepare: boolean;
  nonProfit: boolean;
}

export interface PaymentRoutesOptions {
  captcha: CaptchaVerifier;
  scenarios: Scenarios;
  /** The Stripe client; by default built on first use (the emulator on this server's port). */
  stripe?: (req: Request) => Stripe;
}

export function paymentRoutes(store: Store, options: PaymentRoutesOptions): Router {
  const router = Router();
  const serialized = createSerializer();
  const { scenarios } = options;
  let client: Stripe | undefined;
  const stripeFor =
    options.stripe ??
    ((req: Request) =>
      (client ??= createStripeClient(process.env, `http://127.0.0.1:${req.socket.localPort}`)));

  async function checkCaptcha(request: PaymentRequest): Promise<void> {
    if (request.walletPrepare) return;
    if (request.captchaToken === undefined) {
      throw new HttpError(400, 'captcha_missing', INVALID_CAPTCHA_MESSAGE, CAPTCHA_FIELD);
    }
    const verdict = scenarios.captchaFails()
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
      createdAt: new Date().toISOString(),
      ...(gratitudeId ? { gratitudeId } : {}),
    };
  }

  const jsonHandler = (endpoint: Endpoint) =>
    asyncRoute(async (req: Request, res: Response) => {
      const key = idempotencyKey(req);
      const body = jsonBody(req);
      const request = parsePayment(body, store.db, endpoint);
      const bodyHash = createHash('sha256')
        .update(JSON.stringify({ endpoint, body: canonical(body) }))
        .digest('hex');
      const outcome = await runIdempotent(
        serialized,
        () => store.db,
        { key, endpoint, bodyHash },
        async () => {
          await checkCaptcha(request);
          const intent = await createIntent(req, request, key);
          const answer = intentAnswer(intent);
          await store.mutate((db) => {
            db.payments ??= [];
            db.payments.push(paymentRecord(endpoint, request, intent, key));
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
      await checkCaptcha(request);
      const media = await storeMedia(store.uploadsDir, review.media);
      try {
        const intent = await createIntent(req, request, key);
        const record = reviewRecord(review, media, request.amountCents);
        const answer = intentAnswer(intent);
        await store.mutate((db) => {
          db.pendingGratitudes ??= [];
          db.pendingGratitudes.push({ record, intentId: intent.id });
          db.payments ??= [];
          db.payments.push(paymentRecord(endpoint, request, intent, key, record.id));
          rememberAnswer(db, { key, endpoint, bodyHash, response: answer, createdAt: now() });
        });
        return answer;
      } catch (error) {
        await removeStoredMedia(store.uploadsDir, media);
        throw error;
      }
    },
  );

  /**
   * Reads back from Stripe the status of every unfinished intent `which` selects, and publishes
   * the pending review of each one that has succeeded. A Stripe failure leaves the status as it
   * was (logged), so a profile still answers.
   */
  async function refreshPayments(
    req: Request,
    which: (payment: PaymentRecord) => boolean,
  ): Promise<void> {
    const unfinished = (store.db.payments ?? []).filter(
      (p) => !TERMINAL_STATUSES.has(p.status) && which(p),
    );
    if (unfinished.length === 0) return;
    const statuses = await Promise.all(
      unfinished.map(async (p) => {
        try {
          const intent = await stripeFor(req).paymentIntents.retrieve(p.intentId);
          return { intentId: p.intentId, status: intent.status as string };
        } catch (error) {
          console.error('[mock-api] could not refresh', p.intentId, error);
          return null;
        }
      }),
    );
    await store.mutate((db) => {
      for (const update of statuses) {
        if (!update) continue;
        const payment = db.payments?.find((p) => p.intentId === update.intentId);
        if (payment) payment.status = update.status;
        if (update.status === 'succeeded') publishPending(db, update.intentId);
      }
    });
  }

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

  // Before findUser answers: publish the reviews whose payment has succeeded since.
  router.post('/gratitude/findUser', (req, _res, next) => {
    const body: unknown = req.body;
    const id = (body as { _id?: unknown } | null)?._id;
    if (typeof id !== 'string') {
      next();
      return;
    }
    const pendingIntents = new Set(
      (store.db.pendingGratitudes ?? [])
        .filter((p) => p.record.userId === id)
        .map((p) => p.intentId),
    );
    if (pendingIntents.size === 0) {
      next();
      return;
    }
    refreshPayments(req, (p) => pendingIntents.has(p.intentId)).then(() => next(), next);
  });

  // Mock only: every intent with its amount, fee, metadata, key and (refreshed) status.
  router.get(
    '/__payments',
    asyncRoute(async (req, res) => {
      await refreshPayments(req, () => true);
      const payments = store.db.payments ?? [];
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

  return router;
}

function publishPending(db: Db, intentId: string): void {
  const pending = db.pendingGratitudes ?? [];
  const index = pending.findIndex((p) => p.intentId === intentId);
  if (index < 0) return;
  const [item] = pending.splice(index, 1);
  if (item) publishReview(db, item.record);
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

/** JSON with object keys sorted, so the same body always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The payment fields of a multipart form as the JSON calls carry them. */
function paymentFieldsOfForm(form: ParsedForm): Record<string, unknown> {
  const fields = form.fields;
  const out: Record<string, unknown> = {};
  for (const name of ['piDescription', 'paymentMethodType', 'userName']) {
    if (fields.has(name)) out[name] = fields.get(name);
  }
  if (fields.has(CAPTCHA_FIELD)) out[CAPTCHA_FIELD] = fields.get(CAPTCHA_FIELD);
  if (fields.has('payment_method_types[]')) {
    out.payment_method_types = [fields.get('payment_method_types[]')];
  }
  for (const name of ['amount', 'platformFeeForWallet']) {
    const raw = fields.get(name);
    if (raw === undefined) continue;
    if (!/^\d{1,12}$/.test(raw)) throw badRequest(name, `${name} must be a whole number of cents.`);
    out[name] = Number(raw);
  }
  const metadata = fields.get('metadata');
  if (metadata !== undefined) {
    try {
      out.metadata = JSON.parse(metadata) as unknown;
    } catch {
      throw badRequest('metadata', 'metadata must be a JSON object (as text).');
    }
  }
  return out;
}

function text(fields: Record<string, unknown>, name: string, label: string, max: number): string {
  const value = fields[name];
  if (value === undefined || value === null) throw badRequest(label, `${label} is required.`);
  if (typeof value !== 'string') throw badRequest(label, `${label} must be a string.`);
  if (value.length > max) throw badRequest(label, `${label} must be at most ${max} characters.`);
  return value.trim();
}

function cents(fields: Record<string, unknown>, name: string, label = name): number {
  const value = fields[name];
  if (value === undefined || value === null) throw badRequest(label, `${label} is required.`);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw badRequest(label, `${label} must be a whole number of cents.`);
  }
  return value;
}

function paymentMethods(body: Record<string, unknown>): PaymentMethodKind[] {
  const list = body.payment_method_types;
  const single = body.paymentMethodType;
  if (list !== undefined && single !== undefined) {
    throw badRequest(
      'paymentMethodType',
      'Send payment_method_types or paymentMethodType, not both.',
    );
  }
  const isKind = (v: unknown): v is PaymentMethodKind =>
    typeof v === 'string' && (METHOD_KINDS as readonly string[]).includes(v);
  const allowed = METHOD_KINDS.join(', ');
  if (single !== undefined) {
    if (!isKind(single))
      throw badRequest('paymentMethodType', `paymentMethodType must be one of ${allowed}.`);
    return [single];
  }
  if (list === undefined) {
    throw badRequest(
      'payment_method_types',
      'payment_method_types or paymentMethodType is required.',
    );
  }
  if (
    !Array.isArray(list) ||
    list.length === 0 ||
    list.length > METHOD_KINDS.length ||
    !list.every(isKind) ||
    new Set(list).size !== list.length
  ) {
    throw badRequest(
      'payment_method_types',
      `payment_method_types must list distinct methods among ${allowed}.`,
    );
  }
  return list;
}

/** Checks a payment request's fields and figures against the server's own rules. */
export function parsePayment(
  body: Record<string, unknown>,
  db: Db,
  endpoint: Endpoint,
): PaymentRequest {
  if (endpoint !== 'payment/payment-intent-for-both') {
    for (const name of Object.keys(body)) {
      if (!JSON_FIELDS.has(name)) throw badRequest(name, `${name} is not a field of a payment.`);
    }
  }
  if (body.piDescription !== PI_DESCRIPTION) {
    throw badRequest('piDescription', `piDescription must be "${PI_DESCRIPTION}".`);
  }
  const rawMetadata = body.metadata;
  if (rawMetadata === null || typeof rawMetadata !== 'object' || Array.isArray(rawMetadata)) {
    throw badRequest('metadata', 'metadata is required: an object.');
  }
  const meta = rawMetadata as Record<string, unknown>;
  for (const name of Object.keys(meta)) {
    if (!(METADATA_KEYS as readonly string[]).includes(name)) {
      throw badRequest(`metadata.${name}`, `metadata.${name} is not a payment metadata field.`);
    }
  }
  const amountCents = cents(body, 'amount');
  if (amountCents < MIN_AMOUNT_CENTS || amountCents > MAX_AMOUNT_CENTS || amountCents % 100 !== 0) {
    throw badRequest('amount', 'amount must be whole dollars in cents, from 100 to 99999900.');
  }
  const methods = paymentMethods(body);
  const feeCents = cents(body, 'platformFeeForWallet');
  const fees = new Set(methods.map((m) => platformFeeCents(amountCents, m)));
  if (fees.size > 1) {
    throw badRequest('payment_method_types', 'These payment methods have different fees.');
  }
  const expectedFee = platformFeeCents(amountCents, methods[0] ?? 'card');
  if (feeCents !== expectedFee) {
    throw badRequest(
      'platformFeeForWallet',
      `platformFeeForWallet must be ${expectedFee} cents for ${amountCents} cents by ${methods[0]}.`,
    );
  }
  const totalCents = amountCents + feeCents;
  const amountAfterFee = cents(meta, 'amountAfterFee', 'metadata.amountAfterFee');
  if (amountAfterFee !== totalCents) {
    throw badRequest(
      'metadata.amountAfterFee',
      `metadata.amountAfterFee must be amount + platformFeeForWallet (${totalCents} cents).`,
    );
  }
  const getThanksUserID = text(meta, 'getThanksUserID', 'metadata.getThanksUserID', 100);
  const title = text(meta, 'title', 'metadata.title', 200);
  const guestName = text(meta, 'guestName', 'metadata.guestName', MAX_FULL_NAME_LENGTH);
  const metaUserName = text(meta, 'userName', 'metadata.userName', 100);
  const email = text(meta, 'email', 'metadata.email', 254);
  const userName = text(body, 'userName', 'userName', 100);
  const captchaToken = body[CAPTCHA_FIELD];
  if (
    captchaToken !== undefined &&
    (typeof captchaToken !== 'string' || captchaToken.length > 4096)
  ) {
    throw badRequest(CAPTCHA_FIELD, `${CAPTCHA_FIELD} must be a string.`);
  }
  const metadata = {
    getThanksUserID,
    title,
    guestName,
    userName: metaUserName,
    email,
    amountAfterFee: String(amountAfterFee),
  };
  const base = { amountCents, feeCents, totalCents, methods, metadata };

  if (getThanksUserID === WALLET_PREPARE_ACCOUNT_ID) {
    const exact =
      endpoint === 'payment/create-payment-intent' &&
      amountCents === WALLET_PREPARE_AMOUNT_CENTS &&
      feeCents === WALLET_PREPARE_FEE_CENTS &&
      methods.length === WALLET_PREPARE_METHODS.length &&
      WALLET_PREPARE_METHODS.every((m) => methods.includes(m)) &&
      title.startsWith('Tip to');
    if (!exact) {
      throw badRequest(
        'metadata.getThanksUserID',
        `${WALLET_PREPARE_ACCOUNT_ID} only takes the wallet preparation call (create-payment-intent, amount ${WALLET_PREPARE_AMOUNT_CENTS}, fee ${WALLET_PREPARE_FEE_CENTS}, card and apple_pay).`,
      );
    }
    return { ...base, captchaToken: undefined, walletPrepare: true, nonProfit: false };
  }

  if (getThanksUserID === GPAY_TEST_ACCOUNT_ID) {
    const exact =
      endpoint === 'payment/create-payment-intent' &&
      amountCents === GPAY_TEST_AMOUNT_CENTS &&
      methods.length === 1 &&
      methods[0] === 'google_pay' &&
      title.startsWith('Tip to');
    if (!exact) {
      throw badRequest(
        'metadata.getThanksUserID',
        `${GPAY_TEST_ACCOUNT_ID} only takes the /gpay test payment (create-payment-intent, amount ${GPAY_TEST_AMOUNT_CENTS}, google_pay).`,
      );
    }
    return {
      ...base,
      captchaToken: captchaToken as string | undefined,
      walletPrepare: false,
      nonProfit: false,
    };
  }

  const user = db.users.find((u) => u._id === getThanksUserID);
  if (!user) {
    throw notFound(
      `No account exists with the id "${getThanksUserID}".`,
      'metadata.getThanksUserID',
    );
  }
  if (!guestName) throw badRequest('metadata.guestName', 'metadata.guestName is required.');
  if (!EMAIL_PATTERN.test(email)) {
    throw badRequest('metadata.email', 'metadata.email is not a valid address.');
  }
  if (metaUserName !== user.userName) {
    throw badRequest('metadata.userName', "metadata.userName must be the profile's userName.");
  }
  if (userName !== user.userName) {
    throw badRequest('userName', "userName must be the profile's userName.");
  }
  const nonProfit = isNonProfit(user);
  checkTitle(title, nonProfit);
  if (endpoint === 'payment/create-donation-intent' && !nonProfit) {
    throw badRequest('metadata.getThanksUserID', 'create-donation-intent is for non-profits only.');
  }
  checkDonationFields(body, db, user, nonProfit, endpoint);
  return {
    ...base,
    captchaToken: captchaToken as string | undefined,
    walletPrepare: false,
    nonProfit,
  };
}

function checkTitle(title: string, nonProfit: boolean): void {
  if (nonProfit && !title.includes('donated to')) {
    throw badRequest('metadata.title', 'metadata.title must say "donated to" for a non-profit.');
  }
  if (!nonProfit && !title.startsWith('Tip to')) {
    throw badRequest('metadata.title', 'metadata.title must start with "Tip to".');
  }
}

/** userId, ngoId and isRecurring: required for non-profits (JSON calls), refused otherwise. */
function checkDonationFields(
  body: Record<string, unknown>,
  db: Db,
  user: UserRecord,
  nonProfit: boolean,
  endpoint: Endpoint,
): void {
  // The review form of payment-intent-for-both carries and checks these fields itself.
  if (endpoint === 'payment/payment-intent-for-both') return;
  if (!nonProfit) {
    for (const name of ['userId', 'ngoId', 'isRecurring']) {
      if (body[name] !== undefined) throw badRequest(name, `${name} is only for non-profits.`);
    }
    return;
  }
  const userId = text(body, 'userId', 'userId', 100);
  if (!db.guests.some((g) => g.userId === userId)) {
    throw notFound(`No guest exists with the id "${userId}".`, 'userId');
  }
  if (text(body, 'ngoId', 'ngoId', 100) !== user._id) {
    throw badRequest('ngoId', 'ngoId must be the non-profit profile id.');
  }
  if (body.isRecurring !== false) throw badRequest('isRecurring', 'isRecurring must be false.');
}
