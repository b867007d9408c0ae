// The payment calls: create-payment-intent (tips, the wallet preparation, the /gpay test),
// create-donation-intent (non-profits) and payment-intent-for-both (a review with its tip, as a
// multipart upload with progress). Amounts are integer cents on the wire (see the contract in
// mock-api/routes/payments/index.ts); every answer without a client secret is a failed call.
import { baseApi, thunkExtra } from '../../api/baseApi';
import { uploadForm } from '../../api/uploadForm';
import { recognitionForm, type ReviewFormArgs } from '../../api/recognitionForm';
import { paymentFormFields, type PaymentIntentBody } from '../../api/contract/intentBody';

export type { PaymentIntentBody, PaymentMetadata } from '../../api/contract/intentBody';

export interface PaymentIntentArgs {
  body: PaymentIntentBody;
  idempotencyKey: string;
}

export interface IntentForBothArgs extends PaymentIntentArgs {
  review: ReviewFormArgs;
  onProgress?: (percentSent: number) => void;
}

interface PaymentIntentAnswer {
  data?: { paymentIntent?: unknown } | null;
}

function clientSecretOf(answer: unknown): string | null {
  const secret = (answer as PaymentIntentAnswer | null)?.data?.paymentIntent;
  return typeof secret === 'string' && secret !== '' ? secret : null;
}

/** An answer without a client secret, whatever its HTTP status, as a failed call. */
const MISSING_SECRET = { status: 'CUSTOM_ERROR', error: 'No paymentIntent in the answer' } as const;

const intentRequest = (url: string) => (args: PaymentIntentArgs) => ({
  url,
  method: 'POST',
  body: args.body,
  headers: { 'Idempotency-Key': args.idempotencyKey },
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
    /** The review (kept unpublished until its payment succeeds) and the intent for its tip. */
    createIntentForBoth: build.mutation<string, IntentForBothArgs>({
      queryFn: async (args, api) => {
        const result = await uploadForm<unknown>(
          thunkExtra(api).config,
          {
            path: 'payment/payment-intent-for-both',
            form: recognitionForm(args.review, 'BOTH', paymentFormFields(args.body)),
            headers: { 'Idempotency-Key': args.idempotencyKey },
            onProgress: args.onProgress,
          },
          api.signal,
        );
        if ('error' in result) return result;
        const secret = clientSecretOf(result.data);
        return secret ? { data: secret } : { error: MISSING_SECRET };
      },
    }),
  }),
});

export const {
  useCreatePaymentIntentMutation,
  useCreateDonationIntentMutation,
  useCreateIntentForBothMutation,
} = paymentsApi;
