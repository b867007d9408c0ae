// The payment part of a gift: the amount, the captcha, the payment options (card, Apple Pay,
// Google Pay), then the card form or the wallet sheet, and the outcome. The gift-only form, the
// review form's Add Gift and the /gpay page all use it; each says how its intent is created.
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useReducer,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Captcha } from './captcha/Captcha';
import {
  PRESET_AMOUNTS,
  acceptPaste,
  filterAmountInput,
  isBlockedKey,
  parseAmountDollars,
  validateAmountForPayment,
} from './amountInput';
import { CardPayment, PAYMENT_MESSAGES, failureMessage } from './CardPayment';
import {
  FEE_LABELS,
  cardTotalCents,
  chargeMessage,
  dollarsToCents,
  formatUsd,
  walletTotalCents,
  type PaymentMethodKind,
  type WalletKind,
} from '../../api/contract/fees';
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
import { StripeProvider } from './stripe/StripeProvider';
import { confirmWalletPayment, type WalletPaymentEvent } from './stripe/stripe';
import { GOOGLE_PAY_UNSUPPORTED, WALLET_NAMES, useWallets } from './useWallets';
import { INVALID_CAPTCHA_MESSAGE } from '../../api/contract/messages';
import './GiftForm.css';

export const OTHER_AMOUNT_LABEL = 'Other (in Dollars)';
/** How long `succeeded` shows before the profile opens (the wallet success delay, spec 9). */
export const SUCCESS_REDIRECT_DELAY_MS = 1000;

/** What an intent is asked for. */
export interface IntentChoice {
  method: PaymentMethodKind;
  amountCents: number;
  captchaToken: string;
}

export interface PaymentSectionProps {
  /** The section's heading ('Your tip', 'Your donation', ...). */
  title: string;
  /** 'Tip via Debit/Credit Card' or 'Donate via Debit/Credit Card'. */
  cardLabel: string;
  /** What the wallet sheet calls the payment. */
  walletLabel: string;
  /** With a review: at least $1 (spec 5). */
  combined: boolean;
  /** Makes the intent for a choice; resolves its client secret, rejects with the call's error. */
  createIntent: (choice: IntentChoice) => Promise<string>;
  /** Where a successful payment goes (after SUCCESS_REDIRECT_DELAY_MS); null: stay here. */
  successHref: string | null;
  /** Where Stripe returns after a 3-D Secure redirect. */
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
}

const WALLET_METHODS: readonly WalletKind[] = ['apple_pay', 'google_pay'];
const isWallet = (method: PaymentMethodKind): method is WalletKind =>
  (WALLET_METHODS as readonly string[]).includes(method);

/** The guest's message for a failed intent call (spec 8, and the server's captcha refusal). */
function intentErrorMessage(error: unknown): string {
  const failure = error as Partial<FetchBaseQueryError> | null;
  if (failure?.status === 'FETCH_ERROR') return PAYMENT_MESSAGES.exception;
  const field = (failure?.data as { field?: unknown } | undefined)?.field;
  if (failure?.status === 400 && field === 'captchaToken') return INVALID_CAPTCHA_MESSAGE;
  return PAYMENT_MESSAGES.notProcessed;
}

export function PaymentSection({
  title,
  cardLabel,
  walletLabel,
  combined,
  createIntent,
  successHref,
  returnPath,
  methods = ['card', 'apple_pay', 'google_pay'],
  fixedAmountCents,
  scope = '',
  precondition,
  disabled = false,
  onLockChange,
  focusOnMount = false,
}: PaymentSectionProps) {
  const headingId = useId();
  const feeId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [amount, setAmount] = useState(
    fixedAmountCents === undefined ? '' : String(fixedAmountCents / 100),
  );
  const [payment, dispatch] = useReducer(paymentReducer, initialPaymentState);
  const [message, setMessage] = useState<string | null>(null);
  // Stripe.js could not load for the card form (the wallets' check reports its own failure).
  const [cardLoadFailure, setCardLoadFailure] = useState<string | null>(null);
  // The captcha token lives in a ref: the wallet sheet's handler reads it after renders.
  const captchaToken = useRef<string | null>(null);
  const tokenUsed = useRef(false);
  // Once passed, the options stay; a used or expired token then asks for the captcha again.
  const [captchaPassed, setCaptchaPassed] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  // The last intent made: the same choice again pays it (one intent, no second captcha).
  const lastIntent = useRef<{ fingerprint: string; clientSecret: string } | null>(null);
  // A second click can land before a re-render: this guard sees the first at once.
  const creating = useRef(false);
  // The choice a shown wallet sheet pays.
  const walletChoice = useRef<{ method: WalletKind; amountCents: number } | null>(null);

  const dollars = parseAmountDollars(amount);
  const amountCents = dollars === null ? null : dollarsToCents(dollars);
  const status = payment.status;
  const busy = status === 'confirming' || status === 'succeeded';
  const locked = busy || status === 'creatingIntent' || status === 'awaitingCard';
  const walletKinds = methods.filter(isWallet);
  const optionsShown = captchaPassed;

  const wallets = useWallets({
    enabled: optionsShown && walletKinds.length > 0,
    kinds: walletKinds,
    label: walletLabel,
    totalCents: (kind) => walletTotalCents(amountCents || 100, kind),
  });
  // Stripe.js could not load ('Failed to load Stripe.js' / 'Stripe.js not available'): no card
  // form or wallet can work, so none is offered and the alert says why.
  const stripeFailure = cardLoadFailure ?? (wallets.state === 'failed' ? wallets.message : null);

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

  useEffect(() => {
    if (status !== 'succeeded' || successHref === null) return;
    // A full load: the profile is fetched afresh (publishing a paid review) and congratulates.
    const timer = setTimeout(() => window.location.assign(successHref), SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status, successHref]);

  /** A single-use token went to the API: the next intent needs the captcha passed again. */
  const renewCaptcha = () => {
    tokenUsed.current = false;
    captchaToken.current = null;
    setCaptchaRound((round) => round + 1);
  };

  const changeAmount = (value: string) => {
    if (busy) return;
    setAmount(value);
    setMessage(null);
    dispatch(amountChanged());
    if (tokenUsed.current) renewCaptcha();
  };

  const fingerprintOf = (method: PaymentMethodKind, cents: number) =>
    JSON.stringify([scope, method, cents]);

  /** Whether an intent for this choice exists, or the captcha allows making one. */
  const mayCreate = (method: PaymentMethodKind, cents: number) =>
    lastIntent.current?.fingerprint === fingerprintOf(method, cents) ||
    (captchaToken.current !== null && !tokenUsed.current);

  /** The checks every option makes first; the amount in cents, or null after saying why not. */
  const checkChoice = (option: 'card' | 'wallet', method: PaymentMethodKind): number | null => {
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
    if (creating.current || busy || disabled) return null;
    if (!mayCreate(method, amountCents)) {
      setMessage(INVALID_CAPTCHA_MESSAGE);
      return null;
    }
    setMessage(null);
    return amountCents;
  };

  /** The client secret for this choice: the last intent's, or a new intent's. */
  const obtainIntent = async (method: PaymentMethodKind, cents: number): Promise<string> => {
    const fingerprint = fingerprintOf(method, cents);
    if (lastIntent.current?.fingerprint === fingerprint) return lastIntent.current.clientSecret;
    const token = captchaToken.current ?? '';
    tokenUsed.current = true;
    creating.current = true;
    try {
      const clientSecret = await createIntent({ method, amountCents: cents, captchaToken: token });
      lastIntent.current = { fingerprint, clientSecret };
      return clientSecret;
    } catch (error) {
      renewCaptcha();
      throw error;
    } finally {
      creating.current = false;
    }
  };

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
      dispatch(intentCreated({ clientSecret: await obtainIntent('card', cents) }));
    } catch (error) {
      dispatch(intentFailed({ message: intentErrorMessage(error) }));
    }
  };

  const chooseWallet = (method: WalletKind) => {
    const request = wallets.state === 'ready' ? wallets.requests[method] : undefined;
    if (!request || request.isShowing()) return;
    const cents = checkChoice('wallet', method);
    if (cents === null) return;
    walletChoice.current = { method, amountCents: cents };
    request.setAmount(walletTotalCents(cents, method));
    // Synchronously inside the click: browsers open a payment sheet only for a user gesture.
    request.show();
  };

  /** The wallet gave a payment method: make (or reuse) the intent, confirm, close the sheet. */
  const payByWallet = async (event: WalletPaymentEvent) => {
    const choice = walletChoice.current;
    if (!choice) {
      event.complete('fail');
      return;
    }
    dispatch(methodChosen(choice));
    let clientSecret: string;
    try {
      clientSecret = await obtainIntent(choice.method, choice.amountCents);
    } catch (error) {
      event.complete('fail');
      dispatch(intentFailed({ message: intentErrorMessage(error) }));
      return;
    }
    dispatch(intentCreated({ clientSecret }));
    dispatch(confirmationStarted());
    try {
      const result = await confirmWalletPayment(clientSecret, event.paymentMethodId);
      if (result.outcome === 'succeeded') {
        event.complete('success');
        dispatch(paymentSucceeded());
      } else {
        event.complete('fail');
        dispatch(confirmationFailed({ message: failureMessage(result) }));
      }
    } catch {
      event.complete('fail');
      dispatch(confirmationFailed({ message: PAYMENT_MESSAGES.walletError }));
    }
  };
  // The sheet's listener is registered once per request; it runs the latest render's handler.
  const onWalletPayment = useEffectEvent((event: WalletPaymentEvent) => void payByWallet(event));

  const requests = wallets.state === 'ready' ? wallets.requests : null;
  useEffect(() => {
    if (!requests) return;
    const offs = Object.values(requests).map((request) =>
      request.onPaymentMethod((event) => onWalletPayment(event)),
    );
    return () => offs.forEach((off) => off());
  }, [requests]);

  const reportStripeFailure = useCallback((failure: string) => setCardLoadFailure(failure), []);

  const error = message ?? (status === 'failed' ? payment.error : null) ?? stripeFailure;
  const showCardForm =
    stripeFailure === null &&
    payment.method === 'card' &&
    payment.clientSecret !== null &&
    ['awaitingCard', 'confirming', 'succeeded', 'failed'].includes(status);
  const googlePayMissing =
    walletKinds.includes('google_pay') && wallets.state === 'ready' && !requests?.google_pay;
  const optionDisabled = status === 'creatingIntent' || busy || disabled;

  return (
    <section className="gift-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="gift-form__title">
        {title}
      </h2>
      {fixedAmountCents === undefined ? (
        <fieldset className="gift-form__amounts">
          <legend className="gift-form__label">Amount</legend>
          <div className="gift-form__presets">
            {PRESET_AMOUNTS.map((preset) => (
              <button
                key={preset}
                type="button"
                className="gift-form__preset"
                aria-pressed={amount === String(preset)}
                disabled={busy}
                onClick={() => changeAmount(String(preset))}
              >
                ${preset}
              </button>
            ))}
          </div>
          <label className="gift-form__other">
            <span className="gift-form__label">{OTHER_AMOUNT_LABEL}</span>
            <input
              className="gratitude-form__input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={amount}
              disabled={busy}
              onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
                if (isBlockedKey(event.key)) event.preventDefault();
              }}
              onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
                if (!acceptPaste(event.clipboardData.getData('text'))) event.preventDefault();
              }}
              onChange={(event) => changeAmount(filterAmountInput(event.target.value))}
            />
          </label>
        </fieldset>
      ) : (
        <p className="gift-form__charge">Amount: {formatUsd(fixedAmountCents)}</p>
      )}

      <div className="gift-form__captcha">
        <Captcha
          key={captchaRound}
          onChange={(token) => {
            captchaToken.current = token;
            tokenUsed.current = false;
            if (token) {
              setCaptchaPassed(true);
              if (message === INVALID_CAPTCHA_MESSAGE) setMessage(null);
            }
          }}
        />
      </div>

      {optionsShown && (
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
          {walletKinds.map((kind) =>
            requests?.[kind] ? (
              <button
                key={kind}
                type="button"
                className="gift-form__method gift-form__method--wallet"
                aria-pressed={payment.method === kind}
                aria-describedby={`${feeId}-${kind}`}
                disabled={optionDisabled}
                onClick={() => chooseWallet(kind)}
              >
                {WALLET_NAMES[kind]}
                <span id={`${feeId}-${kind}`} className="gift-form__fee">
                  {FEE_LABELS[kind]}
                </span>
              </button>
            ) : null,
          )}
          {googlePayMissing && <p className="gift-form__note">{GOOGLE_PAY_UNSUPPORTED}</p>}
          {status === 'creatingIntent' && (
            <p className="gift-form__note" role="status">
              Preparing your payment…
            </p>
          )}
          {methods.includes('card') && amountCents !== null && amountCents > 0 && (
            <p className="gift-form__charge">{chargeMessage(cardTotalCents(amountCents))}</p>
          )}
        </div>
      )}

      <div role="alert" className="gift-form__error">
        {error}
      </div>

      {showCardForm && payment.clientSecret && (
        <StripeProvider onLoadError={reportStripeFailure}>
          <CardPayment
            clientSecret={payment.clientSecret}
            returnPath={returnPath}
            confirming={status === 'confirming'}
            onConfirmStart={() => {
              setMessage(null);
              dispatch(confirmationStarted());
            }}
            onSucceeded={() => dispatch(paymentSucceeded())}
            onFailed={(failure) => dispatch(confirmationFailed({ message: failure }))}
            onNotStarted={setMessage}
          />
        </StripeProvider>
      )}
      <p role="status" className="gift-form__success">
        {status === 'succeeded' ? PAYMENT_MESSAGES.succeeded : ''}
      </p>
    </section>
  );
}
