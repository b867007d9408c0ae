import fc from 'fast-check';
import {
  FEE_LABELS,
  GIFT_PAYMENT_METHODS,
  MAX_GIFT_CENTS,
  MAX_GIFT_DOLLARS,
  maxGiftDollarsFromFees,
  PAYMENT_METHOD_KINDS,
  STRIPE_MAX_CHARGE_CENTS,
  WALLET_KINDS,
  WALLET_PREPARE_FEE_CENTS,
  bankFeeCents,
  bankTotalCents,
  cardTotalCents,
  chargeMessage,
  dollarsToCents,
  feeRule,
  fitsEveryMethod,
  formatUsd,
  isPaymentMethodKind,
  isWalletKind,
  largestTotalCents,
  parseFeeLabel,
  platformFeeCents,
  walletTotalCents,
  type PaymentMethodKind,
  type WalletKind,
} from './fees';

const KINDS: PaymentMethodKind[] = ['card', 'bank', 'apple_pay', 'google_pay'];
const WALLETS: WalletKind[] = ['apple_pay', 'google_pay'];

/** Any amount the field allows (up to 6 digits of dollars), in cents, including odd cents. */
const amountCents = fc.integer({ min: 0, max: 99_999_900 });
const kind = fc.constantFrom(...KINDS);
const wallet = fc.constantFrom(...WALLETS);

const totals: Record<string, (cents: number) => number> = {
  cardTotalCents,
  bankTotalCents,
  'walletTotalCents(apple_pay)': (cents) => walletTotalCents(cents, 'apple_pay'),
  'walletTotalCents(google_pay)': (cents) => walletTotalCents(cents, 'google_pay'),
};
const fees: Record<string, (cents: number) => number> = {
  bankFeeCents,
  ...Object.fromEntries(
    KINDS.map((k) => [`platformFeeCents(${k})`, (cents: number) => platformFeeCents(cents, k)]),
  ),
  ...Object.fromEntries(
    Object.entries(totals).map(([name, total]) => [
      `${name} - amount`,
      (c: number) => total(c) - c,
    ]),
  ),
};

/** fast-check's default 100 runs of `predicate`; several arbitraries go in as one fc.tuple. */
const forAll = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void) =>
  fc.assert(fc.property(arbitrary, predicate));

/** An independent reference for "percentage of the amount, rounded half up", in BigInt. */
function referencePercentHalfUp(cents: number, basisPoints: number): number {
  const scaled = BigInt(cents) * BigInt(basisPoints);
  const quotient = scaled / 10000n;
  return Number(scaled % 10000n >= 5000n ? quotient + 1n : quotient);
}

describe('payment method lists', () => {
  it('are the methods of the spec, a gift offering the card first, and tell a wallet apart', () => {
    expect(PAYMENT_METHOD_KINDS).toEqual(KINDS);
    expect(WALLET_KINDS).toEqual(WALLETS);
    expect(GIFT_PAYMENT_METHODS).toEqual(['card', 'apple_pay', 'google_pay']);
    expect(KINDS.filter(isWalletKind)).toEqual(WALLETS);
    expect(KINDS.every(isPaymentMethodKind)).toBe(true);
    expect(
      [undefined, null, 3, '', 'Card', 'link', 'us_bank_account'].some(isPaymentMethodKind),
    ).toBe(false);
  });
});

describe('fee labels', () => {
  it('are the exact strings of the spec, read into basis points and cents', () => {
    expect(FEE_LABELS).toEqual({
      card: '3.0%+$0.50',
      bank: '3.0%+$0.50',
      apple_pay: '3.0%+$0.50',
      google_pay: '2.9%+$0.30',
    });
    expect(parseFeeLabel('3.0%+$0.50')).toEqual({ basisPoints: 300, fixedCents: 50 });
    expect(parseFeeLabel('2.9%+$0.30')).toEqual({ basisPoints: 290, fixedCents: 30 });
    expect(parseFeeLabel('1%+$10.00')).toEqual({ basisPoints: 100, fixedCents: 1000 });
    expect(parseFeeLabel('0.25%+$0.05')).toEqual({ basisPoints: 25, fixedCents: 5 });
    expect(feeRule('card')).toEqual({ basisPoints: 300, fixedCents: 50 });
    expect(feeRule('google_pay')).toEqual({ basisPoints: 290, fixedCents: 30 });
  });

  it.each(['', '3%', '3.0% + $0.50', '3.0%+$0.5', '3.0%+0.50', 'x%+$0.50', '3.000%+$0.50'])(
    'refuses %j rather than guessing',
    (label) => {
      expect(() => parseFeeLabel(label)).toThrow('Not a fee label');
    },
  );
});

describe('hand-worked totals', () => {
  it.each([
    // amount, card total (3.0 % + $0.50), bank total (1 %, at most $10)
    [10, 1080, '$10.80', 1010],
    [15, 1595, '$15.95', 1515],
    [20, 2110, '$21.10', 2020],
    [1000, 103050, '$1,030.50', 101000],
    [1001, 103153, '$1,031.53', 101100],
    [999999, 102999947, '$1,029,999.47', 100000900],
  ])('$%d: card %d (%s), bank %d', (dollars, card, cardText, bank) => {
    const cents = dollarsToCents(dollars);
    expect(cardTotalCents(cents)).toBe(card);
    expect(formatUsd(cardTotalCents(cents))).toBe(cardText);
    expect(chargeMessage(cardTotalCents(cents))).toBe(`You will be charged ${cardText}`);
    expect(bankTotalCents(cents)).toBe(bank);
  });

  it('charges the platform fee of each label', () => {
    expect(platformFeeCents(1000, 'card')).toBe(80);
    expect(platformFeeCents(1000, 'google_pay')).toBe(59);
    // 2.9 % of $15 is 43.5 cents: half up gives 44.
    expect(platformFeeCents(1500, 'google_pay')).toBe(74);
    expect(platformFeeCents(99_999_900, 'google_pay')).toBe(2_900_027);
    expect(platformFeeCents(0, 'card')).toBe(50);
  });

  it('asks the wallet for the amount plus its platform fee, in cents', () => {
    expect(walletTotalCents(1000, 'apple_pay')).toBe(1080);
    expect(walletTotalCents(1000, 'google_pay')).toBe(1059);
    expect(WALLET_PREPARE_FEE_CENTS).toBe(80);
  });

  it('rounds the bank fee half up, at the half cent exactly, and caps it at $10', () => {
    expect(bankFeeCents(249)).toBe(2);
    expect(bankFeeCents(250)).toBe(3);
    expect(bankFeeCents(99_900)).toBe(999);
    expect(bankFeeCents(100_000)).toBe(1000);
    expect(bankFeeCents(99_999_900)).toBe(1000);
  });

  it('rounds the card percentages once, as 3.0 %, not each part separately', () => {
    // 2.9 % of 50 cents is 1.45 and 0.1 % is 0.05: rounded apart they make 1, together 1.5 -> 2.
    expect(cardTotalCents(50)).toBe(102);
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => cardTotalCents(10.5)).toThrow(RangeError);
    expect(() => cardTotalCents(-100)).toThrow(RangeError);
    expect(() => bankTotalCents(Number.NaN)).toThrow(RangeError);
    expect(() => platformFeeCents(Number.MAX_SAFE_INTEGER, 'card')).toThrow(RangeError);
    expect(() => dollarsToCents(1.5)).toThrow(RangeError);
    expect(() => dollarsToCents(-1)).toThrow(RangeError);
    expect(() => formatUsd(0.5)).toThrow(RangeError);
  });
});

describe('formatUsd and chargeMessage', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [1200, '$12.00'],
    [123456, '$1,234.56'],
    [-1999, '-$19.99'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
  ])('formats %d cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('writes any whole number of cents as en-US currency notation does', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const decimal = (cents: bigint) => {
      const magnitude = cents < 0n ? -cents : cents;
      const text = `${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
      return (cents < 0n ? `-${text}` : text) as `${number}`;
    };
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -1_000_000, max: 100_000_000 }), fc.maxSafeInteger()),
        (cents) => expect(formatUsd(cents)).toBe(usd.format(decimal(BigInt(cents)))),
      ),
      { numRuns: 2000 },
    );
  });
});

describe('fee properties', () => {
  it('gives whole cents for every fee and total', () =>
    forAll(amountCents, (cents) => {
      for (const compute of [...Object.values(totals), ...Object.values(fees)]) {
        expect(Number.isSafeInteger(compute(cents))).toBe(true);
      }
    }));

  it('never totals below the amount', () =>
    forAll(amountCents, (cents) => {
      for (const total of Object.values(totals)) expect(total(cents)).toBeGreaterThanOrEqual(cents);
    }));

  it('never lowers a fee when the amount grows', () =>
    forAll(fc.tuple(amountCents, amountCents), ([a, b]) => {
      const [low, high] = a <= b ? [a, b] : [b, a];
      for (const fee of Object.values(fees)) expect(fee(low)).toBeLessThanOrEqual(fee(high));
    }));

  it('never charges a bank fee above $10', () =>
    forAll(fc.integer({ min: 0, max: 2 ** 40 }), (cents) => {
      expect(bankFeeCents(cents)).toBeLessThanOrEqual(1000);
      expect(bankTotalCents(cents) - cents).toBe(
        Math.min(referencePercentHalfUp(cents, 100), 1000),
      );
    }));

  it("charges exactly the label's rule as platform fee", () =>
    forAll(fc.tuple(amountCents, kind), ([cents, k]) => {
      const { basisPoints, fixedCents } = parseFeeLabel(FEE_LABELS[k]);
      expect(platformFeeCents(cents, k)).toBe(
        referencePercentHalfUp(cents, basisPoints) + fixedCents,
      );
    }));

  it('shows a card total equal to the amount plus the card label fee (2.9 % + 0.1 % = 3.0 %)', () =>
    forAll(amountCents, (cents) => {
      expect(cardTotalCents(cents)).toBe(cents + platformFeeCents(cents, 'card'));
    }));

  it('asks the wallet for the amount plus its platform fee', () =>
    forAll(fc.tuple(amountCents, wallet), ([cents, w]) => {
      expect(walletTotalCents(cents, w)).toBe(cents + platformFeeCents(cents, w));
    }));

  it('formats every whole number of cents so it reads back to the same cents', () =>
    forAll(fc.maxSafeInteger(), (cents) => {
      const text = formatUsd(cents);
      expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
      const digits = text.replace(/[$,.-]/g, '');
      expect(BigInt(digits) * (text.startsWith('-') ? -1n : 1n)).toBe(BigInt(cents));
    }));

  it('turns whole dollars into a hundred cents each', () =>
    forAll(fc.integer({ min: 0, max: 999_999 }), (dollars) => {
      expect(dollarsToCents(dollars)).toBe(dollars * 100);
      expect(formatUsd(dollarsToCents(dollars))).toBe(`$${dollars.toLocaleString('en-US')}.00`);
    }));
});

describe('the most a guest can give', () => {
  const byMethod = (cents: number) =>
    Object.fromEntries(PAYMENT_METHOD_KINDS.map((k) => [k, largestTotalCents(cents, k)]));

  it('is $970,873, found from the fee rules: its total fits Stripe’s maximum by every method', () => {
    expect(STRIPE_MAX_CHARGE_CENTS).toBe(99_999_999);
    expect(maxGiftDollarsFromFees()).toBe(MAX_GIFT_DOLLARS);
    expect(MAX_GIFT_DOLLARS).toBe(970_873);
    expect(MAX_GIFT_CENTS).toBe(97_087_300);
    expect(byMethod(MAX_GIFT_CENTS)).toEqual({
      card: 99_999_969,
      bank: 99_999_969,
      apple_pay: 99_999_969,
      google_pay: 99_902_862,
    });
    for (const total of Object.values(byMethod(MAX_GIFT_CENTS))) {
      expect(total).toBeLessThanOrEqual(STRIPE_MAX_CHARGE_CENTS);
    }
    expect(fitsEveryMethod(MAX_GIFT_CENTS)).toBe(true);
  });

  it('is the edge: a dollar more passes Stripe’s maximum by the methods with the largest fee', () => {
    const more = MAX_GIFT_CENTS + 100;
    expect(fitsEveryMethod(more)).toBe(false);
    expect(byMethod(more)).toEqual({
      card: 100_000_072,
      bank: 100_000_072,
      apple_pay: 100_000_072,
      // Google Pay's smaller fee alone would fit: the one maximum is the largest total's.
      google_pay: 99_902_965,
    });
    expect(cardTotalCents(more)).toBeGreaterThan(STRIPE_MAX_CHARGE_CENTS);
    // The six-digit amount the field lets through, $999,999, is far past it (issue 52).
    expect(chargeMessage(cardTotalCents(99_999_900))).toBe('You will be charged $1,029,999.47');
    expect(fitsEveryMethod(99_999_900)).toBe(false);
  });

  it('covers what each method shows and what its intent charges', () =>
    forAll(fc.tuple(amountCents, kind), ([cents, k]) => {
      const largest = largestTotalCents(cents, k);
      expect(largest).toBeGreaterThanOrEqual(cents + platformFeeCents(cents, k));
      if (k === 'card') expect(largest).toBeGreaterThanOrEqual(cardTotalCents(cents));
      if (k === 'bank') expect(largest).toBeGreaterThanOrEqual(bankTotalCents(cents));
      if (isWalletKind(k)) expect(largest).toBe(walletTotalCents(cents, k));
    }));

  it('splits every whole-dollar amount the field takes into fitting and not, at the one edge', () =>
    forAll(fc.integer({ min: 0, max: 999_999 }), (dollars) => {
      expect(fitsEveryMethod(dollars * 100)).toBe(dollars <= MAX_GIFT_DOLLARS);
    }));
});
