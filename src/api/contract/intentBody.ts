// The payment intent requests the app sends, built in one place (wire contract: the header of
// mock-api/routes/payments/index.ts). Pure: the app and the mock API's tests both use these builders.
import type { Guest } from './guest';
import type { UserDetails } from './types';
import { WALLET_PREPARE_FEE_CENTS, platformFeeCents, type PaymentMethodKind } from './fees';
import { isNonProfit } from './kinds';

export type GiftProfile = Pick<UserDetails, '_id' | 'userName' | 'businessType'>;

/** The guest paying: who createWebUser says they are. */
export type Payer = Guest;

export interface PaymentMetadata {
  getThanksUserID: string;
  title: string;
  guestName: string;
  userName: string;
  email: string;
  /** amount + platformFeeForWallet, in cents. */
  amountAfterFee: number;
}

export interface PaymentIntentBody {
  piDescription: typeof PI_DESCRIPTION;
  metadata: PaymentMetadata;
  platformFeeForWallet: number;
  amount: number;
  /** One method (the app's choices) ... */
  paymentMethodType?: PaymentMethodKind;
  /** ... or several (the wallet preparation call). */
  payment_method_types?: PaymentMethodKind[];
  userName: string;
  /** The captcha token; only the wallet preparation call goes without. */
  captchaToken?: string;
  /** Non-profits only. */
  userId?: string;
  ngoId?: string;
  isRecurring?: false;
}

/** What every payment intent request says it is for. */
export const PI_DESCRIPTION = 'cardToWallet';

/** The placeholder account of the wallet preparation call made once on load (spec 7). */
export const WALLET_PREPARE_ACCOUNT_ID = 'wallet-prepare';
/** $10 at the card fee (3.0 % + $0.50) is the spec's $0.80 preparation fee. */
export const WALLET_PREPARE_AMOUNT_CENTS = 1000;
export const WALLET_PREPARE_METHODS = [
  'card',
  'apple_pay',
] as const satisfies readonly PaymentMethodKind[];

/** The account the /gpay test page pays, a fixed $20 by Google Pay. */
export const GPAY_TEST_ACCOUNT_ID = 'gpay-test';
export const GPAY_TEST_AMOUNT_CENTS = 2000;
/** The one option the /gpay test page offers and pays by. */
export const GPAY_TEST_METHOD = 'google_pay' satisfies PaymentMethodKind;
export const GPAY_TEST_PAYER: Payer = {
  userId: '',
  fullName: 'Google Pay test',
  email: 'gpay-test@example.com',
};

/** The intent request for `payer` giving `amountCents` to `profile` by `method`. */
export function paymentIntentBody(options: {
  profile: GiftProfile;
  payer: Payer;
  amountCents: number;
  method: PaymentMethodKind;
  captchaToken: string;
}): PaymentIntentBody {
  const { profile, payer, amountCents, method, captchaToken } = options;
  const fee = platformFeeCents(amountCents, method);
  const nonProfit = isNonProfit(profile);
  return {
    piDescription: PI_DESCRIPTION,
    metadata: {
      getThanksUserID: profile._id,
      title: nonProfit
        ? `${payer.fullName} donated to ${profile.userName}`
        : `Tip to ${profile.userName}`,
      guestName: payer.fullName,
      userName: profile.userName,
      email: payer.email,
      amountAfterFee: amountCents + fee,
    },
    platformFeeForWallet: fee,
    amount: amountCents,
    paymentMethodType: method,
    userName: profile.userName,
    captchaToken,
    ...(nonProfit ? { userId: payer.userId, ngoId: profile._id, isRecurring: false } : {}),
  };
}

/** The one wallet preparation call on load: placeholder account, $0.80 fee, card and apple_pay. */
export function walletPrepareBody(): PaymentIntentBody {
  return {
    piDescription: PI_DESCRIPTION,
    metadata: {
      getThanksUserID: WALLET_PREPARE_ACCOUNT_ID,
      title: `Tip to ${WALLET_PREPARE_ACCOUNT_ID}`,
      guestName: '',
      userName: '',
      email: '',
      amountAfterFee: WALLET_PREPARE_AMOUNT_CENTS + WALLET_PREPARE_FEE_CENTS,
    },
    platformFeeForWallet: WALLET_PREPARE_FEE_CENTS,
    amount: WALLET_PREPARE_AMOUNT_CENTS,
    payment_method_types: [...WALLET_PREPARE_METHODS],
    userName: '',
  };
}

/** The /gpay test page's request: $20 by Google Pay to the test account. */
export function gpayTestBody(captchaToken: string): PaymentIntentBody {
  return paymentIntentBody({
    profile: { _id: GPAY_TEST_ACCOUNT_ID, userName: GPAY_TEST_ACCOUNT_ID, businessType: 'PERSON' },
    payer: GPAY_TEST_PAYER,
    amountCents: GPAY_TEST_AMOUNT_CENTS,
    method: GPAY_TEST_METHOD,
    captchaToken,
  });
}

/**
 * The fields of a payment-intent-for-both form that carry the payment (the review's own fields
 * come from the recognition form): metadata as JSON text, numbers as decimal text.
 */
export function paymentFormFields(body: PaymentIntentBody): Record<string, string> {
  const fields: Record<string, string> = {
    piDescription: body.piDescription,
    metadata: JSON.stringify(body.metadata),
    platformFeeForWallet: String(body.platformFeeForWallet),
    amount: String(body.amount),
    userName: body.userName,
  };
  if (body.paymentMethodType) fields.paymentMethodType = body.paymentMethodType;
  if (body.captchaToken !== undefined) fields.captchaToken = body.captchaToken;
  return fields;
}
