// Parsing and checking a payment call's fields against the server's own rules (the wire
// contract is in ./index.ts's header): figures recomputed with the app's fee module, the fixed
// accounts' exact calls, the profile's own names. Pure: a request in, a PaymentRequest or a 400.
import * as yup from 'yup';
import { stableStringify } from '../../../src/api/contract/canonicalJson';
import type { PaymentMethodKind } from '../../../src/api/contract/fees';
import {
  MAX_GIFT_CENTS,
  PAYMENT_METHOD_KINDS,
  STRIPE_MAX_CHARGE_CENTS,
  WALLET_PREPARE_FEE_CENTS,
  formatUsd,
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
import { emailAddress } from '../../../src/api/contract/schemas';
import type { Db, UserRecord } from '../../db/types';
import { badRequest, notFound } from '../../http';
import {
  asSent,
  cents,
  centsNumber,
  checkField,
  checkFields,
  nameField,
  satisfying,
  sentTextString,
} from '../../validation';

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

const ALLOWED = PAYMENT_METHOD_KINDS.join(', ');
const sentText = (max: number) => asSent(sentTextString(max));
type Fields = Record<string, unknown>;

/** The call's description is ours, its metadata an object (whose keys are checked next). */
const PAYMENT_HEAD = {
  piDescription: satisfying(`piDescription must be "${PI_DESCRIPTION}".`, (value) => {
    return value === PI_DESCRIPTION;
  }),
  metadata: satisfying('metadata is required: an object.', (value) => {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  }),
};

const isMethodList = (list: unknown): list is PaymentMethodKind[] =>
  Array.isArray(list) &&
  list.length > 0 &&
  list.length <= PAYMENT_METHOD_KINDS.length &&
  list.every(isPaymentMethodKind) &&
  new Set(list).size === list.length;

/** Past the most a guest can give: said with the most, and why (before the captcha is spent). */
const TOO_LARGE_MESSAGE =
  `amount must be at most ${AMOUNT_CENTS.max} cents (${formatUsd(MAX_GIFT_CENTS)}), the most a ` +
  `guest can give: a larger gift's total with its fee would pass Stripe's maximum charge of ` +
  `${STRIPE_MAX_CHARGE_CENTS} cents (${formatUsd(STRIPE_MAX_CHARGE_CENTS)}).`;

/** The amount and the methods (a list, or one), then the fee, which paymentFigures recomputes. */
const FIGURES = {
  amount: cents(
    centsNumber()
      .test(
        'whole-dollars',
        `amount must be whole dollars in cents, from ${AMOUNT_CENTS.min} to ${AMOUNT_CENTS.max}.`,
        (amount) => amount >= AMOUNT_CENTS.min && amount % 100 === 0,
      )
      // The one maximum, for every method: the same figure the app's form refuses.
      .test('most-a-guest-can-give', TOO_LARGE_MESSAGE, (amount) => amount <= AMOUNT_CENTS.max),
  ),
  paymentMethodType: satisfying(
    'Send payment_method_types or paymentMethodType, not both.',
    function notBoth(this: { parent: Fields }, single) {
      return single === undefined || this.parent.payment_method_types === undefined;
    },
  ).test('kind', `paymentMethodType must be one of ${ALLOWED}.`, (single) => {
    return single === undefined || isPaymentMethodKind(single);
  }) as yup.Schema<PaymentMethodKind | undefined>,
  payment_method_types: satisfying(
    'payment_method_types or paymentMethodType is required.',
    function either(this: { parent: Fields }, list) {
      return list !== undefined || this.parent.paymentMethodType !== undefined;
    },
  ).test('list', `payment_method_types must list distinct methods among ${ALLOWED}.`, (list) => {
    return list === undefined || isMethodList(list);
  }) as yup.Schema<PaymentMethodKind[] | undefined>,
  platformFeeForWallet: cents(),
};

/** Who pays whom, checked once the figures agree; the metadata's fields named `metadata.<key>`. */
const PAYER = {
  'metadata.getThanksUserID': sentText(100),
  // The payer's name, then the title that carries it for a donation (`{guestName} donated to`):
  // the names rule, so a bad name is refused as the name. The wallet preparation call's
  // guestName is empty.
  'metadata.guestName': nameField({ allowEmpty: true }),
  'metadata.title': nameField({ max: MAX_TITLE_LENGTH }),
  'metadata.userName': sentText(100),
  // Checked here, before any account's own rules, so no call sends Stripe an email that is not
  // an address (the wallet preparation call's is empty; every other call needs one, below).
  'metadata.email': asSent(
    emailAddress(sentTextString(254), 'metadata.email is not a valid address.'),
  ),
  userName: sentText(100),
  [CAPTCHA_FIELD]: asSent(
    yup.string().max(4096, `${CAPTCHA_FIELD} must be a string.`),
    (raw) => raw === undefined || typeof raw === 'string',
    `${CAPTCHA_FIELD} must be a string.`,
  ),
};

/** Checks a payment request's fields and figures against the server's own rules. */
export function parsePayment(body: Fields, db: Db, endpoint: Endpoint): PaymentRequest {
  // The metadata's fields as `metadata.<key>`, beside the body's, as the errors name them.
  const fields = Object.assign(Object.create(null) as Fields, body);
  for (const [key, value] of Object.entries(metadataObject(body, endpoint))) {
    fields[`metadata.${key}`] = value;
  }
  const figures = paymentFigures(fields);
  const payer = checkFields(fields, PAYER);
  const { userName, [CAPTCHA_FIELD]: captchaToken } = payer;
  const metadata = {
    getThanksUserID: payer['metadata.getThanksUserID'],
    title: payer['metadata.title'],
    guestName: payer['metadata.guestName'],
    userName: payer['metadata.userName'],
    email: payer['metadata.email'],
    amountAfterFee: String(figures.totalCents),
  };
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
function metadataObject(body: Fields, endpoint: Endpoint): Fields {
  if (endpoint !== 'payment/payment-intent-for-both') {
    for (const name of Object.keys(body)) {
      if (!JSON_FIELDS.has(name)) throw badRequest(name, `${name} is not a field of a payment.`);
    }
  }
  const meta = checkFields(body, PAYMENT_HEAD).metadata as Fields;
  for (const name of Object.keys(meta)) {
    if (!(METADATA_KEYS as readonly string[]).includes(name)) {
      throw badRequest(`metadata.${name}`, `metadata.${name} is not a payment metadata field.`);
    }
  }
  return meta;
}

/** The amount, the methods, the fee recomputed and the total (as metadata.amountAfterFee). */
function paymentFigures(fields: Fields): Figures {
  const checked = checkFields(fields, FIGURES);
  const { amount: amountCents, platformFeeForWallet: feeCents, paymentMethodType } = checked;
  const methods = paymentMethodType ? [paymentMethodType] : (checked.payment_method_types ?? []);
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
  // At most AMOUNT_CENTS.max, whose total fits Stripe's maximum by every method (fees.ts).
  const totalCents = amountCents + feeCents;
  if (checkField(fields, 'metadata.amountAfterFee', cents()) !== totalCents) {
    throw badRequest(
      'metadata.amountAfterFee',
      `metadata.amountAfterFee must be amount + platformFeeForWallet (${totalCents} cents).`,
    );
  }
  return { amountCents, feeCents, totalCents, methods };
}

/**
 * The one call the page makes before any captcha: exactly the placeholder body, so nothing a
 * caller writes (a name, an email, another amount) rides on it.
 */
function checkWalletPrepareCall(body: Fields, endpoint: Endpoint): void {
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
  body: Fields,
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
  body: Fields,
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
  const userId = checkField(body, 'userId', sentText(100)).trim();
  if (!db.guests.some((g) => g.userId === userId)) {
    throw notFound(`No guest exists with the id "${userId}".`, 'userId');
  }
  if (checkField(body, 'ngoId', sentText(100)) !== user._id) {
    throw badRequest('ngoId', 'ngoId must be the non-profit profile id.');
  }
  if (body.isRecurring !== false) throw badRequest('isRecurring', 'isRecurring must be false.');
}
