/**
 * Fee and total rules for tips and donations, in integer cents. The app (what the guest is told)
 * and the mock API (what it accepts) both import this module, so they cannot disagree.
 *
 * ROUNDING RULE (the only one): a percentage is held in basis points (1 bp = 0.01 %). When one
 * charge has several percentage parts (the card total's 2.9 % + 0.1 %), their basis points are
 * added first and the percentage part is rounded ONCE: amountCents * basisPoints / 10000, rounded
 * half up to a whole cent, computed with exact integer arithmetic (no floating-point division).
 * Fixed parts are whole cents and are added afterwards. Caps (the bank fee's $10) apply to the
 * rounded fee.
 */
import { MAX_GIFT_DOLLARS } from './limits';

/** Every payment method the API takes (spec 7), written once for the app and the mock API. */
export const PAYMENT_METHOD_KINDS = ['card', 'bank', 'apple_pay', 'google_pay'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** The wallets: Apple Pay and Google Pay, paid through a wallet sheet rather than a card form. */
export const WALLET_KINDS = [
  'apple_pay',
  'google_pay',
] as const satisfies readonly PaymentMethodKind[];
export type WalletKind = (typeof WALLET_KINDS)[number];

/** The options a gift offers, in order (spec 5): the card, then the wallets. */
export const GIFT_PAYMENT_METHODS = [
  'card',
  ...WALLET_KINDS,
] as const satisfies readonly PaymentMethodKind[];

export const isPaymentMethodKind = (value: unknown): value is PaymentMethodKind =>
  typeof value === 'string' && (PAYMENT_METHOD_KINDS as readonly string[]).includes(value);
export const isWalletKind = (method: PaymentMethodKind): method is WalletKind =>
  (WALLET_KINDS as readonly string[]).includes(method);

export interface FeeRule {
  /** The percentage part, in basis points: 3.0 % is 300. */
  basisPoints: number;
  /** The fixed part, in cents: $0.50 is 50. */
  fixedCents: number;
}

/** The fee labels shown next to each payment option (spec 9), exactly as shown. */
export const FEE_LABELS: Readonly<Record<PaymentMethodKind, string>> = {
  card: '3.0%+$0.50',
  bank: '3.0%+$0.50',
  apple_pay: '3.0%+$0.50',
  google_pay: '2.9%+$0.30',
};

/** The platform fee sent when the wallet is prepared on page load: $0.80. */
export const WALLET_PREPARE_FEE_CENTS = 80;

/** The displayed card total: the processor's 2.9 % + $0.30 plus the platform's 0.1 % + $0.20. */
const CARD_TOTAL_PARTS: readonly FeeRule[] = [
  { basisPoints: 290, fixedCents: 30 },
  { basisPoints: 10, fixedCents: 20 },
];

/** The bank fee: 1 % of the amount, at most $10. */
const BANK_FEE_BASIS_POINTS = 100;
const BANK_FEE_CAP_CENTS = 1000;

const BASIS_POINTS_PER_WHOLE = 10_000;
const FEE_LABEL_PATTERN = /^(\d+)(?:\.(\d{1,2}))?%\+\$(\d+)\.(\d{2})$/;

/** Reads a fee label such as '3.0%+$0.50' into { basisPoints: 300, fixedCents: 50 }. */
export function parseFeeLabel(label: string): FeeRule {
  const match = FEE_LABEL_PATTERN.exec(label);
  if (!match) throw new Error(`Not a fee label: ${JSON.stringify(label)}`);
  const [, wholePercent = '', percentFraction = '', dollars = '', cents = ''] = match;
  return {
    basisPoints: Number(wholePercent) * 100 + Number(percentFraction.padEnd(2, '0')),
    fixedCents: Number(dollars) * 100 + Number(cents),
  };
}

/** The fee rule of a payment method, read from its label so the label and the maths agree. */
export function feeRule(kind: PaymentMethodKind): FeeRule {
  return parseFeeLabel(FEE_LABELS[kind]);
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number of cents, got ${value}`);
  }
}

/** amountCents * basisPoints / 10000, rounded half up to a whole cent, exactly. */
function percentOfCents(amountCents: number, basisPoints: number): number {
  assertCents(amountCents, 'amountCents');
  const scaled = amountCents * basisPoints + BASIS_POINTS_PER_WHOLE / 2;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount too large: ${amountCents}`);
  // Integer division by subtracting the remainder first: every step is exact.
  return (scaled - (scaled % BASIS_POINTS_PER_WHOLE)) / BASIS_POINTS_PER_WHOLE;
}

/** The fee for a set of rules charged together: percentages summed, rounded once, plus fixed parts. */
function feeForRules(amountCents: number, rules: readonly FeeRule[]): number {
  const basisPoints = rules.reduce((sum, rule) => sum + rule.basisPoints, 0);
  const fixedCents = rules.reduce((sum, rule) => sum + rule.fixedCents, 0);
  return percentOfCents(amountCents, basisPoints) + fixedCents;
}

/** The platform fee sent with a payment intent: the label's percentage of the amount plus its fixed part. */
export function platformFeeCents(amountCents: number, kind: PaymentMethodKind): number {
  return feeForRules(amountCents, [feeRule(kind)]);
}

/** The card total shown to the guest: amount + 2.9 % + $0.30 + (0.1 % + $0.20). */
export function cardTotalCents(amountCents: number): number {
  return amountCents + feeForRules(amountCents, CARD_TOTAL_PARTS);
}

/** The bank fee: 1 % of the amount, capped at $10. */
export function bankFeeCents(amountCents: number): number {
  return Math.min(percentOfCents(amountCents, BANK_FEE_BASIS_POINTS), BANK_FEE_CAP_CENTS);
}

/** The bank total: amount + min(1 % of the amount, $10). */
export function bankTotalCents(amountCents: number): number {
  return amountCents + bankFeeCents(amountCents);
}

/** The amount the wallet sheet asks for, in cents: the amount plus the wallet's platform fee. */
export function walletTotalCents(amountCents: number, kind: WalletKind): number {
  return amountCents + platformFeeCents(amountCents, kind);
}

/**
 * Stripe's largest charge in USD: $999,999.99 (Stripe's "Minimum and maximum charge amounts": an
 * amount has at most eight digits in the currency's smallest unit). An intent for more is refused.
 */
export const STRIPE_MAX_CHARGE_CENTS = 99_999_999;

/**
 * The most a gift of amountCents may come to by this method: the larger of the total the guest is
 * shown for it (the card's, the bank's, the wallet sheet's) and the total its intent charges
 * (amount + platform fee, as metadata.amountAfterFee).
 */
export function largestTotalCents(amountCents: number, kind: PaymentMethodKind): number {
  const charged = amountCents + platformFeeCents(amountCents, kind);
  const shown =
    kind === 'card'
      ? cardTotalCents(amountCents)
      : kind === 'bank'
        ? bankTotalCents(amountCents)
        : walletTotalCents(amountCents, kind);
  return Math.max(charged, shown);
}

/** Whether a gift of amountCents stays within Stripe's maximum by every payment method. */
export const fitsEveryMethod = (amountCents: number): boolean =>
  PAYMENT_METHOD_KINDS.every(
    (kind) => largestTotalCents(amountCents, kind) <= STRIPE_MAX_CHARGE_CENTS,
  );

/**
 * The most a guest can give by the fee rules above, in whole dollars: the largest whole-dollar
 * amount whose total by any payment method fits Stripe's maximum (every total grows with the
 * amount, so a bisection finds the edge). limits.ts's MAX_GIFT_DOLLARS is this figure written as
 * a number, so the profile's first load carries no fee rules; fees.test.ts holds them equal, so a
 * changed fee that moves the edge fails there.
 */
export function maxGiftDollarsFromFees(): number {
  let fits = 0;
  let tooMuch = Math.floor(STRIPE_MAX_CHARGE_CENTS / 100) + 1;
  while (tooMuch - fits > 1) {
    const middle = Math.floor((fits + tooMuch) / 2);
    if (fitsEveryMethod(middle * 100)) fits = middle;
    else tooMuch = middle;
  }
  return fits;
}
export { MAX_GIFT_DOLLARS };
export const MAX_GIFT_CENTS = MAX_GIFT_DOLLARS * 100;

/**
 * '$1,234.56' for 123456, as en-US currency notation writes it ('-$19.99' below zero). Written by
 * hand from the exact integer, not by Intl: no float touches a cent, and the page's first Intl
 * formatter costs a phone 50-100 ms (its locale data is set up then), which the amount's step of
 * the giving flow would wait for (issue 36). The tests compare it with Intl.
 */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const hundredths = String(magnitude % 100).padStart(2, '0');
  const dollars = String((magnitude - (magnitude % 100)) / 100).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${hundredths}`;
}

/** 'You will be charged $12.00' */
export function chargeMessage(totalCents: number): string {
  return `You will be charged ${formatUsd(totalCents)}`;
}

/** Whole dollars (the amount field only takes digits) to cents. */
export function dollarsToCents(wholeDollars: number): number {
  const cents = wholeDollars * 100;
  if (!Number.isSafeInteger(wholeDollars) || wholeDollars < 0 || !Number.isSafeInteger(cents)) {
    throw new RangeError(`Not a whole number of dollars: ${wholeDollars}`);
  }
  return cents;
}
