// Which wallet the emulated browser has, decided as real Stripe.js's Express Checkout Element
// decides it: by the platform. Apple Pay shows only where Apple's wallet lives (Safari on a Mac, and
// every browser on an iPhone or iPad: all of them are WebKit there, and Apple opened Apple Pay to
// third-party iOS browsers in iOS 16); Google Pay shows in Chromium browsers (Chrome, Edge, Samsung
// Internet, Opera) on Android and on desktops, never on iOS, where Chrome is WebKit; Firefox and a
// WebKit that is not Apple's (WebKitGTK on Linux) offer neither. One phone never offers both. The
// emulated wallets always hold a card, so a platform that has the wallet offers it.

/** A wallet by its key in Stripe's options. */
export type WalletKey = 'applePay' | 'googlePay';

/**
 * What the mock API's config says about wallets for this browser's tester: decide by the
 * platform (`device`, everyone's), or a tester's scenario: none at all, or one forced whatever
 * the platform (a tester on a desktop trying Apple Pay).
 */
export type WalletChoice = 'device' | 'none' | 'apple_pay' | 'google_pay';

export const WALLET_CHOICES: readonly WalletChoice[] = [
  'device',
  'none',
  'apple_pay',
  'google_pay',
];

export const isWalletChoice = (value: unknown): value is WalletChoice =>
  (WALLET_CHOICES as readonly unknown[]).includes(value);

/** iPhone, iPad (before iPadOS 13's desktop user agent) and iPod: iOS, where every browser is WebKit. */
const IOS = /\b(iPhone|iPad|iPod)\b/;
/** Chromium's own token, and the headless one Playwright and Puppeteer's Chrome send. */
const CHROMIUM = /\b(?:HeadlessChrome|Chrome|Chromium)\/\d/;
const FIREFOX = /\b(?:Firefox|FxiOS)\/\d/;
/** A Mac (and an iPad asking for the desktop site, which says it is one). */
const MAC = /\bMacintosh\b/;
/** Safari's own version token: WebKit browsers that are not Safari (and WebViews) lack it. */
const SAFARI = /\bVersion\/[\d.]+.*\bSafari\/\d/;
/** iOS's version in its user agent: `OS 17_5 like Mac OS X`. */
const IOS_VERSION = /\bOS (\d+)[_\d]* like Mac OS X\b/;
/** iOS's own browser, Safari, is named CriOS, FxiOS, EdgiOS, ... when it is not. */
const IOS_OTHER_BROWSER = /\b(?:CriOS|FxiOS|EdgiOS|OPiOS|GSA)\/\d/;
/** The iOS release that let browsers other than Safari pay with Apple Pay. */
const APPLE_PAY_OTHER_IOS_BROWSERS = 16;

/** The wallets a browser with this user agent offers, as real Stripe.js would find them. */
export function walletsForUserAgent(userAgent: string): WalletKey[] {
  if (IOS.test(userAgent)) {
    if (!IOS_OTHER_BROWSER.test(userAgent)) return ['applePay'];
    const version = Number(IOS_VERSION.exec(userAgent)?.[1] ?? 0);
    return version >= APPLE_PAY_OTHER_IOS_BROWSERS ? ['applePay'] : [];
  }
  if (FIREFOX.test(userAgent)) return [];
  if (CHROMIUM.test(userAgent)) return ['googlePay'];
  if (MAC.test(userAgent) && SAFARI.test(userAgent)) return ['applePay'];
  return [];
}

/** The wallets offered: the platform's, unless the tester's scenario says otherwise. */
export function walletsFor(choice: WalletChoice, userAgent: string): WalletKey[] {
  switch (choice) {
    case 'device':
      return walletsForUserAgent(userAgent);
    case 'apple_pay':
      return ['applePay'];
    case 'google_pay':
      return ['googlePay'];
    default:
      return [];
  }
}
