// The spec's one wallet preparation call "on load" (a fixed placeholder account, $10, fee $0.80,
// card and apple_pay): made once per page, when payment options first show, never before.
import { useEffect } from 'react';
import { walletPrepareBody } from '../../api/contract/intentBody';
import { newIdempotencyKey } from '../../lib/idempotency';
import { useCreatePaymentIntentMutation } from './paymentsApi';

let walletPrepared = false;

export function useWalletPreparation(enabled: boolean): void {
  const [prepare] = useCreatePaymentIntentMutation();
  useEffect(() => {
    if (!enabled || walletPrepared) return;
    walletPrepared = true;
    prepare({ body: walletPrepareBody(), idempotencyKey: newIdempotencyKey() })
      .unwrap()
      .catch((error: unknown) => console.warn('Wallet preparation call failed', error));
  }, [enabled, prepare]);
}
