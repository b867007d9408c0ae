// The payment's intent: made once per choice (scope, method, amount) and reused for the same
// choice, so a retry or a second card pays the intent already made, with no second captcha. With
// a draft, the intent is kept in it: a reload, or Back and the step again, reuses it too, so one
// attempt never has two intents that could both be paid.
import { useRef } from 'react';
import type { PaymentMethodKind } from '../../api/contract/fees';
import { type DraftPayment } from '../../lib/flowDraft';
import { ownFlowDraft } from '../../lib/flowDraftWork';
import { keepDraftPayment } from '../../lib/draftOutcome';
import type { useCaptchaToken } from './useCaptchaToken';

/** What an intent is asked for. */
export interface IntentChoice {
  method: PaymentMethodKind;
  amountCents: number;
  captchaToken: string;
}

export function useIntent(options: {
  scope: string;
  captcha: ReturnType<typeof useCaptchaToken>;
  createIntent: (choice: IntentChoice) => Promise<string>;
  /** The profile whose draft keeps the intent (none: this page's memory only). */
  draftId?: string;
}) {
  const { scope, captcha, createIntent, draftId } = options;
  const inMemory = useRef<DraftPayment | null>(null);
  // A second click can land before a re-render: this guard sees the first at once.
  const creating = useRef(false);
  const fingerprintOf = (method: PaymentMethodKind, cents: number) =>
    JSON.stringify([scope, method, cents]);
  const last = (): DraftPayment | null =>
    (draftId ? ownFlowDraft(draftId)?.payment : undefined) ?? inMemory.current;
  const keep = (payment: DraftPayment) => {
    inMemory.current = payment;
    if (draftId) keepDraftPayment(draftId, payment);
  };

  return {
    /** True while an intent call is under way. */
    creating: () => creating.current,
    /** Whether an intent for this choice exists, or the captcha allows making one. */
    mayObtain: (method: PaymentMethodKind, cents: number) =>
      last()?.fingerprint === fingerprintOf(method, cents) || captcha.usable(),
    /** The client secret for this choice: the last intent's, or a new intent's. */
    obtain: async (method: PaymentMethodKind, cents: number): Promise<string> => {
      const fingerprint = fingerprintOf(method, cents);
      const known = last();
      if (known?.fingerprint === fingerprint) return known.clientSecret;
      creating.current = true;
      try {
        const clientSecret = await createIntent({
          method,
          amountCents: cents,
          captchaToken: captcha.take(),
        });
        keep({ fingerprint, clientSecret });
        return clientSecret;
      } catch (error) {
        captcha.renew();
        throw error;
      } finally {
        creating.current = false;
      }
    },
  };
}
