// The emulated browser's wallets: Apple Pay and Google Pay, each holding a Visa •••• 4242, and what
// the Express Checkout Element says about them.
import type { BillingDetails, Wallet } from './types';
import type { WalletKey } from './walletPlatform';

/** The Express Checkout Element's wallets, in the order its buttons show. */
export const WALLETS: readonly Wallet[] = [
  { key: 'applePay', type: 'apple_pay', name: 'Apple Pay' },
  { key: 'googlePay', type: 'google_pay', name: 'Google Pay' },
];

/** Stripe's AvailablePaymentMethods keys: the emulated browser never offers the others. */
const EXPRESS_METHODS = ['applePay', 'googlePay', 'link', 'amazonPay', 'paypal', 'klarna'];

/** The card the emulated wallets hold. */
export const WALLET_CARD = {
  number: '4242424242424242',
  exp_month: '12',
  exp_year: '2034',
  cvc: '123',
};

/** The payer the emulated wallets report. */
const WALLET_PAYER = {
  name: 'Jenny Rosen',
  email: 'jenny.rosen@example.com',
  phone: '+14155550123',
  address: {
    line1: '510 Townsend St',
    line2: null,
    city: 'San Francisco',
    state: 'CA',
    postal_code: '94103',
    country: 'US',
  },
};

/** What a wallet button says before the wallet's name, per Stripe's buttonType values. */
const BUTTON_WORDS: Readonly<Record<string, string>> = {
  'add-money': 'Add money with',
  book: 'Book with',
  buy: 'Buy with',
  'check-out': 'Check out with',
  checkout: 'Check out with',
  contribute: 'Contribute with',
  donate: 'Donate with',
  order: 'Order with',
  pay: 'Pay with',
  reload: 'Reload with',
  rent: 'Rent with',
  subscribe: 'Subscribe with',
  support: 'Support with',
  tip: 'Tip with',
  'top-up': 'Top up with',
};

/**
 * The wallets to show: the browser must have them (its platform, or the tester's scenario:
 * ./walletPlatform.ts; null until known), the group must pay by card (Apple Pay and Google Pay
 * are cards), and paymentMethods must not say 'never'. The emulated wallets hold a card, so
 * 'auto' shows a button as 'always' does.
 */
export function availableWallets(
  browserWallets: readonly WalletKey[] | null,
  groupTypes: readonly string[] | undefined,
  paymentMethods: Partial<Record<string, unknown>> = {},
): Wallet[] {
  if (!browserWallets || (groupTypes && !groupTypes.includes('card'))) return [];
  return WALLETS.filter(
    (wallet) => browserWallets.includes(wallet.key) && paymentMethods[wallet.key] !== 'never',
  );
}

/** Stripe's AvailablePaymentMethods object (`ready`), or undefined when no button can show. */
export function availablePaymentMethods(
  offered: readonly Wallet[],
): Record<string, boolean> | undefined {
  if (!offered.length) return undefined;
  return Object.fromEntries(
    EXPRESS_METHODS.map((key) => [key, offered.some((wallet) => wallet.key === key)]),
  );
}

/** The same news in `availablepaymentmethodschange`'s shape: { applePay: { available }, ... }. */
export function paymentMethodsChange(
  offered: readonly Wallet[],
): Record<string, { available: boolean }> | undefined {
  const available = availablePaymentMethods(offered);
  if (!available) return undefined;
  return Object.fromEntries(
    Object.entries(available).map(([key, value]) => [key, { available: value }]),
  );
}

/** A wallet button's text: 'Tip with Apple Pay' for buttonType 'tip', else the wallet's name. */
export function buttonText(wallet: Wallet, buttonType: unknown): string {
  const words =
    typeof buttonType === 'string' && Object.prototype.hasOwnProperty.call(BUTTON_WORDS, buttonType)
      ? BUTTON_WORDS[buttonType]
      : undefined;
  return words ? `${words} ${wallet.name}` : wallet.name;
}

/** The payer the wallet reports: name and address always, email and phone when asked. */
export function payer(options: {
  emailRequired?: unknown;
  phoneNumberRequired?: unknown;
}): BillingDetails {
  const details: BillingDetails = { name: WALLET_PAYER.name, address: { ...WALLET_PAYER.address } };
  if (options.emailRequired) details.email = WALLET_PAYER.email;
  if (options.phoneNumberRequired) details.phone = WALLET_PAYER.phone;
  return details;
}
