// Records as the routes store them, for the data file's tests (dataShape.test.ts, store.test.ts).
import type { PaymentRecord } from './types';

/** A payment as the payment calls store one (a $15 card tip to Ava). */
export const paymentRecord = (intentId: string): PaymentRecord => ({
  id: intentId,
  intentId,
  endpoint: 'payment/create-payment-intent',
  amountCents: 1500,
  feeCents: 95,
  totalCents: 1595,
  paymentMethodTypes: ['card'],
  metadata: {
    getThanksUserID: 'ava-martinez',
    title: 'Tip to ava.martinez',
    guestName: 'Jamie Guest',
    userName: 'ava.martinez',
    email: 'jamie@example.com',
    amountAfterFee: '1595',
  },
  idempotencyKey: `key-${intentId}`,
  status: 'requires_payment_method',
  walletPrepare: false,
  tester: null,
  createdAt: '2026-01-02T03:04:05.000Z',
});
