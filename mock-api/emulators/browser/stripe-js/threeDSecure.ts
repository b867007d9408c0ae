// The emulated 3-D Secure challenge: the page where the payer's bank asks them to confirm.
import { el } from '../dom';
import { dialogButton, openDialog, type DialogHandle } from './dialog';
import { formatAmount } from './money';
import type { PaymentIntent } from './types';

export type ChallengeOutcome = 'complete' | 'fail';

/** Resolves how the payer ended the challenge; Escape fails it. */
export function challenge(intent: PaymentIntent): Promise<ChallengeOutcome> {
  return new Promise((resolve) => {
    let done = false;
    const choose = (outcome: ChallengeOutcome) => {
      if (done) return;
      done = true;
      handle.close();
      resolve(outcome);
    };
    const handle: DialogHandle = openDialog(
      '3D Secure authentication',
      (dialog) => {
        const amount = formatAmount(intent.amount, intent.currency);
        dialog.appendChild(el('p', '', `Your bank asks you to confirm a payment of ${amount}.`));
        dialog.appendChild(
          el(
            'p',
            'stripe-emulator-dialog__note',
            'This is an emulated test page: choose how the authentication ends.',
          ),
        );
        const actions = el('div', 'stripe-emulator-dialog__actions');
        actions.appendChild(
          dialogButton('Complete authentication', true, () => choose('complete')),
        );
        actions.appendChild(dialogButton('Fail authentication', false, () => choose('fail')));
        dialog.appendChild(actions);
      },
      () => choose('fail'),
    );
  });
}
