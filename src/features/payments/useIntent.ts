// The payment's intent: made once per choice (scope, method, amount) and reused for the same
// choice, so a retry or a second card pays the intent already made, with no second captcha.
import { useRef } from 'react';
import type { PaymentMethodKind } from '../../api/contract/fees';
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
}) {
  const { scope, captcha, createIntent } = options;
  const last = useRef<{ fingerprint: string; clientSecret: string } | null>(null);
  // A second click can land before a re-render: this guard sees the first at once.
  const creating = useRef(false);
  const fingerprintOf = (method: PaymentMethodKind, cents: number) =>
    JSON.stringify([scope, method, cents]);

  return {
    /** True while an intent call is under way. */
    creating: () => creating.current,
    /** Whether an intent for this choice exists, or the captcha allows making one. */
    mayObtain: (method: PaymentMethodKind, cents: number) =>
      last.current?.fingerprint === fingerprintOf(method, cents) || captcha.usable(),
    /** The client secret for this choice: the last intent's, or a new intent's. */
    obtain: async (method: PaymentMethodKind, cents: number): Promise<string> => {
      const fingerprint = fingerprintOf(method, cents);
      if (last.current?.fingerprint === fingerprint) return last.current.clientSecret;
      creating.current = true;
      try {
        const clientSecret = await createIntent({
          method,
          amountCents: cents,
          captchaToken: captcha.take(),
        });
        last.current = { fingerprint, clientSecret };
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
