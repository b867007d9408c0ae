// Apple Pay and Google Pay: Stripe's Express Checkout Element in the payment's Elements group.
// Its `ready` event says which wallets this browser offers (or the spec's message that Google
// Pay is not supported); a click sets that wallet's total (its own fee) before the sheet opens;
// the sheet's `confirm` pays.
import { useState } from 'react';
import { FEE_LABELS, type WalletKind } from '../../api/contract/fees';
import {
  ExpressCheckoutElement,
  useElements,
  type AvailablePaymentMethods,
  type WalletConfirmEvent,
} from './stripe/StripeProvider';
import type { StripeElements } from './stripe/stripe';

export const WALLET_NAMES: Readonly<Record<WalletKind, string>> = {
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

export const GOOGLE_PAY_UNSUPPORTED = 'Google Pay is not supported on this device or browser';

const AVAILABLE_KEY: Readonly<Record<WalletKind, keyof AvailablePaymentMethods>> = {
  apple_pay: 'applePay',
  google_pay: 'googlePay',
};

/** tip or donate (Apple Pay has both; Google Pay says donate or plain pay). */
export type WalletButtonType = 'tip' | 'donate';

interface WalletButtonsProps {
  /** The wallets this payment offers. */
  kinds: readonly WalletKind[];
  buttonType: WalletButtonType;
  disabled: boolean;
  /** A wallet was clicked: its total in cents for the sheet, or null (the reason is shown). */
  onChoose: (kind: WalletKind) => number | null;
  /** The guest pressed Pay in the sheet: pay with the group, then tell Stripe if it failed. */
  onConfirm: (elements: StripeElements, event: WalletConfirmEvent) => void;
  /** The sheet closed without paying. */
  onCancel: () => void;
}

export function WalletButtons({
  kinds,
  buttonType,
  disabled,
  onChoose,
  onConfirm,
  onCancel,
}: WalletButtonsProps) {
  const elements = useElements();
  const [available, setAvailable] = useState<readonly WalletKind[] | null>(null);
  const kindOf = (type: string): WalletKind | null => kinds.find((kind) => kind === type) ?? null;

  return (
    <div className="gift-form__wallets" aria-disabled={disabled || undefined}>
      <ExpressCheckoutElement
        options={{
          buttonType: { applePay: buttonType, googlePay: buttonType === 'tip' ? 'pay' : 'donate' },
          paymentMethods: {
            applePay: kinds.includes('apple_pay') ? 'always' : 'never',
            googlePay: kinds.includes('google_pay') ? 'always' : 'never',
            link: 'never',
            amazonPay: 'never',
            paypal: 'never',
            klarna: 'never',
          },
        }}
        onReady={({ availablePaymentMethods }) =>
          setAvailable(
            kinds.filter((kind) => availablePaymentMethods?.[AVAILABLE_KEY[kind]] === true),
          )
        }
        onClick={(event) => {
          const kind = kindOf(event.expressPaymentType);
          const totalCents = kind && !disabled ? onChoose(kind) : null;
          if (!elements || totalCents === null) {
            event.reject();
            return;
          }
          // Within Stripe's one-second limit: the sheet shows this wallet's own total.
          elements.update({ amount: totalCents });
          event.resolve();
        }}
        onConfirm={(event) => {
          if (elements) onConfirm(elements, event);
          else event.paymentFailed();
        }}
        onCancel={onCancel}
      />
      {available && available.length > 0 && (
        <ul className="gift-form__wallet-fees" aria-label="Wallet fees">
          {available.map((kind) => (
            <li key={kind}>
              {WALLET_NAMES[kind]} <span className="gift-form__fee">{FEE_LABELS[kind]}</span>
            </li>
          ))}
        </ul>
      )}
      {available && kinds.includes('google_pay') && !available.includes('google_pay') && (
        <p className="gift-form__note">{GOOGLE_PAY_UNSUPPORTED}</p>
      )}
    </div>
  );
}
