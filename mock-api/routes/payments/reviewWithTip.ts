// POST payment/payment-intent-for-both (multipart): a review with its media plus the payment
// fields. The review waits in db.pendingGratitudes, out of the feed, until Stripe says its intent
// succeeded (./publish); the intent's client secret is the answer.
import type { RequestHandler } from 'express';
import { CAPTCHA_FIELD } from '../../../src/api/contract/messages';
import { type Review, removeStoredMedia, reviewRecord, storeMedia } from '../../db/reviews';
import { badRequest } from '../../http';
import type { Serializer } from '../../idempotency';
import { idempotentFormRoute, rememberAnswer } from '../idempotentRoutes';
import type { ParsedForm } from '../../multipart';
import { validateReview } from '../../reviewForm';
import {
  type PaymentServices,
  checkCaptcha,
  createIntent,
  intentAnswer,
  now,
  paymentRecord,
} from './intents';
import { type Endpoint, type PaymentRequest, parsePayment } from './parse';

const endpoint: Endpoint = 'payment/payment-intent-for-both';
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

export function reviewWithTipRoute(
  services: PaymentServices,
  serialized: Serializer,
): RequestHandler {
  const { store } = services;
  return idempotentFormRoute(store, serialized, endpoint, async (form, { key, bodyHash }, req) => {
    const review = await validateReview(form, store.db, {
      gratitudeType: 'BOTH',
      media: 'optional',
      otherFields: FORM_PAYMENT_FIELDS,
    });
    const request = parsePayment(paymentFieldsOfForm(form), store.db, endpoint);
    checkReviewMatchesPayment(review, request);
    await checkCaptcha(services, req, request);
    const media = await storeMedia(store.uploadsDir, review.media);
    try {
      const intent = await createIntent(services, req, request, key);
      const record = reviewRecord(review, media, request.amountCents);
      const answer = intentAnswer(intent);
      await store.mutate((db) => {
        db.pendingGratitudes ??= [];
        db.pendingGratitudes.push({ record, intentId: intent.id });
        db.payments ??= [];
        db.payments.push(paymentRecord(services, req, endpoint, request, intent, key, record.id));
        rememberAnswer(db, { key, endpoint, bodyHash, response: answer, createdAt: now() });
      });
      return answer;
    } catch (error) {
      await removeStoredMedia(store.uploadsDir, media);
      throw error;
    }
  });
}

/** The review's profile, donation flag and ngoId agree with the payment's. */
function checkReviewMatchesPayment(review: Review, request: PaymentRequest): void {
  if (request.metadata.getThanksUserID !== review.getThanksUserId) {
    throw badRequest('metadata', 'metadata.getThanksUserID must be getThanksUserId.');
  }
  if (review.isDonate !== request.nonProfit) {
    throw badRequest('isDonate', `isDonate must be ${String(request.nonProfit)} for this profile.`);
  }
  if (request.nonProfit && review.ngoId !== review.getThanksUserId) {
    throw badRequest('ngoId', 'ngoId must be the non-profit profile id.');
  }
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
