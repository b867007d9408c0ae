// /gpay: the Google Pay test page, a fixed $20 to the test account (spec 1), through the same
// payment section as every gift: captcha, then the Google Pay button and its sheet.
import { useRef } from 'react';
import { paths } from '../../config/paths';
import { newIdempotencyKey } from '../../lib/idempotency';
import {
  GPAY_TEST_AMOUNT_CENTS,
  GPAY_TEST_METHOD,
  gpayTestBody,
} from '../../api/contract/intentBody';
import { PaymentSection, type IntentChoice } from './PaymentSection';
import { useCreatePaymentIntentMutation } from './paymentsApi';

const GOOGLE_PAY_ONLY = [GPAY_TEST_METHOD] as const;

export default function GPayPage() {
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const key = useRef<string | null>(null);

  const createIntent = ({ captchaToken }: IntentChoice) => {
    key.current = newIdempotencyKey();
    return createPaymentIntent({
      body: gpayTestBody(captchaToken),
      idempotencyKey: key.current,
    }).unwrap();
  };

  return (
    <section className="page gpay" aria-labelledby="gpay-title">
      <h1 id="gpay-title">Google Pay test</h1>
      <p>A test payment of $20.00 with Google Pay (test mode: no real money moves).</p>
      <PaymentSection
        title="Google Pay"
        cardLabel="Tip via Debit/Credit Card"
        walletButtonType="tip"
        combined={false}
        methods={GOOGLE_PAY_ONLY}
        fixedAmountCents={GPAY_TEST_AMOUNT_CENTS}
        createIntent={createIntent}
        returnPath={paths.gpay.href()}
        successHref={null}
      />
    </section>
  );
}
