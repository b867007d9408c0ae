import {
  WALLET_CHOICES,
  isWalletChoice,
  walletsFor,
  walletsForUserAgent,
  type WalletKey,
} from './walletPlatform';

// Real user agents (Playwright's iPhone 15 and Pixel 7 among them), one per branch of the rule,
// and the wallet real Stripe.js's Express Checkout Element offers there.
const USER_AGENTS: [string, string, WalletKey[]][] = [
  [
    'iPhone Safari (Playwright iPhone 15)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    ['applePay'],
  ],
  [
    'iPhone Chrome (CriOS: WebKit), iOS 17',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    ['applePay'],
  ],
  [
    'iPhone Chrome, iOS 15: no Apple Pay outside Safari before iOS 16',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/109.0.5414.83 Mobile/15E148 Safari/604.1',
    [],
  ],
  [
    'iPhone Firefox (FxiOS), iOS 17',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    ['applePay'],
  ],
  [
    'Mac Safari (and an iPad asking for the desktop site)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    ['applePay'],
  ],
  [
    'Android Chrome (Playwright Pixel 7)',
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Mobile Safari/537.36',
    ['googlePay'],
  ],
  [
    'desktop Chrome on a Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    ['googlePay'],
  ],
  [
    'headless Chrome (Playwright Chromium, Puppeteer)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
    ['googlePay'],
  ],
  ['desktop Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', []],
  [
    'WebKitGTK on Linux (not an Apple device)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
    [],
  ],
  ['jsdom', 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/20.0.3', []],
];

describe('walletsForUserAgent', () => {
  it.each(USER_AGENTS)('%s', (_browser, userAgent, wallets) => {
    expect(walletsForUserAgent(userAgent)).toEqual(wallets);
  });
});

describe('walletsFor', () => {
  const [, iphone] = USER_AGENTS[0]!;
  const [, pixel] = USER_AGENTS.find(([browser]) => browser.includes('Pixel 7'))!;

  it('follows the platform unless the tester’s scenario says none or forces one', () => {
    expect(walletsFor('device', iphone)).toEqual(['applePay']);
    expect(walletsFor('device', pixel)).toEqual(['googlePay']);
    expect(walletsFor('none', iphone)).toEqual([]);
    expect(walletsFor('apple_pay', pixel)).toEqual(['applePay']);
    expect(walletsFor('google_pay', iphone)).toEqual(['googlePay']);
  });

  it('knows the config’s choices and nothing else', () => {
    expect(WALLET_CHOICES.every(isWalletChoice)).toBe(true);
    expect([true, 'both', null, undefined, 'applePay'].some(isWalletChoice)).toBe(false);
  });
});
