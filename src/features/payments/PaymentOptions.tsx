// The payment options once the captcha is passed: the card option, the wallets' buttons, and
// what the card will charge.
import { FEE_LABELS, type PaymentMethodKind, type WalletKind } from '../../api/contract/fees';
import type { PaymentView } from './paymentView';
import type { useWalletPayment } from './useWalletPayment';
import { WalletButtons, type WalletButtonType } from './WalletButtons';

interface PaymentOptionsProps {
  methods: readonly PaymentMethodKind[];
  walletKinds: readonly WalletKind[];
  /** 'Tip via Debit/Credit Card' or 'Donate via Debit/Credit Card'. */
  cardLabel: string;
  /** The id of the card's fee label, which describes its button. */
  cardFeeId: string;
  walletButtonType: WalletButtonType;
  view: PaymentView;
  onChooseCard: () => void;
  wallet: ReturnType<typeof useWalletPayment>;
}

export function PaymentOptions({
  methods,
  walletKinds,
  cardLabel,
  cardFeeId,
  walletButtonType,
  view,
  onChooseCard,
  wallet,
}: PaymentOptionsProps) {
  const offersCard = methods.includes('card');
  return (
    <div className="gift-form__methods" aria-busy={view.preparing}>
      {offersCard && (
        <CardOption
          label={cardLabel}
          feeId={cardFeeId}
          pressed={view.cardChosen}
          disabled={view.optionDisabled}
          onChoose={onChooseCard}
        />
      )}
      {walletKinds.length > 0 && view.stripeAvailable && (
        <WalletButtons
          kinds={walletKinds}
          buttonType={walletButtonType}
          disabled={view.optionDisabled}
          onChoose={wallet.choose}
          onConfirm={(elements, event) => void wallet.pay(elements, event)}
          onCancel={wallet.close}
        />
      )}
      {view.preparing && (
        <p className="gift-form__note" role="status">
          Preparing your payment…
        </p>
      )}
      {offersCard && (
        // Said as the amount changes: the total with the card's fee.
        <p className="gift-form__charge" aria-live="polite">
          {view.cardCharge}
        </p>
      )}
    </div>
  );
}

interface CardOptionProps {
  label: string;
  feeId: string;
  pressed: boolean;
  disabled: boolean;
  onChoose: () => void;
}

/** The card option: pressed, it makes the intent and opens the card form. */
function CardOption({ label, feeId, pressed, disabled, onChoose }: CardOptionProps) {
  return (
    <button
      type="button"
      className="gift-form__method"
      aria-pressed={pressed}
      aria-describedby={feeId}
      disabled={disabled}
      onClick={onChoose}
    >
      {label}
      <span id={feeId} className="gift-form__fee">
        {FEE_LABELS.card}
      </span>
    </button>
  );
}
