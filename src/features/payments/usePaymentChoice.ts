// The payment as the guest drives it: the state machine (paymentSlice), the message the section
// shows, the captcha and the intent, and what each press does (an amount, the card option, a
// wallet, the card form's outcome). PaymentSection renders what this returns.
import { useReducer, useState, type Dispatch } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { markDraftConfirming } from '../../lib/draftOutcome';
import { setInFlight } from '../../lib/inFlight';
import type { PaymentMethodKind } from '../../api/contract/fees';
import { INVALID_CAPTCHA_MESSAGE } from '../../api/contract/messages';
import { checkChoice, type PaymentOption } from './paymentChoice';
import { PAYMENT_MESSAGES, intentErrorMessage } from './paymentMessages';
import {
  choiceReset,
  confirmationFailed,
  confirmationStarted,
  initialPaymentState,
  intentCreated,
  intentFailed,
  methodChosen,
  paymentReducer,
  paymentSucceeded,
} from './paymentSlice';
import { paymentView } from './paymentView';
import type { AmountChoice } from './useAmountChoice';
import { useCaptchaToken } from './useCaptchaToken';
import { useIntent, type IntentChoice } from './useIntent';
import { useWalletPayment } from './useWalletPayment';

export interface PaymentChoiceOptions {
  amount: AmountChoice;
  /** With a review: at least $1. */
  combined: boolean;
  /** Checked when an option is pressed: a message stops the payment. */
  precondition?: () => string | null;
  disabled: boolean;
  /** What else the intent carries: an intent is reused only for the same scope. */
  scope: string;
  createIntent: (choice: IntentChoice) => Promise<string>;
  /** Where Stripe returns after a redirect-based confirmation. */
  returnPath: string;
  /** The profile whose draft keeps the intent and whether it is being confirmed. */
  draftId?: string;
}

/**
 * The state machine's dispatch, also telling the page and the draft what is on its way: a
 * confirmation started is written down before it is sent (a reload then asks Stripe how it
 * ended), and its end is told page-wide, so a flow whose payment step went away finds out too.
 * Plain functions of module state: they still work after the section unmounts.
 */
function trackingDispatch(dispatch: Dispatch<UnknownAction>, draftId: string | undefined) {
  return (action: UnknownAction) => {
    if (draftId) {
      if (confirmationStarted.match(action)) {
        markDraftConfirming(draftId, true);
        setInFlight(draftId, 'confirming');
      } else if (confirmationFailed.match(action)) {
        markDraftConfirming(draftId, false);
        setInFlight(draftId, null);
      } else if (paymentSucceeded.match(action)) {
        setInFlight(draftId, null);
      }
    }
    return dispatch(action);
  };
}

export function usePaymentChoice(options: PaymentChoiceOptions) {
  const { amount, combined, precondition, disabled, scope, createIntent, returnPath, draftId } =
    options;
  const [payment, dispatchEvent] = useReducer(paymentReducer, initialPaymentState);
  const dispatch = trackingDispatch(dispatchEvent, draftId);
  const [message, setMessage] = useState<string | null>(null);
  // Stripe.js could not load: no card form or wallet can work, so none is offered.
  const [stripeFailure, setStripeFailure] = useState<string | null>(null);
  const captcha = useCaptchaToken();
  const intent = useIntent({ scope, captcha, createIntent, draftId });
  const view = paymentView({
    payment,
    message,
    stripeFailure,
    amountCents: amount.cents,
    disabled,
  });

  /** The checks every option makes first; the amount in cents, or null after saying why not. */
  const check = (option: PaymentOption, method: PaymentMethodKind): number | null => {
    const result = checkChoice({
      amount: amount.value,
      combined,
      option,
      precondition,
      occupied: () => intent.creating() || view.busy || disabled,
      mayObtain: (cents) => intent.mayObtain(method, cents),
    });
    if (result.outcome === 'ignore') return null;
    if (result.outcome === 'askCaptcha') {
      // Another option's intent took the token: like a new choice, with the captcha asked for
      // whatever; once it is passed, this press works.
      resetChoice({ askCaptcha: true });
      setMessage(PAYMENT_MESSAGES.captchaAgain);
      return null;
    }
    setMessage(result.outcome === 'refuse' ? result.message : null);
    return result.outcome === 'proceed' ? result.amountCents : null;
  };

  const chooseCard = async () => {
    // Without Stripe.js a card cannot be paid: no intent is made for nothing.
    if (stripeFailure) {
      setMessage(stripeFailure);
      return;
    }
    const cents = check('card', 'card');
    if (cents === null) return;
    dispatch(methodChosen({ method: 'card', amountCents: cents }));
    try {
      dispatch(intentCreated({ clientSecret: await intent.obtain('card', cents) }));
    } catch (error) {
      dispatch(intentFailed({ message: intentErrorMessage(error) }));
    }
  };

  /**
   * The one way a choice is undone: what the intent would carry changed (the amount, or the
   * review with it), or another option needs a token of its own. The chosen option's highlight
   * and the card form go (spec 4). A new choice needs a new token when an intent took the last
   * one (or `askCaptcha` says so): the captcha is asked for again, and the pay buttons go until
   * it is passed, so none on screen answers `invalid Captcha`.
   */
  function resetChoice({ askCaptcha }: { askCaptcha: boolean }) {
    dispatch(choiceReset());
    if (askCaptcha || captcha.spent()) captcha.renew();
  }

  const wallet = useWalletPayment({
    checkChoice: (method) => check('wallet', method),
    intent,
    dispatch,
    returnUrl: () => new URL(returnPath, window.location.origin).href,
  });

  return {
    payment,
    view,
    captcha,
    wallet,
    chooseCard,
    changeAmount: (value: string) => {
      if (view.busy) return;
      amount.set(value);
      setMessage(null);
      resetChoice({ askCaptcha: false });
    },
    resetChoice: () => resetChoice({ askCaptcha: false }),
    changeCaptcha: (token: string | null) => {
      captcha.onChange(token);
      if (
        token &&
        (message === INVALID_CAPTCHA_MESSAGE || message === PAYMENT_MESSAGES.captchaAgain)
      ) {
        setMessage(null);
      }
    },
    reportStripeFailure: setStripeFailure,
    cardForm: {
      getClientSecret: () => intent.obtain('card', payment.amountCents ?? view.cardCents),
      ...cardFormOutcomes(dispatch, setMessage),
    },
  };
}

/** What the card form reports, as the state machine's events and the section's message. */
function cardFormOutcomes(
  dispatch: Dispatch<UnknownAction>,
  say: (message: string | null) => void,
) {
  return {
    onConfirmStart: () => {
      say(null);
      dispatch(confirmationStarted());
    },
    onSucceeded: () => dispatch(paymentSucceeded()),
    onFailed: (failure: string) => dispatch(confirmationFailed({ message: failure })),
    onNotStarted: say,
  };
}
