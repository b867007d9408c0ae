// The modal dialogs the emulator opens where Stripe.js opens its own windows: the wallet sheet and
// the 3-D Secure challenge.
import { el } from '../dom';
import { addStripeStyle, nextUid } from './styles';

export interface DialogHandle {
  close(): void;
}

/**
 * A modal dialog titled `title`, its content from `build`: focus moves into it and stays there
 * (Tab wraps), Escape chooses `onEscape`, and focus returns where it was when it closes.
 */
export function openDialog(
  title: string,
  build: (dialog: HTMLElement) => void,
  onEscape: () => void,
): DialogHandle {
  addStripeStyle();
  const uid = nextUid();
  const previous = document.activeElement as HTMLElement | null;
  const overlay = el('div', 'stripe-emulator-overlay');
  const dialog = el('div', 'stripe-emulator-dialog');
  const heading = el('h2', '', title);
  heading.id = `stripe-emulator-dialog-title-${uid}`;
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', heading.id);
  dialog.appendChild(heading);
  build(dialog);
  overlay.appendChild(dialog);
  overlay.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key === 'Tab') trapTab(dialog, event);
  });
  document.body.appendChild(overlay);
  dialog.querySelector('button')?.focus();
  return {
    close() {
      overlay.parentNode?.removeChild(overlay);
      if (previous && typeof previous.focus === 'function' && document.contains(previous))
        previous.focus();
    },
  };
}

/** Tab from the last enabled button goes to the first, Shift+Tab from the first to the last. */
function trapTab(dialog: HTMLElement, event: KeyboardEvent): void {
  const buttons = Array.from(dialog.querySelectorAll('button')).filter((b) => !b.disabled);
  const first = buttons[0];
  const last = buttons[buttons.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export function dialogButton(label: string, primary: boolean, onClick: () => void): HTMLElement {
  const className = primary
    ? 'stripe-emulator-dialog__button stripe-emulator-dialog__button--primary'
    : 'stripe-emulator-dialog__button';
  const node = el('button', className, label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}
