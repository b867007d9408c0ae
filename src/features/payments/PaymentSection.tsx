// The payment part of a gift: the amount, the captcha, the payment options (the card, and Apple
// Pay / Google Pay through Stripe's Express Checkout Element), then the card form or the wallet
// sheet, and the outcome. The gift-only form, the review form's Add Gift and the /gpay page all
// use it; each says how its intent is created. It composes: useAmountChoice (the amount),
// usePaymentChoice (the state machine, the checks and what each press does), usePaymentLifecycle
// (focus, lock, reset, success), AmountField, PaymentOptions and CardPayment.
import { useEffect, useId, useRef } from 'react';
import { attend } from '../../lib/inFlight';
import { Captcha } from './captcha/Captcha';
import { AmountField } from './AmountField';
import { amountLimitMessage } from './amountInput';
import { CardPayment } from './CardPayment';
import {
  GIFT_PAYMENT_METHODS,
  cardTotalCents,
  formatUsd,
  isWalletKind,
  type PaymentMethodKind,
} from '../../api/contract/fees';
import { PAYMENT_MESSAGES } from './paymentMessages';
import { PaymentOptions } from './PaymentOptions';
import { StripeProvider, useStripeAhead } from './stripe/StripeProvider';
import { useAmountChoice } from './useAmountChoice';
import type { IntentChoice } from './useIntent';
import { usePaymentChoice } from './usePaymentChoice';
import { usePaymentLifecycle } from './usePaymentLifecycle';
import { useWalletPreparation } from './useWalletPreparation';
import type { WalletButtonType } from './WalletButtons';
import './GiftForm.css';

export { OTHER_AMOUNT_LABEL } from './AmountField';
export type { IntentChoice };

export interface PaymentSectionProps {
  /** The section's heading ('Your tip', 'Your donation', ...). */
  title: string;
  /** 'Tip via Debit/Credit Card' or 'Donate via Debit/Credit Card'. */
  cardLabel: string;
  /** The wallets' buttons say tip or donate. */
  walletButtonType: WalletButtonType;
  /** With a review: at least $1 (spec 5). */
  combined: boolean;
  /** Makes the intent for a choice; resolves its client secret, rejects with the call's error. */
  createIntent: (choice: IntentChoice) => Promise<string>;
  /** Where a successful payment goes (after SUCCESS_REDIRECT_DELAY_MS); null: stay here. */
  successHref: string | null;
  /** Where Stripe returns after a redirect-based confirmation. */
  returnPath: string;
  /** The payment options offered, in order. */
  methods?: readonly PaymentMethodKind[];
  /** A fixed amount (the /gpay page): no amount field. */
  fixedAmountCents?: number;
  /** What else the intent carries (a review): when it changes, the chosen option is reset. */
  scope?: string;
  /** Checked when an option is pressed: a message stops the payment (e.g. an empty review). */
  precondition?: () => string | null;
  /** The payment options are unavailable for now (e.g. a video thumbnail is being made). */
  disabled?: boolean;
  /** True from the intent call until the outcome: what the intent carries must not change. */
  onLockChange?: (locked: boolean) => void;
  /** Moves focus to the heading on mount (a section revealed by a button). */
  focusOnMount?: boolean;
  /** Told once when the payment succeeds (before the page moves on to successHref). */
  onPaid?: () => void;
  /** The amount to start with (a kept draft's), whole dollars as typed. */
  initialAmount?: string;
  /** Told of each amount the guest sets (to keep it with the draft). */
  onAmountChange?: (amount: string) => void;
  /** The profile whose draft keeps this payment's intent (lib/flowDraft); none: not kept. */
  draftId?: string;
}

export function PaymentSection({
  title,
  cardLabel,
  walletButtonType,
  combined,
  createIntent,
  successHref,
  returnPath,
  methods = GIFT_PAYMENT_METHODS,
  fixedAmountCents,
  scope = '',
  precondition,
  disabled = false,
  onPaid,
  onLockChange,
  focusOnMount = false,
  initialAmount = '',
  onAmountChange,
  draftId,
}: PaymentSectionProps) {
  const headingId = useId();
  const feeId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const amount = useAmountChoice({ fixedAmountCents, initialAmount, onAmountChange });
  const choice = usePaymentChoice({
    amount,
    combined,
    precondition,
    disabled,
    scope,
    createIntent,
    returnPath,
    draftId,
  });
  const { payment, view, captcha, wallet } = choice;
  // This section tells how its payment goes; the flow around it tells only when it is gone.
  useEffect(() => (draftId ? attend(draftId) : undefined), [draftId]);
  const walletKinds = methods.filter(isWalletKind);
  // Said under the field as it is typed; an option pressed with it says nothing more.
  const amountError = fixedAmountCents === undefined ? amountLimitMessage(amount.value) : null;
  const error = view.error === amountError ? null : view.error;
  const optionsShown = captcha.passed;
  useStripeAhead();
  useWalletPreparation(optionsShown && walletKinds.length > 0);
  usePaymentLifecycle({
    heading,
    focusOnMount,
    locked: view.locked,
    onLockChange,
    scope,
    onScopeChange: choice.resetChoice,
    succeeded: view.succeeded,
    onPaid,
    successHref,
  });

  return (
    <section className="gift-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="gift-form__title">
        {title}
      </h2>
      {fixedAmountCents === undefined ? (
        <AmountField
          value={amount.value}
          onChange={choice.changeAmount}
          disabled={view.busy}
          error={amountError}
        />
      ) : (
        <p className="gift-form__charge">Amount: {formatUsd(fixedAmountCents)}</p>
      )}

      <div className="gift-form__captcha">
        <Captcha key={captcha.round} onChange={choice.changeCaptcha} />
      </div>

      {optionsShown && (
        // One Elements group for the card form and the wallets; Stripe.js loads with it.
        <StripeProvider
          amountCents={wallet.sheetTotalCents ?? cardTotalCents(view.cardCents)}
          onLoadError={choice.reportStripeFailure}
        >
          <PaymentOptions
            methods={methods}
            walletKinds={walletKinds}
            cardLabel={cardLabel}
            cardFeeId={`${feeId}-card`}
            walletButtonType={walletButtonType}
            view={view}
            onChooseCard={() => void choice.chooseCard()}
            wallet={wallet}
          />

          <PaymentAlert error={error} />

          {view.showCardForm && (
            <CardPayment
              {...choice.cardForm}
              returnPath={returnPath}
              confirming={payment.status === 'confirming'}
              paid={view.succeeded}
            />
          )}
        </StripeProvider>
      )}
      {!optionsShown && <PaymentAlert error={error} />}
      <p
        role="status"
        className={view.succeeded ? 'gift-form__success' : 'gift-form__success gift-form__progress'}
      >
        {view.succeeded
          ? PAYMENT_MESSAGES.succeeded
          : payment.status === 'confirming'
            ? PAYMENT_MESSAGES.confirming
            : ''}
      </p>
    </section>
  );
}

/** The section's one alert: after the options once they show, else after the captcha. */
function PaymentAlert({ error }: { error: string | null }) {
  return (
    <div role="alert" className="gift-form__error">
      {error}
    </div>
  );
}
