// The gift-only form (Give Gift / Donate): amount, captcha, the card option, then the card form.
import {
  useEffect,
  useReducer,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { UserDetails } from '../../api/types';
import { paths } from '../../config/paths';
import { Captcha, INVALID_CAPTCHA_MESSAGE } from '../captcha/Captcha';
import type { Guest } from '../gratitude/GuestDetailsForm';
import { submissionKey, type SubmissionKey } from '../gratitude/idempotency';
import {
  PRESET_AMOUNTS,
  acceptPaste,
  filterAmountInput,
  isBlockedKey,
  parseAmountDollars,
  validateAmountForPayment,
} from './amountInput';
import { CardPayment, PAYMENT_MESSAGES } from './CardPayment';
import {
  FEE_LABELS,
  cardTotalCents,
  chargeMessage,
  dollarsToCents,
  platformFeeCents,
} from './fees';
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
import {
  useCreateDonationIntentMutation,
  useCreatePaymentIntentMutation,
  type PaymentIntentArgs,
  type PaymentIntentBody,
} from './paymentsApi';
import { StripeProvider } from './stripe/StripeProvider';
import './GiftForm.css';

export const OTHER_AMOUNT_LABEL = 'Other (in Dollars)';
/** How long `succeeded` shows before the profile opens (the wallet success delay, spec 9). */
export const SUCCESS_REDIRECT_DELAY_MS = 1000;

type GiftProfile = Pick<UserDetails, '_id' | 'userName' | 'businessType'>;

interface GiftFormProps {
  profile: GiftProfile;
  guest: Guest;
}

export const isNonProfit = (profile: Pick<UserDetails, 'businessType'>) =>
  profile.businessType === 'NON-PROFIT';

/** The JSON of the intent call for this guest, profile and amount paid by card (wire contract). */
export function cardIntentBody(
  profile: GiftProfile,
  guest: Guest,
  amountCents: number,
  captchaToken: string,
): PaymentIntentBody {
  const fee = platformFeeCents(amountCents, 'card');
  const nonProfit = isNonProfit(profile);
  return {
    piDescription: 'cardToWallet',
    metadata: {
      getThanksUserID: profile._id,
      title: nonProfit
        ? `${guest.fullName} donated to ${profile.userName}`
        : `Tip to ${profile.userName}`,
      guestName: guest.fullName,
      userName: profile.userName,
      email: guest.email,
      amountAfterFee: amountCents + fee,
    },
    platformFeeForWallet: fee,
    amount: amountCents,
    paymentMethodType: 'card',
    userName: profile.userName,
    captchaToken,
    ...(nonProfit ? { userId: guest.userId, ngoId: profile._id, isRecurring: false } : {}),
  };
}

/** A lost connection is an exception; any answer that is not a client secret is "not processed". */
function intentErrorMessage(error: unknown): string {
  const status = (error as Partial<FetchBaseQueryError> | null)?.status;
  return status === 'FETCH_ERROR' ? PAYMENT_MESSAGES.exception : PAYMENT_MESSAGES.notProcessed;
}

export function GiftForm({ profile, guest }: GiftFormProps) {
  const nonProfit = isNonProfit(profile);
  const [amount, setAmount] = useState('');
  const [payment, dispatch] = useReducer(paymentReducer, initialPaymentState);
  const [message, setMessage] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // Once passed, the card option stays; a used or expired token then asks for the captcha again.
  const [captchaPassed, setCaptchaPassed] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  const tokenUsed = useRef(false);
  const lastKey = useRef<SubmissionKey | null>(null);
  // The last intent made, so choosing the same amount again replays it (one intent, same key).
  const lastIntent = useRef<PaymentIntentArgs | null>(null);
  // A second click can land before `creatingIntent` re-renders: this guard sees the first at once.
  const creating = useRef(false);
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const [createDonationIntent] = useCreateDonationIntentMutation();

  const succeeded = payment.status === 'succeeded';
  useEffect(() => {
    if (!succeeded) return;
    // A full load with redirect_status: the profile is fetched afresh and congratulates.
    const timer = setTimeout(() => {
      window.location.assign(`${paths.profile.href(profile._id)}?redirect_status=succeeded`);
    }, SUCCESS_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, profile._id]);

  const dollars = parseAmountDollars(amount);
  const amountCents = dollars === null ? null : dollarsToCents(dollars);
  const busy = payment.status === 'confirming' || payment.status === 'succeeded';

  /** A single-use token went to the API: the next intent needs the captcha passed again. */
  const renewCaptcha = () => {
    tokenUsed.current = false;
    setCaptchaToken(null);
    setCaptchaRound((round) => round + 1);
  };

  const changeAmount = (value: string) => {
    if (busy) return;
    setAmount(value);
    setMessage(null);
    dispatch(amountChanged());
    if (tokenUsed.current) renewCaptcha();
  };

  const chooseCard = async () => {
    const amountMessage = validateAmountForPayment(amount, { combined: false, option: 'card' });
    if (amountMessage || amountCents === null) {
      setMessage(amountMessage ?? PAYMENT_MESSAGES.notProcessed);
      return;
    }
    if (creating.current || busy) return;
    let args: PaymentIntentArgs;
    if (lastIntent.current && lastIntent.current.body.amount === amountCents) {
      args = lastIntent.current;
    } else {
      if (!captchaToken || tokenUsed.current) {
        setMessage(INVALID_CAPTCHA_MESSAGE);
        return;
      }
      const body = cardIntentBody(profile, guest, amountCents, captchaToken);
      lastKey.current = submissionKey(body, lastKey.current);
      args = { body, idempotencyKey: lastKey.current.key };
      tokenUsed.current = true;
    }
    setMessage(null);
    dispatch(methodChosen({ method: 'card', amountCents }));
    creating.current = true;
    try {
      const create = nonProfit ? createDonationIntent : createPaymentIntent;
      const clientSecret = await create(args).unwrap();
      lastIntent.current = args;
      dispatch(intentCreated({ clientSecret }));
    } catch (error) {
      if (lastIntent.current !== args) renewCaptcha();
      dispatch(intentFailed({ message: intentErrorMessage(error) }));
    } finally {
      creating.current = false;
    }
  };

  const cardLabel = nonProfit ? 'Donate via Debit/Credit Card' : 'Tip via Debit/Credit Card';
  const error = message ?? (payment.status === 'failed' ? payment.error : null);
  const showCardForm =
    payment.method === 'card' &&
    payment.clientSecret !== null &&
    ['awaitingCard', 'confirming', 'succeeded', 'failed'].includes(payment.status);

  return (
    <section className="gift-form" aria-labelledby="gift-form-title">
      <h2 id="gift-form-title" className="gift-form__title">
        {nonProfit ? 'Your donation' : 'Your tip'}
      </h2>
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

      <div className="gift-form__captcha">
        <Captcha
          key={captchaRound}
          onChange={(token) => {
            setCaptchaToken(token);
            tokenUsed.current = false;
            if (token) {
              setCaptchaPassed(true);
              if (message === INVALID_CAPTCHA_MESSAGE) setMessage(null);
            }
          }}
        />
      </div>

      {captchaPassed && (
        <div className="gift-form__methods">
          <button
            type="button"
            className="gift-form__method"
            aria-pressed={payment.method === 'card'}
            aria-describedby="gift-form-card-fee"
            disabled={payment.status === 'creatingIntent' || busy}
            onClick={() => void chooseCard()}
          >
            {cardLabel}
            <span id="gift-form-card-fee" className="gift-form__fee">
              {FEE_LABELS.card}
            </span>
          </button>
          {amountCents !== null && amountCents > 0 && (
            <p className="gift-form__charge">{chargeMessage(cardTotalCents(amountCents))}</p>
          )}
        </div>
      )}

      <div role="alert" className="gift-form__error">
        {error}
      </div>

      {showCardForm && payment.clientSecret && (
        <StripeProvider onLoadError={setMessage}>
          <CardPayment
            clientSecret={payment.clientSecret}
            returnPath={paths.profile.href(profile._id)}
            confirming={payment.status === 'confirming'}
            onConfirmStart={() => {
              setMessage(null);
              if (payment.status === 'failed' && payment.amountCents !== null) {
                // Trying again after a refused card: the same intent takes the new attempt.
                dispatch(methodChosen({ method: 'card', amountCents: payment.amountCents }));
                dispatch(intentCreated({ clientSecret: payment.clientSecret ?? '' }));
              }
              dispatch(confirmationStarted());
            }}
            onSucceeded={() => dispatch(paymentSucceeded())}
            onFailed={(failure) => dispatch(confirmationFailed({ message: failure }))}
            onNotStarted={setMessage}
          />
        </StripeProvider>
      )}
      <p role="status" className="gift-form__success">
        {payment.status === 'succeeded' ? PAYMENT_MESSAGES.succeeded : ''}
      </p>
    </section>
  );
}
