// A payment by Apple Pay or Google Pay through the Express Checkout Element: the click sets the
// wallet's own total for its sheet, the sheet's confirm makes (or reuses) the intent and pays,
// and every outcome goes to the payment state machine.
import { useRef, useState, type Dispatch } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { walletTotalCents, type WalletKind } from '../../api/contract/fees';
import { PAYMENT_MESSAGES, failureMessage, intentErrorMessage } from './paymentMessages';
import {
  confirmationFailed,
  confirmationStarted,
  intentCreated,
  intentFailed,
  methodChosen,
  paymentSucceeded,
} from './paymentSlice';
import type { WalletConfirmEvent } from './stripe/StripeProvider';
import { payWithElements, type StripeElements } from './stripe/stripe';
import type { useIntent } from './useIntent';

export function useWalletPayment(options: {
  /** The checks every option makes first: the amount in cents, or null after saying why not. */
  checkChoice: (method: WalletKind) => number | null;
  intent: ReturnType<typeof useIntent>;
  dispatch: Dispatch<UnknownAction>;
  returnUrl: () => string;
}) {
  const { checkChoice, intent, dispatch, returnUrl } = options;
  // The wallet whose sheet is open, and the gift amount it pays.
  const walletChoice = useRef<{ method: WalletKind; amountCents: number } | null>(null);
  const [sheetTotalCents, setSheetTotalCents] = useState<number | null>(null);

  /** A wallet's button was clicked: its total for the sheet, or null after saying why not. */
  const chooseWallet = (method: WalletKind): number | null => {
    const cents = checkChoice(method);
    if (cents === null) return null;
    walletChoice.current = { method, amountCents: cents };
    const total = walletTotalCents(cents, method);
    setSheetTotalCents(total);
    return total;
  };

  const closeSheet = () => {
    walletChoice.current = null;
    setSheetTotalCents(null);
  };

  /** The guest pressed Pay in the sheet: make (or reuse) the intent, confirm, close the sheet. */
  const payByWallet = async (elements: StripeElements, event: WalletConfirmEvent) => {
    const choice = walletChoice.current;
    if (!choice) {
      event.paymentFailed();
      return;
    }
    dispatch(methodChosen(choice));
    let intentError: unknown = null;
    let intentMade = false;
    try {
      const result = await payWithElements({
        elements,
        returnUrl: returnUrl(),
        getClientSecret: async () => {
          try {
            const clientSecret = await intent.obtain(choice.method, choice.amountCents);
            dispatch(intentCreated({ clientSecret }));
            dispatch(confirmationStarted());
            intentMade = true;
            return clientSecret;
          } catch (error) {
            intentError = error;
            throw error;
          }
        },
      });
      if (result.outcome === 'succeeded') {
        dispatch(paymentSucceeded());
      } else {
        event.paymentFailed();
        const failure = failureMessage(result);
        dispatch(
          intentMade
            ? confirmationFailed({ message: failure })
            : intentFailed({ message: failure }),
        );
      }
    } catch {
      event.paymentFailed();
      dispatch(
        intentMade
          ? confirmationFailed({ message: PAYMENT_MESSAGES.walletError })
          : intentFailed({ message: intentErrorMessage(intentError) }),
      );
    } finally {
      closeSheet();
    }
  };

  return {
    /** The open sheet's total in cents, or null when no sheet is open. */
    sheetTotalCents,
    choose: chooseWallet,
    pay: payByWallet,
    close: closeSheet,
  };
}
