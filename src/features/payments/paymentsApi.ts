// The gift-only payment calls: create-payment-intent (tips) and create-donation-intent (non-profits).
// Amounts are integer cents on the wire (see the contract in mock-api/routes/payments.ts).
import { baseApi } from '../../api/baseApi';
import type { PaymentMethodKind } from './fees';

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
  piDescription: 'cardToWallet';
  metadata: PaymentMetadata;
  platformFeeForWallet: number;
  amount: number;
  paymentMethodType: PaymentMethodKind;
  userName: string;
  captchaToken: string;
  /** Non-profits only. */
  userId?: string;
  ngoId?: string;
  isRecurring?: false;
}

export interface PaymentIntentArgs {
  body: PaymentIntentBody;
  idempotencyKey: string;
}

interface PaymentIntentAnswer {
  data?: { paymentIntent?: unknown } | null;
}

function clientSecretOf(answer: unknown): string | null {
  const secret = (answer as PaymentIntentAnswer | null)?.data?.paymentIntent;
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

const intentRequest = (url: string) => (args: PaymentIntentArgs) => ({
  url,
  method: 'POST',
  body: args.body,
  headers: { 'Idempotency-Key': args.idempotencyKey },
  // An answer without a client secret is a failed call, whatever its HTTP status.
  validateStatus: (response: Response, answer: unknown) =>
    response.ok && clientSecretOf(answer) !== null,
});

export const paymentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPaymentIntent: build.mutation<string, PaymentIntentArgs>({
      query: intentRequest('payment/create-payment-intent'),
      transformResponse: (answer: unknown) => clientSecretOf(answer) ?? '',
    }),
    createDonationIntent: build.mutation<string, PaymentIntentArgs>({
      query: intentRequest('payment/create-donation-intent'),
      transformResponse: (answer: unknown) => clientSecretOf(answer) ?? '',
    }),
  }),
});

export const { useCreatePaymentIntentMutation, useCreateDonationIntentMutation } = paymentsApi;
