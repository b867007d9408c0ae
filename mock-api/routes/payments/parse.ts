// Parsing and checking a payment call's fields against the server's own rules (the wire
// contract is in ./index.ts's header): figures recomputed with the app's fee module, the fixed
// accounts' exact calls, the profile's own names. Pure: a request in, a PaymentRequest or a 400.
import { stableStringify } from '../../../src/api/contract/canonicalJson';
import type { PaymentMethodKind } from '../../../src/api/contract/fees';
import {
  PAYMENT_METHOD_KINDS,
  WALLET_PREPARE_FEE_CENTS,
  isPaymentMethodKind,
  platformFeeCents,
} from '../../../src/api/contract/fees';
import { EMAIL_PATTERN } from '../../../src/api/contract/guest';
import {
  GPAY_TEST_ACCOUNT_ID,
  GPAY_TEST_METHOD,
  GPAY_TEST_AMOUNT_CENTS,
  PI_DESCRIPTION,
  WALLET_PREPARE_ACCOUNT_ID,
  WALLET_PREPARE_AMOUNT_CENTS,
  walletPrepareBody,
} from '../../../src/api/contract/intentBody';
import { isNonProfit } from '../../../src/api/contract/kinds';
import { AMOUNT_CENTS, MAX_TITLE_LENGTH } from '../../../src/api/contract/limits';
import { CAPTCHA_FIELD } from '../../../src/api/contract/messages';
import type { Db, UserRecord } from '../../db/types';
import { badRequest, notFound } from '../../http';
import { requireName } from '../../names';

/** Stripe's largest charge in USD ($999,999.99): a total above it is refused before the captcha. */
export const STRIPE_MAX_CENTS = 99_999_999;
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
export type Endpoint =
  | 'payment/create-payment-intent'
  | 'payment/create-donation-intent'
  | 'payment/payment-intent-for-both';

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
  const isKind = isPaymentMethodKind;
  const allowed = PAYMENT_METHOD_KINDS.join(', ');
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
    list.length > PAYMENT_METHOD_KINDS.length ||
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
  const meta = metadataObject(body, endpoint);
  const figures = paymentFigures(body, meta);
  const { metadata, userName, captchaToken } = payerFields(body, meta, figures.totalCents);
  const base = { ...figures, metadata };
  const { getThanksUserID } = metadata;
  if (getThanksUserID === WALLET_PREPARE_ACCOUNT_ID) {
    checkWalletPrepareCall(body, endpoint);
    return { ...base, captchaToken: undefined, walletPrepare: true, nonProfit: false };
  }
  if (getThanksUserID === GPAY_TEST_ACCOUNT_ID) {
    checkGpayTestCall(base, endpoint);
    return { ...base, captchaToken, walletPrepare: false, nonProfit: false };
  }
  const nonProfit = checkProfilePayment(body, db, endpoint, metadata, userName);
  return { ...base, captchaToken, walletPrepare: false, nonProfit };
}

type Metadata = PaymentRequest['metadata'];
type Figures = Pick<PaymentRequest, 'amountCents' | 'feeCents' | 'totalCents' | 'methods'>;

/** The call's fields are a payment's (JSON calls), its description is ours, its metadata known. */
function metadataObject(
  body: Record<string, unknown>,
  endpoint: Endpoint,
): Record<string, unknown> {
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
  return meta;
}

/** The amount, the methods, the fee recomputed and the total (as metadata.amountAfterFee). */
function paymentFigures(body: Record<string, unknown>, meta: Record<string, unknown>): Figures {
  const amountCents = cents(body, 'amount');
  if (amountCents < AMOUNT_CENTS.min || amountCents > AMOUNT_CENTS.max || amountCents % 100 !== 0) {
    throw badRequest(
      'amount',
      `amount must be whole dollars in cents, from ${AMOUNT_CENTS.min} to ${AMOUNT_CENTS.max}.`,
    );
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
  if (totalCents > STRIPE_MAX_CENTS) {
    throw badRequest(
      'amount',
      `amount ${amountCents} plus its fee is ${totalCents} cents, over Stripe's maximum charge of ${STRIPE_MAX_CENTS} cents ($999,999.99).`,
    );
  }
  const amountAfterFee = cents(meta, 'amountAfterFee', 'metadata.amountAfterFee');
  if (amountAfterFee !== totalCents) {
    throw badRequest(
      'metadata.amountAfterFee',
      `metadata.amountAfterFee must be amount + platformFeeForWallet (${totalCents} cents).`,
    );
  }
  return { amountCents, feeCents, totalCents, methods };
}

/** Who pays whom: the metadata's names and email, the top-level userName, the captcha token. */
function payerFields(
  body: Record<string, unknown>,
  meta: Record<string, unknown>,
  totalCents: number,
): { metadata: Metadata; userName: string; captchaToken: string | undefined } {
  const getThanksUserID = text(meta, 'getThanksUserID', 'metadata.getThanksUserID', 100);
  // The payer's name, then the title that carries it for a donation (`{guestName} donated to`):
  // the names rule, so a bad name is refused as the name. The wallet preparation call's
  // guestName is empty.
  const guestName = requireName(meta, 'guestName', {
    label: 'metadata.guestName',
    allowEmpty: true,
  });
  const title = requireName(meta, 'title', { label: 'metadata.title', max: MAX_TITLE_LENGTH });
  const metaUserName = text(meta, 'userName', 'metadata.userName', 100);
  const email = text(meta, 'email', 'metadata.email', 254);
  // Checked here, before any account's own rules, so no call sends Stripe an email that is not
  // an address (the wallet preparation call's is empty; every other call needs one, below).
  if (email !== '' && !EMAIL_PATTERN.test(email)) {
    throw badRequest('metadata.email', 'metadata.email is not a valid address.');
  }
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
    amountAfterFee: String(totalCents),
  };
  return { metadata, userName, captchaToken: captchaToken as string | undefined };
}

/**
 * The one call the page makes before any captcha: exactly the placeholder body, so nothing a
 * caller writes (a name, an email, another amount) rides on it.
 */
function checkWalletPrepareCall(body: Record<string, unknown>, endpoint: Endpoint): void {
  const exact =
    endpoint === 'payment/create-payment-intent' &&
    stableStringify(body) === stableStringify(walletPrepareBody());
  if (!exact) {
    throw badRequest(
      'metadata.getThanksUserID',
      `${WALLET_PREPARE_ACCOUNT_ID} only takes the wallet preparation call, exactly as the app sends it (create-payment-intent, amount ${WALLET_PREPARE_AMOUNT_CENTS}, fee ${WALLET_PREPARE_FEE_CENTS}, card and apple_pay, empty guest fields, no captcha).`,
    );
  }
}

/** The /gpay test page's payment, and nothing else, for its account. */
function checkGpayTestCall(request: Figures & { metadata: Metadata }, endpoint: Endpoint): void {
  const { amountCents, methods } = request;
  const exact =
    endpoint === 'payment/create-payment-intent' &&
    amountCents === GPAY_TEST_AMOUNT_CENTS &&
    methods.length === 1 &&
    methods[0] === GPAY_TEST_METHOD &&
    request.metadata.title.startsWith('Tip to');
  if (!exact) {
    throw badRequest(
      'metadata.getThanksUserID',
      `${GPAY_TEST_ACCOUNT_ID} only takes the /gpay test payment (create-payment-intent, amount ${GPAY_TEST_AMOUNT_CENTS}, google_pay).`,
    );
  }
}

/** A payment to a profile: its names, the guest's, the title's wording; true for a non-profit. */
function checkProfilePayment(
  body: Record<string, unknown>,
  db: Db,
  endpoint: Endpoint,
  metadata: Metadata,
  userName: string,
): boolean {
  const { getThanksUserID } = metadata;
  const user = db.users.find((u) => u._id === getThanksUserID);
  if (!user) {
    throw notFound(
      `No account exists with the id "${getThanksUserID}".`,
      'metadata.getThanksUserID',
    );
  }
  if (!metadata.guestName) {
    throw badRequest('metadata.guestName', 'metadata.guestName is required.');
  }
  if (!EMAIL_PATTERN.test(metadata.email)) {
    throw badRequest('metadata.email', 'metadata.email is not a valid address.');
  }
  if (metadata.userName !== user.userName) {
    throw badRequest('metadata.userName', "metadata.userName must be the profile's userName.");
  }
  if (userName !== user.userName) {
    throw badRequest('userName', "userName must be the profile's userName.");
  }
  const nonProfit = isNonProfit(user);
  checkTitle(metadata.title, nonProfit);
  if (endpoint === 'payment/create-donation-intent' && !nonProfit) {
    throw badRequest('metadata.getThanksUserID', 'create-donation-intent is for non-profits only.');
  }
  checkDonationFields(body, db, user, nonProfit, endpoint);
  return nonProfit;
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
