// Which wallets this browser offers, as Stripe's payment request sees it: one request per wallet
// (Apple Pay, Google Pay), each for its own total, since the two wallets' fees differ.
import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../lib/idempotency';
import { walletPrepareBody } from '../../api/contract/intentBody';
import { useCreatePaymentIntentMutation } from './paymentsApi';
import { createWalletRequest, type Wallet, type WalletRequest } from './stripe/stripe';
import type { WalletKind } from '../../api/contract/fees';

export const WALLET_OF: Readonly<Record<WalletKind, Wallet>> = {
  apple_pay: 'applePay',
  google_pay: 'googlePay',
};

export const WALLET_NAMES: Readonly<Record<WalletKind, string>> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

export const GOOGLE_PAY_UNSUPPORTED = 'Google Pay is not supported on this device or browser';

export type WalletAvailability =
  | { state: 'checking' }
  /** `requests` holds the wallets this browser offers (possibly none). */
  | { state: 'ready'; requests: Partial<Record<WalletKind, WalletRequest>> }
  /** Stripe.js did not load: `message` is the catalogue's text. */
  | { state: 'failed'; message: string };

// The spec's one preparation call "on load": made once per page, when payment options first show.
let walletPrepared = false;

/**
 * Creates the wallet requests once `enabled` (the payment options are shown) and reports which
 * wallets can pay. `label` names the payment on the sheet; `totalCents` gives each wallet's
 * total (its own fee), read when the requests are made.
 */
export function useWallets(options: {
  enabled: boolean;
  kinds: readonly WalletKind[];
  label: string;
  totalCents: (kind: WalletKind) => number;
}): WalletAvailability {
  const { enabled, label } = options;
  const [availability, setAvailability] = useState<WalletAvailability>({ state: 'checking' });
  const [prepare] = useCreatePaymentIntentMutation();
  // The first totals and kinds, read once: later totals go through WalletRequest.setAmount.
  const initial = useRef(options);

  useEffect(() => {
    if (!enabled || walletPrepared) return;
    walletPrepared = true;
    prepare({ body: walletPrepareBody(), idempotencyKey: newIdempotencyKey() })
      .unwrap()
      .catch((error: unknown) => console.warn('Wallet preparation call failed', error));
  }, [enabled, prepare]);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const { kinds, totalCents } = initial.current;
    Promise.all(
      kinds.map(async (kind) => {
        const request = await createWalletRequest({
          amountCents: totalCents(kind),
          label,
          wallet: WALLET_OF[kind],
        });
        const offered = await request.availableWallets();
        return offered?.[WALLET_OF[kind]] ? ([kind, request] as const) : null;
      }),
    ).then(
      (found) => {
        if (!active) return;
        const requests: Partial<Record<WalletKind, WalletRequest>> = {};
        for (const entry of found) if (entry) requests[entry[0]] = entry[1];
        setAvailability({ state: 'ready', requests });
      },
      (error: unknown) => {
        if (active) {
          setAvailability({
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [enabled, label]);

  return availability;
}
