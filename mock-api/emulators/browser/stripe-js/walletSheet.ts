// The emulated wallet sheet (Apple Pay's or Google Pay's): the group's current amount, Pay and
// Cancel. Pay emits the Express Checkout Element's `confirm` and the sheet waits for the app's
// stripe.confirmPayment (whose success closes it) or its paymentFailed().
import { el } from '../dom';
import { dialogButton, openDialog } from './dialog';
import { formatAmount } from './money';
import type { ElementGroup, Wallet, WalletSheet } from './types';
import { payer } from './wallets';

/** How long a failed sheet shows 'Payment failed.' before it closes. */
const FAILED_SHEET_MS = 2000;

export interface SheetOptions {
  business?: { name?: string };
  lineItems?: { name: string; amount: number }[];
  emailRequired?: unknown;
  phoneNumberRequired?: unknown;
}

interface SheetProps {
  wallet: Wallet;
  group: ElementGroup;
  /** The element's options, with what the app's click handler passed to resolve(). */
  options: SheetOptions;
  /** The Express Checkout Element's `cancel` and `confirm` events. */
  emit(event: 'cancel' | 'confirm', payload: object): void;
  onClosed(): void;
}

export function openWalletSheet({
  wallet,
  group,
  options,
  emit,
  onClosed,
}: SheetProps): WalletSheet {
  let state: 'open' | 'paying' | 'failed' | 'closed' = 'open';
  let failTimer: ReturnType<typeof setTimeout> | undefined;
  const status = el('p', 'stripe-emulator-dialog__status');
  const actions = el('div', 'stripe-emulator-dialog__actions');
  const handle = openDialog(
    wallet.name,
    (dialog) => {
      renderSummary(dialog, wallet, group, options);
      status.setAttribute('role', 'status');
      dialog.appendChild(status);
      actions.appendChild(dialogButton('Pay', true, pay));
      actions.appendChild(dialogButton('Cancel', false, cancel));
      dialog.appendChild(actions);
    },
    () => {
      if (state === 'open') cancel();
      else if (state === 'failed') close();
    },
  );
  const sheet: WalletSheet = { close, billingDetails: payer(options) };
  const expressPaymentType = wallet.type;
  return sheet;

  function close(): void {
    if (state === 'closed') return;
    state = 'closed';
    clearTimeout(failTimer);
    handle.close();
    onClosed();
    if (group._express?.sheet === sheet) group._express = null;
  }

  function cancel(): void {
    close();
    emit('cancel', { elementType: 'expressCheckout', expressPaymentType });
  }

  function paymentFailed(payload?: { message?: string }): void {
    if (state !== 'paying') return;
    state = 'failed';
    if (group._express?.sheet === sheet) group._express = null;
    status.textContent = payload?.message || 'Payment failed.';
    status.className = 'stripe-emulator-dialog__status stripe-emulator-dialog__status--failed';
    actions.textContent = '';
    actions.appendChild(dialogButton('Close', true, close)).focus();
    failTimer = setTimeout(close, FAILED_SHEET_MS);
  }

  function pay(): void {
    if (state !== 'open') return;
    state = 'paying';
    for (const node of Array.from(actions.querySelectorAll('button'))) node.disabled = true;
    status.textContent = 'Processing…';
    // Until this sheet closes, stripe.confirmPayment on the group pays with the wallet.
    group._express = { wallet, sheet };
    emit('confirm', {
      elementType: 'expressCheckout',
      expressPaymentType,
      billingDetails: sheet.billingDetails,
      paymentFailed,
    });
  }
}

/** What the sheet says: test mode, the line items, the total to pay (the business's name), the card. */
function renderSummary(
  dialog: HTMLElement,
  wallet: Wallet,
  group: ElementGroup,
  options: SheetOptions,
): void {
  const { amount, currency } = group._options;
  const business = options.business && options.business.name;
  dialog.appendChild(
    el('p', 'stripe-emulator-dialog__note', `Emulated ${wallet.name} sheet (test mode).`),
  );
  for (const item of options.lineItems || []) {
    const row = el('p', 'stripe-emulator-dialog__item');
    row.appendChild(el('span', '', item.name));
    row.appendChild(el('span', '', formatAmount(item.amount, currency)));
    dialog.appendChild(row);
  }
  const total = el('p', 'stripe-emulator-dialog__total');
  total.appendChild(el('span', '', business ? `Pay ${business}` : 'Total'));
  total.appendChild(el('strong', '', formatAmount(amount as number, currency)));
  dialog.appendChild(total);
  dialog.appendChild(el('p', '', 'Card: Visa •••• 4242'));
}
