// The payment part of a gift: the amount, the captcha, the payment options (the card, and Apple
// Pay / Google Pay through Stripe's Express Checkout Element), then the card form or the wallet
// sheet, and the outcome. The gift-only form, the review form's Add Gift and the /gpay page all
// use it; each says how its intent is created. The parts: AmountField, useCaptchaToken,
// useIntent, WalletButtons and CardPayment, around the payment state machine (paymentSlice).
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Captcha } from './captcha/Captcha';
import { parseAmountDollars, validateAmountForPayment } from './amountInput';
import { AmountField } from './AmountField';
import { CardPayment } from './CardPayment';
import {
  FEE_LABELS,
  cardTotalCents,
  chargeMessage,
  dollarsToCents,
  formatUsd,
  type PaymentMethodKind,
  type WalletKind,
} from '../../api/contract/fees';
import { INVALID_CAPTCHA_MESSAGE } from '../../api/contract/messages';
import {
  amountChanged,
  confirmationFailed,
  confirmationStarted,
  initialPaymentState,
  intentCreated,
  intentFailed,
  methodChosen,
  paymentReducer,
  paymentSucceeded,
} from './paymentSlice';
import { PAYMENT_MESSAGES, intentErrorMessage } from './paymentMessages';
import { StripeProvider } from './stripe/StripeProvider';
import { useCaptchaToken } from './useCaptchaToken';
import { useIntent, type IntentChoice } from './useIntent';
import { useWalletPayment } from './useWalletPayment';
import { useWalletPreparation } from './useWalletPreparation';
import { WalletButtons, type WalletButtonType } from './WalletButtons';
import './GiftForm.css';

export { OTHER_AMOUNT_LABEL } from './AmountField';
export type { IntentChoice };
/** How long `succeeded` shows before the profile opens (the wallet success delay, spec 9). */
export const SUCCESS_REDIRECT_DELAY_MS = 1000;

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
}

const WALLET_METHODS: readonly WalletKind[] = ['apple_pay', 'google_pay'];
const isWallet = (method: PaymentMethodKind): method is WalletKind =>
  (WALLET_METHODS as readonly string[]).includes(method);
/** The Elements group needs a total before any amount is typed: $1's, until one is. */
const PLACEHOLDER_CENTS = 100;

export function PaymentSection({
  title,
  cardLabel,
  walletButtonType,
  combined,
  createIntent,
  successHref,
  returnPath,
  methods = ['card', 'apple_pay', 'google_pay'],
  fixedAmountCents,
  scope = '',
  precondition,
  disabled = false,
  onPaid,
  onLockChange,
  focusOnMount = false,
  initialAmount = '',
  onAmountChange,
}: PaymentSectionProps) {
  const headingId = useId();
  const feeId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [amount, setAmount] = useState(
    fixedAmountCents === undefined ? initialAmount : String(fixedAmountCents / 100),
  );
  const [payment, dispatch] = useReducer(paymentReducer, initialPaymentState);
  const [message, setMessage] = useState<string | null>(null);
  // Stripe.js could not load: no card form or wallet can work, so none is offered.
  const [stripeFailure, setStripeFailure] = useState<string | null>(null);
  const captcha = useCaptchaToken();
  const intent = useIntent({ scope, captcha, createIntent });

  const dollars = parseAmountDollars(amount);
  const amountCents = dollars === null ? null : dollarsToCents(dollars);
  const status = payment.status;
  const busy = status === 'confirming' || status === 'succeeded';
  const locked = busy || status === 'creatingIntent' || status === 'awaitingCard';
  const walletKinds = methods.filter(isWallet);
  const optionsShown = captcha.passed;
  const returnUrl = () => new URL(returnPath, window.location.origin).href;
  useWalletPreparation(optionsShown && walletKinds.length > 0);

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  useEffect(() => {
    onLockChange?.(locked);
  }, [locked, onLockChange]);

  // What the intent carries changed (the review): the chosen option no longer applies.
  const firstScope = useRef(scope);
  useEffect(() => {
    if (scope === firstScope.current) return;
    firstScope.current = scope;
    dispatch(amountChanged());
  }, [scope]);

  const paidTold = useRef(false);
  useEffect(() => {
    if (status !== 'succeeded' || paidTold.current) return;
    paidTold.current = true;
    onPaid?.();
  }, [status, onPaid]);

  useEffect(() => {
    if (status !== 'succeeded' || successHref === null) return;
    // A full load: the profile is fetched afresh and congratulates.
    const timer = setTimeout(() => window.location.assign(successHref), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, successHref]);

  const changeAmount = (value: string) => {
    if (busy) return;
    setAmount(value);
    onAmountChange?.(value);
    setMessage(null);
    dispatch(amountChanged());
    if (captcha.spent()) captcha.renew();
  };

  /** The checks every option makes first; the amount in cents, or null after saying why not. */
  function checkChoice(option: 'card' | 'wallet', method: PaymentMethodKind): number | null {
    const amountMessage = validateAmountForPayment(amount, { combined, option });
    if (amountMessage || amountCents === null) {
      setMessage(amountMessage ?? PAYMENT_MESSAGES.notProcessed);
      return null;
    }
    const blocked = precondition?.();
    if (blocked) {
      setMessage(blocked);
      return null;
    }
    if (intent.creating() || busy || disabled) return null;
    if (!intent.mayObtain(method, amountCents)) {
      setMessage(INVALID_CAPTCHA_MESSAGE);
      return null;
    }
    setMessage(null);
    return amountCents;
  }

  const chooseCard = async () => {
    // Without Stripe.js a card cannot be paid: no intent is made for nothing.
    if (stripeFailure) {
      setMessage(stripeFailure);
      return;
    }
    const cents = checkChoice('card', 'card');
    if (cents === null) return;
    dispatch(methodChosen({ method: 'card', amountCents: cents }));
    try {
      dispatch(intentCreated({ clientSecret: await intent.obtain('card', cents) }));
    } catch (error) {
      dispatch(intentFailed({ message: intentErrorMessage(error) }));
    }
  };

  const wallet = useWalletPayment({
    checkChoice: (method) => checkChoice('wallet', method),
    intent,
    dispatch,
    returnUrl,
  });

  const reportStripeFailure = useCallback((failure: string) => setStripeFailure(failure), []);

  const error = message ?? (status === 'failed' ? payment.error : null) ?? stripeFailure;
  const showCardForm =
    stripeFailure === null &&
    payment.method === 'card' &&
    payment.clientSecret !== null &&
    ['awaitingCard', 'confirming', 'succeeded', 'failed'].includes(status);
  const optionDisabled = status === 'creatingIntent' || busy || disabled;
  const cardCents = amountCents !== null && amountCents > 0 ? amountCents : PLACEHOLDER_CENTS;
  const alert = (
    <div role="alert" className="gift-form__error">
      {error}
    </div>
  );

  return (
    <section className="gift-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="gift-form__title">
        {title}
      </h2>
      {fixedAmountCents === undefined ? (
        <AmountField value={amount} onChange={changeAmount} disabled={busy} />
      ) : (
        <p className="gift-form__charge">Amount: {formatUsd(fixedAmountCents)}</p>
      )}

      <div className="gift-form__captcha">
        <Captcha
          key={captcha.round}
          onChange={(token) => {
            captcha.onChange(token);
            if (token && message === INVALID_CAPTCHA_MESSAGE) setMessage(null);
          }}
        />
      </div>

      {optionsShown && (
        // One Elements group for the card form and the wallets; Stripe.js loads with it.
        <StripeProvider
          amountCents={wallet.sheetTotalCents ?? cardTotalCents(cardCents)}
          onLoadError={reportStripeFailure}
        >
          <div className="gift-form__methods" aria-busy={status === 'creatingIntent'}>
            {methods.includes('card') && (
              <button
                type="button"
                className="gift-form__method"
                aria-pressed={payment.method === 'card'}
                aria-describedby={`${feeId}-card`}
                disabled={optionDisabled}
                onClick={() => void chooseCard()}
              >
                {cardLabel}
                <span id={`${feeId}-card`} className="gift-form__fee">
                  {FEE_LABELS.card}
                </span>
              </button>
            )}
            {walletKinds.length > 0 && stripeFailure === null && (
              <WalletButtons
                kinds={walletKinds}
                buttonType={walletButtonType}
                disabled={optionDisabled}
                onChoose={wallet.choose}
                onConfirm={(elements, event) => void wallet.pay(elements, event)}
                onCancel={wallet.close}
              />
            )}
            {status === 'creatingIntent' && (
              <p className="gift-form__note" role="status">
                Preparing your payment…
              </p>
            )}
            {methods.includes('card') && (
              // Said as the amount changes: the total with the card's fee.
              <p className="gift-form__charge" aria-live="polite">
                {amountCents !== null && amountCents > 0
                  ? chargeMessage(cardTotalCents(amountCents))
                  : ''}
              </p>
            )}
          </div>

          {alert}

          {showCardForm && (
            <CardPayment
              getClientSecret={() => intent.obtain('card', payment.amountCents ?? cardCents)}
              returnPath={returnPath}
              confirming={status === 'confirming'}
              paid={status === 'succeeded'}
              onConfirmStart={() => {
                setMessage(null);
                dispatch(confirmationStarted());
              }}
              onSucceeded={() => dispatch(paymentSucceeded())}
              onFailed={(failure) => dispatch(confirmationFailed({ message: failure }))}
              onNotStarted={setMessage}
            />
          )}
        </StripeProvider>
      )}
      {!optionsShown && alert}
      <p role="status" className="gift-form__success">
        {status === 'succeeded' ? PAYMENT_MESSAGES.succeeded : ''}
      </p>
    </section>
  );
}
